import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";

import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { CAUSE_FORM_FIELDS, CauseFormSchema, causeAltTextProblem, causeFormAmounts } from "../causes.schema.ts";
import { createCause, getCause, listCausesForAdmin, updateCause } from "../causes.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import type { Route } from "./+types/cause-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";
import { formatPence } from "../../../lib/money.ts";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Cause" : "Add a Cause"} | Millbrook Admin` }];

const NOT_FOUND = "That cause could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) {
    return { id: null, image: null, media: await mediaChoices(null), gifts: 0, values: formValues({ is_visible: true, raised: "0" }, CAUSE_FORM_FIELDS) };
  }
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0;
  const cause = await getCause(id).catch(() => null);
  if (!cause) throw await redirectWithToast("/admin/causes", { type: "error", message: NOT_FOUND });
  const gifts = (await listCausesForAdmin()).find((c) => c.id === cause.id)?.gifts ?? 0;
  return {
    id: cause.id,
    image: cause.image,
    media: await mediaChoices(cause.image),
    gifts,
    values: formValues({ ...cause, ...causeFormAmounts(cause), image_decorative: cause.image !== null && cause.image_alt === "" }, CAUSE_FORM_FIELDS),
  };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: CauseFormSchema,
    fields: CAUSE_FORM_FIELDS,
    folder: "causes",
    listPath: "/admin/causes",
    texts: {
      created: "Cause added",
      updated: "Cause updated",
      createFailed: "Failed to add the cause",
      updateFailed: "Failed to update the cause",
      loadFailed: NOT_FOUND,
    },
    check: async (input, image, id) => {
      const existing = id === null ? null : ((await getCause(id))?.image ?? null);
      const problem = causeAltTextProblem(input, image.uploading || (!image.removing && existing !== null));
      return problem ? { image_alt: problem } : null;
    },
    create: ({ image_decorative: _, ...input }, image, actor) => createCause({ ...input, image }, actor),
    update: (id, { image_decorative: _, ...input }, image, actor) => updateCause(id, { ...input, image }, actor),
  });

export default function CauseForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: CauseFormSchema,
    initial: loaderData.values,
    draftKey: `draft:cause:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit cause" : "Add a cause"}
      backTo="/admin/causes"
      backLabel="Back to Causes"
      viewOnSite={editing ? "/causes" : undefined}
      submitLabel={editing ? "Update Cause" : "Add Cause"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="cause" id={loaderData.id} />}
      <TextField label="Title" maxLength={100} autoComplete="off" className="md:col-span-2" {...form.bind("title")} />
      <TextAreaField label="Text" hint="A sentence or two: what the money is for." rows={4} maxLength={600} className="md:col-span-2" {...form.bind("description")} />
      <TextField label="Goal (£)" inputMode="decimal" maxLength={16} hint="Pounds and pence, for example 1250.50." {...form.bind("goal")} />
      <TextField
        label="Raised off the site (£)"
        inputMode="decimal"
        maxLength={16}
        hint={`Money raised at events and in cash, in pounds and pence. Gifts given online to this cause are added: ${formatPence(loaderData.gifts)} so far.`}
        {...form.bind("raised")}
      />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Image" />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this cause without deleting it." />
    </ContentFormFrame>
  );
}
