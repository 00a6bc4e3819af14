/**
 * The cause form, shared by the server action and the browser's inline checks. Goal and
 * the amount raised off the site are typed in pounds and pence and kept in pence; gifts
 * given online to the cause are added to the raised figure when the page is shown. An image needs alt text unless
 * staff mark it decorative.
 */
import { z } from "zod";
import { penceAsPounds, readAmount } from "../../lib/money.ts";
import { checkbox, requiredText, tooLong } from "../../domain/listings/listing-fields.schema.ts";

const ALT_TEXT_REQUIRED = "Describe the image for people who cannot see it, or mark it as decorative";
const MAX_PENCE = 1_000_000_000; // £10,000,000

/** An amount typed in pounds and pence ("£1,250.50", "1250.5"), as pence. */
const pence = (label: string, minPence: number) =>
  z.string().transform((v, ctx) => {
    const read = readAmount(v, { label, minPence, maxPence: MAX_PENCE });
    if (read.ok) return read.pence;
    ctx.addIssue({ code: "custom", message: read.error });
    return z.NEVER;
  });

export const CauseFormSchema = z
  .object({
    title: requiredText(3, "Title must be at least 3 characters", 100),
    description: requiredText(10, "Text must be at least 10 characters", 600),
    goal: pence("Goal", 100),
    raised: pence("Raised off the site", 0),
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    is_visible: checkbox,
  })
  .transform(({ goal, raised, ...form }) => ({ ...form, goal_pence: goal, raised_pence: raised, image_alt: form.image_decorative ? "" : form.image_alt }));

export type CauseFormData = z.output<typeof CauseFormSchema>;
export const CAUSE_FORM_FIELDS = ["title", "description", "goal", "raised", "image_alt", "image_decorative", "is_visible"] as const;

/** Alt text is needed when the cause will have an image that is not marked decorative. */
export function causeAltTextProblem(form: Pick<CauseFormData, "image_alt" | "image_decorative">, hasImage: boolean): string | null {
  return hasImage && !form.image_decorative && form.image_alt === "" ? ALT_TEXT_REQUIRED : null;
}

/** A cause's amounts as the form shows them: pounds and pence ("1250.50"). */
export const causeFormAmounts = (row: { goal_pence: number; raised_pence: number }) => ({ goal: penceAsPounds(row.goal_pence), raised: penceAsPounds(row.raised_pence) });
