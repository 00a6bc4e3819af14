/** Adding or editing a sponsor: name, web address, logo from the media library, shown or hidden. */
import { HistoryLink } from "../../../components/admin/history-link.tsx";
import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { TextField } from "../../../components/ui/fields.tsx";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { SPONSOR_FORM_FIELDS, SponsorFormSchema, altTextProblem } from "../sponsors.schema.ts";
import { createSponsor, getSponsor, updateSponsor } from "../sponsors.server.ts";
import type { Route } from "./+types/sponsor-form";

/** Takes a logo upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Sponsor" : "Add a Sponsor"} | Millbrook Admin` }];

const NOT_FOUND = "That sponsor could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) {
    return { id: null, image: null, media: await mediaChoices(null), values: formValues({ is_visible: true }, SPONSOR_FORM_FIELDS) };
  }
  const sponsor = /^\d{1,10}$/.test(params.id) ? await getSponsor(Number(params.id)).catch(() => null) : null;
  if (!sponsor) throw await redirectWithToast("/admin/sponsors", { type: "error", message: NOT_FOUND });
  return {
    id: sponsor.id,
    image: sponsor.image,
    media: await mediaChoices(sponsor.image),
    values: formValues({ ...sponsor, image_decorative: sponsor.image !== null && sponsor.image_alt === "" }, SPONSOR_FORM_FIELDS),
  };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: SponsorFormSchema,
    fields: SPONSOR_FORM_FIELDS,
    folder: "sponsors",
    listPath: "/admin/sponsors",
    texts: {
      created: "Sponsor added",
      updated: "Sponsor updated",
      createFailed: "Failed to add the sponsor",
      updateFailed: "Failed to update the sponsor",
      loadFailed: NOT_FOUND,
    },
    check: async (input, image, id) => {
      const existing = id === null ? null : ((await getSponsor(id))?.image ?? null);
      const problem = altTextProblem(input, image.uploading || (!image.removing && existing !== null));
      return problem ? { image_alt: problem } : null;
    },
    create: ({ image_decorative: _, ...input }, image, actor) => createSponsor({ ...input, image }, actor),
    update: (id, { image_decorative: _, ...input }, image, actor) => updateSponsor(id, { ...input, image }, actor),
  });

export default function SponsorForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: SponsorFormSchema,
    initial: loaderData.values,
    draftKey: `draft:sponsor:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit sponsor" : "Add a sponsor"}
      backTo="/admin/sponsors"
      backLabel="Back to Sponsors"
      submitLabel={editing ? "Update Sponsor" : "Add Sponsor"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="sponsor" id={loaderData.id} />}
      <TextField label="Name" maxLength={120} autoComplete="off" {...form.bind("name")} />
      <TextField label="Website" hint="The full address, starting with https://" type="url" maxLength={500} autoComplete="off" {...form.bind("url")} />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Logo" />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this sponsor from the About page without deleting it." />
    </ContentFormFrame>
  );
}
