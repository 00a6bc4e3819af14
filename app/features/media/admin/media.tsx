/**
 * The media library: every image and PDF staff have uploaded, newest first, with search,
 * and an upload of several files at once (plain multipart form, works without
 * JavaScript). One file uploaded opens its page, where staff describe it and set its
 * focal point; several go back to the grid, where the ones still needing alt text say so.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { buttonClasses } from "../../../components/ui/button.ts";
import { FieldError } from "../../../components/ui/fields.tsx";
import { uploadedImageSrcSet } from "../../../components/ui/responsive-image.ts";
import { focalPosition, mediaAltProblem } from "../media.schema.ts";
import { listMedia, MediaRejectedError, uploadMedia } from "../media.server.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { refusedForm } from "../../../lib/form-submission.ts";
import { IMAGE_TYPES, PDF_TYPE } from "../../../storage/file-types.ts";
import { readFormWithFiles } from "../../../storage/upload.server.ts";
import type { Route } from "./+types/media";

export const handle: BodyLimitHandle & MenuHandle = {
  bodyLimit: BODY_LIMITS.mediaUpload,
  menu: { group: "Pages and news", label: "Media library", order: 15 },
};

export const meta = () => [{ title: "Media library | Millbrook Admin" }];

const LIST = "/admin/media";
const KIND_FILTERS = { "": "Everything", image: "Images", pdf: "PDFs" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const kind = params.get("kind") === "image" || params.get("kind") === "pdf" ? (params.get("kind") as "image" | "pdf") : undefined;
  const items = await listMedia({ q, kind, limit: 120 });
  return {
    q,
    kind: kind ?? "",
    items: items.map((m) => ({
      id: m.id,
      kind: m.kind,
      url: m.url,
      filename: m.filename,
      alt: m.alt,
      decorative: m.decorative,
      needsAlt: mediaAltProblem(m) !== null,
      focal: focalPosition(m.focal_x, m.focal_y),
    })),
  };
}

/**
 * A refused upload answers Conform's reply (docs/decisions/287) with its messages on the
 * file field. The upload has its own reader (streamed within the upload limits), so the
 * reply is `refusedForm`: a file field has no value to show again.
 */
const refuse = (messages: string[]) => data(refusedForm({ files: messages.join(" ") }), { status: 400 });

export async function action(args: Route.ActionArgs) {
  const read = await readFormWithFiles(args.request, "files");
  if (!read.ok) return refuse([read.error]);
  if (read.files.length === 0) return refuse(["Choose one or more images or PDFs to upload."]);
  const actor = currentActor(args);
  const added: number[] = [];
  const errors: string[] = [];
  for (const file of read.files) {
    try {
      added.push((await uploadMedia(file, actor)).id);
    } catch (error) {
      if (!(error instanceof MediaRejectedError)) throw error;
      errors.push(`${file.filename || "A file"}: ${error.message}`);
    }
  }
  if (errors.length > 0) {
    return refuse(added.length > 0 ? [...errors, `The other ${added.length === 1 ? "file was" : `${added.length} files were`} added.`] : errors);
  }
  if (added.length === 1) {
    return redirectWithToast(`${LIST}/${added[0]}`, { type: "success", message: "Uploaded. Describe it and set its focal point." });
  }
  return redirectWithToast(LIST, { type: "success", message: `${added.length} files added to the library` });
}

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { items, q, kind } = loaderData;
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const uploadError = actionData?.error?.files?.[0];
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-900">Media library</h1>
        <p className="mt-1 text-slate-600">Images and PDFs uploaded once and used anywhere on the website.</p>
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-[1fr_auto] lg:items-start">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="min-w-48 flex-1">
            <label htmlFor="q" className="block text-sm font-semibold text-ink">
              Search
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={200}
              placeholder="File name or description"
              className="mt-1 block w-full rounded-xl border border-slate-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="kind" className="block text-sm font-semibold text-ink">
              Show
            </label>
            <select id="kind" name="kind" defaultValue={kind} className="mt-1 block rounded-xl border border-slate-400 bg-white px-3 py-2">
              {Object.entries(KIND_FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClasses("secondary", "sm", "py-2.5")}>
            Search
          </button>
          {(q || kind) && (
            <Link to={LIST} className={buttonClasses("ghost", "sm", "py-2.5")}>
              Clear
            </Link>
          )}
        </Form>

        <Form method="post" encType="multipart/form-data" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:w-96">
          <label htmlFor="files" className="block text-sm font-semibold text-ink">
            Upload images or PDFs
          </label>
          <p id="files-hint" className="mt-0.5 text-sm text-slate-600">
            JPEG, PNG, WebP, GIF or PDF; up to ten files, 10 MB each.
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <input
              id="files"
              name="files"
              type="file"
              multiple
              required
              accept={[...IMAGE_TYPES, PDF_TYPE].join(",")}
              aria-describedby={uploadError ? "files-hint files-error" : "files-hint"}
              aria-invalid={uploadError ? true : undefined}
              className="w-full min-w-0 text-sm sm:w-auto sm:flex-1 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
            />
            <button type="submit" disabled={uploading} className={buttonClasses("primary", "sm")}>
              {uploading ? "Uploading..." : "Upload"}
            </button>
          </div>
          <FieldError id="files" error={uploadError} />
        </Form>
      </div>

      {items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">{q || kind ? "Nothing matches that search" : "The library is empty"}</h2>
          <p className="mt-1 text-slate-600">{q || kind ? "Try other words, or clear the search." : "Upload the first images above."}</p>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Media items" data-testid="media-grid">
          {items.map((item) => (
            <li key={item.id} className="group relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-3 focus-within:ring-sun-500 hover:shadow-md" data-testid="media-item" data-filename={item.filename}>
              {item.kind === "image" ? (
                <img
                  src={item.url}
                  srcSet={uploadedImageSrcSet(item.url)}
                  sizes="(min-width: 1024px) 220px, 45vw"
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full bg-brand-50 object-cover"
                  style={item.focal ? { objectPosition: item.focal } : undefined}
                />
              ) : (
                <div className="flex aspect-square w-full flex-col items-center justify-center gap-1 bg-slate-100 text-slate-700" aria-hidden="true">
                  <span className="rounded-md bg-red-700 px-2 py-1 text-sm font-bold text-white">PDF</span>
                </div>
              )}
              <div className="p-3">
                <Link to={`${LIST}/${item.id}`} className="block truncate text-sm font-semibold text-ink after:absolute after:inset-0 focus:outline-none">
                  {item.filename || (item.kind === "pdf" ? "PDF document" : "Image")}
                </Link>
                <p className="mt-0.5 line-clamp-2 text-xs text-slate-600">
                  {item.kind === "pdf" ? "PDF document" : item.decorative ? "Decorative: screen readers skip it" : item.alt}
                </p>
                {item.needsAlt && (
                  <p className="mt-1 inline-block rounded-full bg-sun-100 px-2 py-0.5 text-xs font-semibold text-ink">Needs alt text</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
