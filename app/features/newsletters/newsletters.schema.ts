/**
 * The newsletter form and the audience choice (browser-safe): what staff write and whom
 * it goes to. The body is HTML from the rich-text editor (or typed into its plain field);
 * the server sanitises it as it does a news post's body.
 */
import { z } from "zod";
import type { Audience } from "./audience.ts";

const BODY_MAX = 100_000;

export const NewsletterFormSchema = z.object({
  subject: z.string().trim().min(3, "Write a subject of at least 3 characters").max(150, "Keep the subject under 150 characters"),
  preview_text: z.string().trim().max(200, "Keep the preview text under 200 characters").default(""),
  body: z
    .string()
    .max(BODY_MAX, `The newsletter is too long (at most ${BODY_MAX.toLocaleString("en-GB")} characters of HTML)`)
    .refine((v) => v.replace(/<[^>]*>/g, "").trim().length > 0 || /<img\b/i.test(v), "Write the newsletter"),
});

export type NewsletterFormData = z.output<typeof NewsletterFormSchema>;

/** The audience as the form posts it: a kind, and the event for "booked a given event". */
export function readAudience(kind: unknown, eventId: unknown): Audience | null {
  switch (kind) {
    case "all":
    case "given-12m":
    case "monthly":
    case "volunteers":
      return { kind };
    case "booked-event": {
      const id = Number(eventId);
      return Number.isInteger(id) && id > 0 ? { kind, eventId: id } : null;
    }
    default:
      return null;
  }
}
