/**
 * The cause form, shared by the server action and the browser's inline checks. Goal and
 * the amount raised off the site are whole pounds; gifts given online to the cause are
 * added to the raised figure when the page is shown. An image needs alt text unless
 * staff mark it decorative.
 */
import { z } from "zod";
import { checkbox, requiredText, tooLong } from "../listings/listing-fields.schema.ts";

const ALT_TEXT_REQUIRED = "Describe the image for people who cannot see it, or mark it as decorative";
const MAX_POUNDS = 10_000_000;

const pounds = (label: string, min: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => v === "" || /^\d{1,8}$/.test(v.replace(/^£/, "").replaceAll(",", "")), `${label} must be a whole number of pounds`)
    .transform((v) => Number(v.replace(/^£/, "").replaceAll(",", "")))
    .refine((n) => Number.isNaN(n) || (n >= min && n <= MAX_POUNDS), `${label} must be between £${min} and £${MAX_POUNDS.toLocaleString("en-GB")}`);

export const CauseFormSchema = z
  .object({
    title: requiredText(3, "Title must be at least 3 characters", 100),
    description: requiredText(10, "Text must be at least 10 characters", 600),
    goal: pounds("Goal", 1),
    raised: pounds("Raised off the site", 0),
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    is_visible: checkbox,
  })
  .transform((form) => ({ ...form, image_alt: form.image_decorative ? "" : form.image_alt }));

export type CauseFormData = z.output<typeof CauseFormSchema>;
export const CAUSE_FORM_FIELDS = ["title", "description", "goal", "raised", "image_alt", "image_decorative", "is_visible"] as const;

/** Alt text is needed when the cause will have an image that is not marked decorative. */
export function causeAltTextProblem(form: Pick<CauseFormData, "image_alt" | "image_decorative">, hasImage: boolean): string | null {
  return hasImage && !form.image_decorative && form.image_alt === "" ? ALT_TEXT_REQUIRED : null;
}
