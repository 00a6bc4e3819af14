/**
 * Date, time and money formatting for the public pages. Dates are formatted by hand, not
 * with Intl, so the server and every browser produce exactly the same text (no
 * hydration differences between ICU versions). Instants (UK time) are read and written by
 * app/lib/uk-time.ts.
 */
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function utc(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Saturday 13 March 2027" from "2027-03-13". */
export function formatLongDate(date: string): string {
  const d = utc(date);
  return d ? `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : date;
}

/** "13 Mar 2027". */
export function formatShortDate(date: string): string {
  const d = utc(date);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()].slice(0, 3)} ${d.getUTCFullYear()}` : date;
}

/** { day: "13", month: "Mar" } for date badges. */
export function dateBadge(date: string): { day: string; month: string } {
  const d = utc(date);
  return d ? { day: String(d.getUTCDate()), month: MONTHS[d.getUTCMonth()].slice(0, 3) } : { day: "", month: "" };
}

/** "7pm" / "7:30pm" from "19:00" / "19:30". */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  const m = match[2];
  const suffix = h >= 12 ? "pm" : "am";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return m === "00" ? `${hour12}${suffix}` : `${hour12}:${m}${suffix}`;
}

/** Splits long text into paragraphs on blank lines (rendered as text, never as HTML). */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
