/** Date, time and money formatting for the public pages (same output on server and browser). */
const longDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const shortDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

function utc(date: string): Date | null {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Saturday 13 March 2027" from "2027-03-13". */
export function formatLongDate(date: string): string {
  const d = utc(date);
  return d ? longDate.format(d) : date;
}

/** "13 Mar 2027". */
export function formatShortDate(date: string): string {
  const d = utc(date);
  return d ? shortDate.format(d) : date;
}

/** { day: "13", month: "Mar" } for date badges. */
export function dateBadge(date: string): { day: string; month: string } {
  const d = utc(date);
  if (!d) return { day: "", month: "" };
  const [day, month] = dayMonth.format(d).split(" ");
  return { day: day ?? "", month: month ?? "" };
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

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
/** "£2,150". */
export function formatMoney(amount: number): string {
  return pounds.format(amount);
}

/** Percentage for a progress bar, capped at 100. */
export function progressPercent(raised: number, goal: number): number {
  if (!(goal > 0) || !(raised > 0)) return 0;
  return Math.min(100, Math.round((raised / goal) * 100));
}

/** Splits long text into paragraphs on blank lines (rendered as text, never as HTML). */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
