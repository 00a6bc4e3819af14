import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { TRUSTEE_FORM_FIELDS, TrusteeFormSchema, altTextProblem } from "../trustees.schema.ts";
import { createTrustee, getTrustee, updateTrustee } from "../trustees.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import type { Route } from "./+types/trustee-form";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Trustee" : "Add a Trustee"} | Millbrook Admin` }];

const NOT_FOUND = "That trustee could not be found. They may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) {
    return { id: null, image: null, media: await mediaChoices(null), values: formValues({ is_visible: true }, TRUSTEE_FORM_FIELDS) };
  }
  const trustee = /^\d{1,10}$/.test(params.id) ? await getTrustee(Number(params.id)).catch(() => null) : null;
  if (!trustee) throw await redirectWithToast("/admin/trustees", { type: "error", message: NOT_FOUND });
  return {
    id: trustee.id,
    image: trustee.image,
    media: await mediaChoices(trustee.image),
    values: formValues({ ...trustee, image_decorative: trustee.image !== null && trustee.image_alt === "" }, TRUSTEE_FORM_FIELDS),
  };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: TrusteeFormSchema,
    fields: TRUSTEE_FORM_FIELDS,
    folder: "trustees",
    listPath: "/admin/trustees",
    texts: {
      created: "Trustee added",
      updated: "Trustee updated",
      createFailed: "Failed to add the trustee",
      updateFailed: "Failed to update the trustee",
      loadFailed: NOT_FOUND,
    },
    check: async (input, image, id) => {
      const existing = id === null ? null : ((await getTrustee(id))?.image ?? null);
      const problem = altTextProblem(input, image.uploading || (!image.removing && existing !== null));
      return problem ? { image_alt: problem } : null;
    },
    create: ({ image_decorative: _, ...input }, image, actor) => createTrustee({ ...input, image }, actor),
    update: (id, { image_decorative: _, ...input }, image, actor) => updateTrustee(id, { ...input, image }, actor),
  });

export default function TrusteeForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: TrusteeFormSchema,
    initial: loaderData.values,
    draftKey: `draft:trustee:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit trustee" : "Add a trustee"}
      backTo="/admin/trustees"
      backLabel="Back to Trustees"
      submitLabel={editing ? "Update Trustee" : "Add Trustee"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="trustee" id={loaderData.id} />}
      <TextField label="Name" maxLength={120} autoComplete="off" {...form.bind("name")} />
      <TextField label="Role" hint='For example "Chair" or "Treasurer".' maxLength={80} {...form.bind("role")} />
      <TextAreaField label="Bio" hint="Two or three sentences: who they are and what they bring." rows={4} maxLength={1500} className="md:col-span-2" {...form.bind("bio")} />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Photo" />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this trustee from the Trustees page without deleting them." />
    </ContentFormFrame>
  );
}
