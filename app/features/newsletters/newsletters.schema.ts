/**
 * The newsletter form and the audience choice (browser-safe): what staff write and whom
 * it goes to. The body is HTML from the rich-text editor (or typed into its plain field);
 * the server sanitises it as it does a news post's body.
 */
import { z } from "zod";
import type { Audience } from "./audience.ts";
import { ukInstantFromInput } from "../../lib/uk-time.ts";

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
export const NEWSLETTER_FIELDS = ["subject", "preview_text", "body"] as const;

export const AUDIENCE_MISSING = "Choose who gets it (and the event, for people who booked one). Nothing was sent.";
export const SEND_AT_NOT_FUTURE = "Choose a date and time in the future to send it. Nothing was sent.";
export const NOBODY_TO_SEND_TO = "Nobody subscribed is in that group, so there is no one to send it to. Nothing was sent.";
export const NEWSLETTER_SEND_FIELDS = ["audience", "event", "when", "send_at"] as const;

/**
 * The send form: whom (the audience and, for one event's bookers, the event) and when (now,
 * or a UK time at least a minute ahead of `now`). Its refusals are the form's own message.
 */
export const newsletterSendSchema = (now: Date) =>
  z.object({ audience: z.string(), event: z.string(), when: z.string(), send_at: z.string() }).transform((form, ctx) => {
    const audience = readAudience(form.audience, form.event);
    if (!audience) {
      ctx.addIssue({ code: "custom", message: AUDIENCE_MISSING });
      return z.NEVER;
    }
    if (form.when !== "later") return { audience, when: { when: "now" as const } };
    const at = ukInstantFromInput(form.send_at);
    if (!at || at.getTime() < now.getTime() + 60_000) {
      ctx.addIssue({ code: "custom", message: SEND_AT_NOT_FUTURE });
      return z.NEVER;
    }
    return { audience, when: { when: "later" as const, at } };
  });

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
