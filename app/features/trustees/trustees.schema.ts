/**
 * The trustee form, shared by the server action and the browser's inline checks.
 * A photo needs alt text (what it shows, for people who cannot see it) unless staff
 * mark it decorative.
 */
import { z } from "zod";
import { checkbox, requiredText, tooLong } from "../../domain/listings/listing-fields.schema.ts";

const ALT_TEXT_REQUIRED = "Describe the photo for people who cannot see it, or mark it as decorative";

export const TrusteeFormSchema = z
  .object({
    name: requiredText(2, "Name is required", 120),
    role: requiredText(2, "Role is required", 80),
    bio: requiredText(10, "Bio must be at least 10 characters", 1500),
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    is_visible: checkbox,
  })
  .transform((form) => ({ ...form, image_alt: form.image_decorative ? "" : form.image_alt }));

export type TrusteeFormData = z.output<typeof TrusteeFormSchema>;
export const TRUSTEE_FORM_FIELDS = ["name", "role", "bio", "image_alt", "image_decorative", "is_visible"] as const;

/** Alt text is needed when the trustee will have a photo that is not marked decorative. */
export function altTextProblem(form: Pick<TrusteeFormData, "image_alt" | "image_decorative">, hasImage: boolean): string | null {
  return hasImage && !form.image_decorative && form.image_alt === "" ? ALT_TEXT_REQUIRED : null;
}
