/** Words and dates of the newsletter screens (browser-safe). */
import type { NewsletterStatus } from "../table.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

export const londonWhen = (at: Date | string) =>
  formatUk(at, "date-time");
