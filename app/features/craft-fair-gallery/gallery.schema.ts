/** The craft fair gallery image form, shared by the server action and the browser's inline checks. */
import { z } from "zod";
import { checkbox, tooLong } from "../../domain/listings/listing-fields.schema.ts";

export const GalleryImageFormSchema = z
  .object({
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    is_visible: checkbox,
  })
  .transform((form) => ({ ...form, image_alt: form.image_decorative ? "" : form.image_alt }));

export type GalleryImageFormData = z.output<typeof GalleryImageFormSchema>;
export const GALLERY_IMAGE_FORM_FIELDS = ["image_alt", "image_decorative", "is_visible"] as const;

/** What is missing: the image itself, or its description unless it is marked decorative. */
export function galleryImageProblems(form: GalleryImageFormData, hasImage: boolean): Record<string, string> | null {
  if (!hasImage) return { image: "Choose an image for the gallery" };
  if (!form.image_decorative && form.image_alt === "") return { image_alt: "Describe the image for people who cannot see it, or mark it as decorative" };
  return null;
}
