/**
 * Deadlines in calendar dates of Europe/London (browser-safe): a complaint received at
 * 00:30 on a summer night in London was received that day, not the day before in UTC.
 * Dates are ISO strings ("2026-10-25"); arithmetic is done on them at UTC noon, so no
 * clock change can move a day.
 */
import { ukDate } from "../../lib/uk-time.ts";

function parts(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a date: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** `day` plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const at = new Date(Date.UTC(y, m - 1, d + n, 12));
  return iso(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/**
 * `day` plus `n` calendar months: the same day of the month, or the month's last day when
 * it has no such day (31 January + 1 month = 28 or 29 February), as the regulator counts
 * the one month of a request.
 */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const monthIndex = y * 12 + (m - 1) + n;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0, 12)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** A complaint's answer is due `days` days after the London date it was received. */
export function complaintDueOn(receivedAt: Date, days: number): string {
  return addDays(ukDate(receivedAt), days);
}

/** A request is answered within one calendar month of the day it was received. */
export function requestDueOn(receivedOn: string): string {
  return addMonths(receivedOn, 1);
}

/** The longest a request may take: two further months (three from the day it was received). */
export function requestExtendedTo(receivedOn: string): string {
  return addMonths(receivedOn, 3);
}

/** "Wednesday 25 November 2026". */
export function longDate(day: string): string {
  const [y, m, d] = parts(day);
  const found = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).formatToParts(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
  const part = (type: string) => found.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** "25 Nov 2026". */
export function shortDate(day: string): string {
  const [y, m, d] = parts(day);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

export type DueState = "done" | "overdue" | "due-soon" | "open";

/** How a deadline stands on `today`: overdue once the due date has passed, due soon in its last 7 days. */
export function dueState(dueOn: string, today: string, done: boolean): DueState {
  if (done) return "done";
  const left = daysBetween(today, dueOn);
  if (left < 0) return "overdue";
  if (left <= 7) return "due-soon";
  return "open";
}
