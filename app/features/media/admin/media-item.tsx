/**
 * One media library item: its alt text (or decorative), its focal point with the wide and
 * square crops it gives, where it is used, and Delete (refused while it is used, naming
 * where). Plain forms: everything works without JavaScript; the click on the picture is
 * the only part that needs it.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { FocalPointPicker } from "../../../components/admin/focal-point-picker.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { uploadedImageSrcSet } from "../../../components/ui/responsive-image.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { MEDIA_EDIT_FIELDS, MediaEditSchema } from "../media.schema.ts";
import { deleteMedia, getMedia, MEDIA_NOT_FOUND, mediaUsages, MediaRejectedError, updateMedia } from "../media.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/media-item";
import { formatUk } from "../../../lib/uk-time.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";

export const meta = () => [{ title: "Media item | Millbrook Admin" }];

const LIST = "/admin/media";

async function itemOrLeave(id: string) {
  const item = /^\d{1,10}$/.test(id) ? await getMedia(Number(id)) : null;
  if (!item) throw await redirectWithToast(LIST, { type: "error", message: MEDIA_NOT_FOUND });
  return item;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const item = await itemOrLeave(params.id);
  const usages = await mediaUsages(item.url);
  const askDelete = new URL(request.url).searchParams.has("delete") && usages.length === 0;
  return {
    item: {
      id: item.id,
      kind: item.kind,
      url: item.url,
      filename: item.filename,
      width: item.width,
      height: item.height,
      byteSize: item.byte_size,
      createdAt: item.created_at.toISOString(),
    },
    values: formValues({ alt: item.alt, decorative: item.decorative, focal_x: String(item.focal_x), focal_y: String(item.focal_y) }, MEDIA_EDIT_FIELDS),
    usages: usages.map(({ label, href }) => ({ label, href })),
    deleteCandidate: askDelete ? { id: item.id, title: item.filename || "This file" } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const item = await itemOrLeave(args.params.id);
  const form = await args.request.formData();
  const actor = currentActor(args);
  if (form.get("intent") === "delete") {
    try {
      await deleteMedia(item.id, actor);
    } catch (error) {
      if (error instanceof MediaRejectedError) return data<IntentReply>({ intent: "delete", reply: refusedForm({ _form: error.message }) }, { status: 400 });
      throw error;
    }
    return redirectWithToast(LIST, { type: "success", message: "Deleted from the library" });
  }
  const submission = parseForm(form, MediaEditSchema, MEDIA_EDIT_FIELDS);
  if (submission.status !== "success") return data<IntentReply>({ intent: "save", reply: submission.reply() }, { status: 400 });
  try {
    await updateMedia(item.id, submission.value, actor);
  } catch (error) {
    if (error instanceof MediaRejectedError) return data<IntentReply>({ intent: "save", reply: submission.reply({ fieldErrors: { alt: [error.message] } }) }, { status: 400 });
    throw error;
  }
  return redirectWithToast(LIST, { type: "success", message: "Saved" });
}

const sizeText = (bytes: number | null) =>
  bytes === null ? null : bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function MediaItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, usages, deleteCandidate } = loaderData;
  // Two forms (docs/decisions/287): the description and focal point ("save"), and Delete ("delete").
  const save = replyFor(actionData, "save");
  const refusedDelete = replyFor(actionData, "delete").formError;
  const values =
    actionData?.intent === "save"
      ? { alt: save.value("alt") ?? "", decorative: save.value("decorative") ?? "", focal_x: save.value("focal_x") ?? "", focal_y: save.value("focal_y") ?? "" }
      : loaderData.values;
  const errors = save.errors;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const isImage = item.kind === "image";
  const facts = [
    item.width && item.height ? `${item.width} × ${item.height} px` : null,
    sizeText(item.byteSize),
    `added ${formatUk(item.createdAt, "date")}`,
  ].filter(Boolean);

  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <Link to={LIST} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> Back to the Media library
      </Link>
      <h1 className="mt-4 font-display text-3xl font-semibold break-words text-brand-900">{item.filename || (isImage ? "Image" : "PDF document")}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {facts.join(" · ")} ·{" "}
        <a href={item.url} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
          Open the file<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>

      {refusedDelete && (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
          {refusedDelete}
        </p>
      )}

      {isImage ? (
        <Form method="post" noValidate className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              name="alt"
              label="Description (alt text)"
              hint='What the picture shows, for people who cannot see it, e.g. "Volunteers with litter pickers by the river".'
              maxLength={200}
              defaultValue={values.alt}
              error={errors.alt}
              className="md:col-span-2"
            />
            <div className="flex items-start gap-3 md:col-span-2">
              <input type="checkbox" id="decorative" name="decorative" defaultChecked={values.decorative === "on"} aria-describedby="decorative-hint" className="mt-1 size-5 accent-brand-600" />
              <div>
                <label htmlFor="decorative" className="font-semibold text-ink">
                  The image is decorative
                </label>
                <p id="decorative-hint" className="text-sm text-slate-600">
                  It adds nothing a reader would miss, so screen readers skip it.
                </p>
              </div>
            </div>
          </div>
          <FocalPointPicker
            src={item.url}
            srcSet={uploadedImageSrcSet(item.url)}
            initial={{ x: values.focal_x, y: values.focal_y }}
            errors={{ x: errors.focal_x, y: errors.focal_y }}
          />
          <div className="flex justify-end gap-3">
            <Link to={LIST} className={buttonClasses("secondary", "md")}>
              Cancel
            </Link>
            <button type="submit" name="intent" value="save" disabled={saving} className={buttonClasses("primary", "md")}>
              {saving ? "Saving..." : "Save"}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">A PDF document: it has no alt text or focal point.</p>
      )}

      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="used-heading">
        <h2 id="used-heading" className="text-lg font-semibold text-ink">
          Where it is used
        </h2>
        {usages.length === 0 ? (
          <p className="mt-1 text-slate-600">Nowhere yet.</p>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="media-usages">
            {usages.map((u) => (
              <li key={`${u.href}:${u.label}`}>
                <Link to={u.href} className="text-brand-700 underline underline-offset-2">
                  {u.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 border-t border-slate-200 pt-4">
          {usages.length === 0 ? (
            <Link to="?delete" preventScrollReset className="inline-flex rounded-full border-2 border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
              Delete from the library
            </Link>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="delete" className="rounded-full border-2 border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                Delete from the library
              </button>
            </Form>
          )}
        </div>
      </section>
      {deleteCandidate && <DeleteDialog item={deleteCandidate} noun="file" cancelTo={`${LIST}/${item.id}`} />}
    </main>
  );
}
