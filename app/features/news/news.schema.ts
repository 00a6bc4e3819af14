/**
 * The news post form, shared by the server action and the browser's inline checks. The
 * body is HTML (the rich-text editor writes it into a plain field, which staff can also
 * fill without JavaScript); the server sanitises it. A cover needs alt text unless staff
 * mark it decorative. The publish time is UK local time; empty means "now" when the post
 * is published.
 */
import { z } from "zod";
import { checkbox, requiredText, tooLong } from "../../domain/listings/listing-fields.schema.ts";
import { SLUG_RE } from "./news.ts";
import { ukInstantFromInput } from "../../lib/uk-time.ts";

const ALT_TEXT_REQUIRED = "Describe the cover image for people who cannot see it, or mark it as decorative";
const BODY_MAX = 100_000;

export const NewsFormSchema = z
  .object({
    title: requiredText(3, "Title is required", 160),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(80, tooLong(80))
      .refine((v) => v === "" || SLUG_RE.test(v), "Use lower-case letters, numbers and hyphens only, e.g. summer-fair-2026"),
    summary: requiredText(10, "Summary must be at least 10 characters", 300),
    body: z
      .string()
      .max(BODY_MAX, tooLong(BODY_MAX))
      .refine((v) => v.replace(/<[^>]*>/g, "").trim().length > 0 || /<img\b/i.test(v), "Write the story"),
    author: requiredText(2, "Author is required", 80),
    image_alt: z.string().trim().max(200, tooLong(200)),
    image_decorative: checkbox,
    status: z.enum(["draft", "published"], { message: "Choose draft or published" }),
    publish_at: z
      .string()
      .trim()
      .refine((v) => v === "" || ukInstantFromInput(v) !== null, "Enter a valid date and time"),
  })
  .transform((form) => ({ ...form, image_alt: form.image_decorative ? "" : form.image_alt }));

export type NewsFormData = z.output<typeof NewsFormSchema>;
export const NEWS_FORM_FIELDS = ["title", "slug", "summary", "body", "author", "image_alt", "image_decorative", "status", "publish_at"] as const;

/** Alt text is needed when the post will have a cover that is not marked decorative. */
export function coverAltProblem(form: Pick<NewsFormData, "image_alt" | "image_decorative">, hasImage: boolean): string | null {
  return hasImage && !form.image_decorative && form.image_alt === "" ? ALT_TEXT_REQUIRED : null;
}
