/**
 * Shift rules shared by the server and the pages (browser-safe): when sign-up to a shift
 * closes (a set number of hours before it starts, the start read as Millbrook time,
 * Europe/London, GMT or BST), whether two shifts overlap, a shift's length, the dates of a
 * repeating shift, and the charity's financial year (1 April to 31 March).
 */
import { ukStartInstant } from "../../lib/uk-time.ts";

export interface ShiftTimes {
  date: string; // yyyy-MM-dd (Millbrook)
  start_time: string; // HH:mm
  end_time: string; // HH:mm
}

/** The instant a shift starts. */
export function shiftStart(shift: ShiftTimes): Date {
  return ukStartInstant(shift.date, shift.start_time);
}

/** The instant a shift ends. */
export function shiftEnd(shift: ShiftTimes): Date {
  return ukStartInstant(shift.date, shift.end_time);
}

/** When sign-up to a shift closes: `closeHours` before it starts. */
export function signupClosesAt(shift: ShiftTimes, closeHours: number): Date {
  return new Date(shiftStart(shift).getTime() - closeHours * 3_600_000);
}

export function signupOpen(shift: ShiftTimes, closeHours: number, now: Date = new Date()): boolean {
  return now.getTime() < signupClosesAt(shift, closeHours).getTime();
}

/** Two shifts overlap when they share a day and one starts before the other ends (end to start is fine). */
export function shiftsOverlap(a: ShiftTimes, b: ShiftTimes): boolean {
  return a.date === b.date && a.start_time < b.end_time && b.start_time < a.end_time;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}

/** A shift's length in minutes, as written (the hours a volunteer gives by default). */
export function shiftMinutes(shift: Pick<ShiftTimes, "start_time" | "end_time">): number {
  return Math.max(0, minutesOf(shift.end_time) - minutesOf(shift.start_time));
}

/** "3 hours", "2.5 hours", "1 hour". */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours.toLocaleString("en-GB", { maximumFractionDigits: 2 })} ${hours === 1 ? "hour" : "hours"}`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const MAX_REPEATS = 60;

/** The dates of a repeating shift from `first` to `last` (inclusive): every day or every week; at most 60. */
export function repeatDates(first: string, last: string, every: "day" | "week"): string[] {
  const step = every === "day" ? 1 : 7;
  const dates: string[] = [];
  for (let date = first; date <= last && dates.length < MAX_REPEATS; date = addDays(date, step)) dates.push(date);
  return dates;
}

/** The Monday of the week of `date`. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export { addDays };

/** The financial year (1 April to 31 March) that starts in April of `startYear`. */
export function financialYear(startYear: number): { from: string; to: string; label: string } {
  return { from: `${startYear}-04-01`, to: `${startYear + 1}-03-31`, label: `${startYear}/${String((startYear + 1) % 100).padStart(2, "0")}` };
}

/** The start year of the financial year that holds `date`. */
export function financialYearOf(date: string): number {
  const [y, m] = date.split("-").map(Number);
  return m >= 4 ? y : y - 1;
}

export type CheckState = "ok" | "missing" | "expired";

/** A volunteer's background check on the day of a shift: seen and not expired by then. */
export function checkState(check: { check_seen_on: string | null; check_expires_on: string | null } | null, onDate: string): CheckState {
  if (!check?.check_seen_on) return "missing";
  if (check.check_expires_on && check.check_expires_on < onDate) return "expired";
  return "ok";
}
