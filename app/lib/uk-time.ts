/**
 * UK local time (Europe/London: GMT in winter, BST in summer), the one module for it:
 * reading an instant as a Millbrook date and time, the local-to-UTC conversion, and the
 * formats staff and visitors read. Browser-safe. Month names are written here, not by
 * Intl, so every ICU version gives the same text ("Sep", never "Sept").
 *
 * The clocks go forward at 01:00 GMT on the last Sunday of March (01:00 to 01:59 local
 * does not exist that day) and back at 01:00 GMT on the last Sunday of October (01:00 to
 * 01:59 local happens twice).
 */
const ZONE = "Europe/London";
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads ICU's
 * zone data, and public pages evaluate this module at start whether or not they show a time.
 */
let parts: Intl.DateTimeFormat | undefined;
const PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
};

export interface UkParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The date and time the clocks in Millbrook show at `at`. */
export function ukParts(at: Date): UkParts {
  parts ??= new Intl.DateTimeFormat("en-GB", PARTS_OPTIONS);
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/** The Millbrook date at `at`: "2027-03-28" (yyyy-MM-dd). Today's date by default. */
export function ukDate(at: Date = new Date()): string {
  const p = ukParts(at);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** The value of a datetime-local field for `at`, in UK time: "2026-11-24T09:30". */
export function ukDateTimeInput(at: Date | string): string {
  const p = ukParts(new Date(at));
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * What to do with a local time the clocks skip (spring) or show twice (autumn):
 * - "compatible": a skipped time is read with the offset before the change (01:30 on the
 *   last Sunday of March is 02:30 BST); a repeated one is the first (BST) of the two;
 * - "reject": a skipped time is null; a repeated one is still the first of the two.
 */
export type Disambiguation = "compatible" | "reject";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a Millbrook date ("2027-03-28") and time ("19:30", "19:30:15") name, or null
 * when either is not a real date or time (or, with "reject", when the clocks skip it).
 */
export function ukInstant(date: string, time: string, disambiguation: Disambiguation = "compatible"): Date | null {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) return null;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? "0")];
  if (h > 23 || mi > 59 || s > 59) return null;
  const naive = Date.UTC(y, mo - 1, day, h, mi, s);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== day) return null;
  // London is UTC+1 or UTC+0: the earlier instant (BST) first, so a repeated time is the first one.
  for (const offsetHours of [1, 0]) {
    const at = new Date(naive - offsetHours * 3_600_000);
    const p = ukParts(at);
    if (p.year === y && p.month === mo && p.day === day && p.hour === h && p.minute === mi && p.second === s) return at;
  }
  // Skipped by the clocks going forward: read with the offset before the change (GMT).
  return disambiguation === "reject" ? null : new Date(naive);
}

/**
 * When something listed by a Millbrook date and a stored time starts (an event, a shift):
 * the time as a database keeps it ("19:30", "19:30:00", seconds ignored; empty is midnight).
 * Never null: an impossible date or time is an invalid Date, so every comparison with it is false.
 */
export function ukStartInstant(date: string, time: string): Date {
  return ukInstant(date, /^\d{1,2}:\d{2}/.exec(time)?.[0] ?? "00:00") ?? new Date(Number.NaN);
}

/** The instant of a datetime-local value in UK time ("2026-11-24T09:30"); null when it is not a real time. */
export function ukInstantFromInput(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return m ? ukInstant(m[1]!, m[2]!, "reject") : null;
}

/**
 * An instant as people in Millbrook read it:
 * - "date": "14 March 2027"; "short-date": "14 Mar 2027";
 * - "date-time": "14 Mar 2027, 09:30" (the admin area's times), with `seconds` "09:30:15";
 * - "weekday-time": "Sunday 14 March, 9:30" (offers that expire soon);
 * - "spreadsheet": "2027-03-14 09:30:15" (CSV cells); "numeric-date-time": "14/03/2027 09:30";
 *   "short-numeric-date": "14/03/27" (HMRC's schedule).
 */
export type UkFormat = "date" | "short-date" | "date-time" | "weekday-time" | "spreadsheet" | "numeric-date-time" | "short-numeric-date";

export function formatUk(at: Date | string, style: UkFormat, options: { seconds?: boolean } = {}): string {
  const when = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(when.getTime())) return String(at);
  const p = ukParts(when);
  const month = MONTHS[p.month - 1]!;
  if (style === "date") return `${p.day} ${month} ${p.year}`;
  if (style === "spreadsheet") return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
  if (style === "numeric-date-time") return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}`;
  if (style === "short-numeric-date") return `${two(p.day)}/${two(p.month)}/${two(p.year % 100)}`;
  if (style === "short-date") return `${p.day} ${month.slice(0, 3)} ${p.year}`;
  if (style === "weekday-time") {
    const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]!;
    return `${weekday} ${p.day} ${month}, ${p.hour}:${two(p.minute)}`;
  }
  return `${p.day} ${month.slice(0, 3)} ${p.year}, ${two(p.hour)}:${two(p.minute)}${options.seconds ? `:${two(p.second)}` : ""}`;
}
