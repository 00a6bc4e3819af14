/** Words and dates of the newsletter screens (browser-safe). */
import type { NewsletterStatus } from "../table.ts";

export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

