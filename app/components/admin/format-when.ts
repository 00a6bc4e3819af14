import { formatUkDateTime } from "../site/format.ts";

/** A date and time in the foundation's time zone, e.g. "3 Mar 2026, 14:05". */
export function formatWhen(iso: string) {
  return formatUkDateTime(iso);
}
