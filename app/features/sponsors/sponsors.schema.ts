/**
 * The sponsor form, shared by the server action and the browser's inline checks. A logo
 * needs alt text (usually the sponsor's name) unless staff mark it decorative.
 */
import { z } from "zod";
import { checkbox, requiredText, tooLong, webAddress } from "../../domain/listings/listing-fields.schema.ts";

const ALT_TEXT_REQUIRED = "Describe the logo for people who cannot see it (usually the sponsor's name), or mark it as decorative";

export const SponsorFormSchema = z
  .object({
    name: requiredText(2, "Name is required", 120),
    url: webAddress("Enter the sponsor's full web address, starting with https://"),
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    is_visible: checkbox,
  })
  .transform((form) => ({ ...form, image_alt: form.image_decorative ? "" : form.image_alt }));

export type SponsorFormData = z.output<typeof SponsorFormSchema>;
export const SPONSOR_FORM_FIELDS = ["name", "url", "image_alt", "image_decorative", "is_visible"] as const;

/** Alt text is needed when the sponsor will have a logo that is not marked decorative. */
export function altTextProblem(form: Pick<SponsorFormData, "image_alt" | "image_decorative">, hasImage: boolean): string | null {
  return hasImage && !form.image_decorative && form.image_alt === "" ? ALT_TEXT_REQUIRED : null;
}
