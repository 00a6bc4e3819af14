import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { GALLERY_IMAGE_FORM_FIELDS, GalleryImageFormSchema, galleryImageProblems } from "../gallery.schema.ts";
import { createGalleryImage, getGalleryImage, updateGalleryImage } from "../gallery.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import type { Route } from "./+types/gallery-image-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Gallery Image" : "Add a Gallery Image"} | Millbrook Admin` }];

const LIST = "/admin/craft-fair-gallery";
const NOT_FOUND = "That image could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, image: null, media: await mediaChoices(null), values: formValues({ is_visible: true }, GALLERY_IMAGE_FORM_FIELDS) };
  const row = /^\d{1,10}$/.test(params.id) ? await getGalleryImage(Number(params.id)).catch(() => null) : null;
  if (!row) throw await redirectWithToast(LIST, { type: "error", message: NOT_FOUND });
  return { id: row.id, image: row.image, media: await mediaChoices(row.image), values: formValues({ ...row, image_decorative: row.image_alt === "" }, GALLERY_IMAGE_FORM_FIELDS) };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: GalleryImageFormSchema,
    fields: GALLERY_IMAGE_FORM_FIELDS,
    folder: "craft-fair-gallery",
    listPath: LIST,
    texts: { created: "Image added", updated: "Image updated", createFailed: "Failed to add the image", updateFailed: "Failed to update the image", loadFailed: NOT_FOUND },
    // Every gallery entry is an image: uploading one is required when adding, and it cannot be removed (delete the entry instead).
    check: async (input, image, id) => galleryImageProblems(input, image.uploading || (id !== null && (await getGalleryImage(id)) !== null)),
    create: ({ image_decorative: _, ...input }, image, actor) => createGalleryImage({ ...input, image: image! }, actor),
    update: (id, { image_decorative: _, ...input }, image, actor) => updateGalleryImage(id, { ...input, image: image ?? undefined }, actor),
  });

export default function GalleryImageForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: GalleryImageFormSchema,
    initial: loaderData.values,
    draftKey: `draft:gallery-image:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit gallery image" : "Add a gallery image"}
      backTo={LIST}
      backLabel="Back to Craft fair gallery"
      submitLabel={editing ? "Update Image" : "Add Image"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="gallery-image" id={loaderData.id} />}
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Image" />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this image without deleting it." />
    </ContentFormFrame>
  );
}
