/** Words and dates of the newsletter screens (browser-safe). */
import type { NewsletterStatus } from "../table.ts";

export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

export const londonWhen = (at: Date | string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(at));
