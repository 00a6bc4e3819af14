/**
 * The dates of a series, worked out on calendar dates (yyyy-MM-dd, Millbrook dates): each
 * date's time is the series' wall-clock time in Europe/London, so a weekly 10am stays at
 * 10am across the clock changes, and each date's sales cut-off (salesCloseAt) follows
 * from its own date and time. Browser-safe (the form shows the dates before saving).
 */
export const SERIES_FREQUENCY_LABELS = { weekly: "Every week", fortnightly: "Every two weeks", monthly: "Every month" } as const;
export type Frequency = keyof typeof SERIES_FREQUENCY_LABELS;

/** The most dates one series makes (two years of weeks). */
export const MAX_SERIES_DATES = 104;

export interface SeriesRule {
  /** The first date. */
  start: string;
  frequency: Frequency;
  /** Monthly: the nth weekday of the month (1 to 4, or -1 for the last); the weekday is the first date's. Unset: the first date's own. */
  monthWeek?: number | null;
  /** The last date a date may fall on, or how many dates (exactly one of the two). */
  until?: string | null;
  count?: number | null;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ORDINALS: Record<string, string> = { "1": "first", "2": "second", "3": "third", "4": "fourth", "-1": "last" };

function toDay(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}
function fromDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
function weekday(date: string): number {
  return new Date(toDay(date)).getUTCDay();
}

/** Which of its month's weekdays a date is: 1 to 5. */
export function weekOfMonth(date: string): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}
/** The nth (or last, n = -1) given weekday of a month, or null (no fifth Monday). */
function nthWeekday(year: number, month: number, day: number, n: number): string | null {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    const back = (last.getUTCDay() - day + 7) % 7;
    return fromDay(last.getTime() - back * DAY_MS);
  }
  const first = new Date(Date.UTC(year, month, 1));
  const ahead = (day - first.getUTCDay() + 7) % 7;
  const date = new Date(Date.UTC(year, month, 1 + ahead + (n - 1) * 7));
  return date.getUTCMonth() === month ? fromDay(date.getTime()) : null;
}

/** Every date of a series, in order (at most MAX_SERIES_DATES). */
export function seriesDates(rule: SeriesRule): string[] {
  const limit = Math.min(rule.count ?? MAX_SERIES_DATES, MAX_SERIES_DATES);
  const until = rule.until ? toDay(rule.until) : Infinity;
  const dates: string[] = [];
  if (rule.frequency === "monthly") {
    const n = rule.monthWeek ?? weekOfMonth(rule.start);
    const day = weekday(rule.start);
    const [y, m] = rule.start.split("-").map(Number);
    for (let i = 0; dates.length < limit && i < limit * 2 + 12; i++) {
      const date = nthWeekday(y, m - 1 + i, day, n);
      if (!date || date < rule.start) continue;
      if (toDay(date) > until) break;
      dates.push(date);
    }
    return dates;
  }
  const step = (rule.frequency === "weekly" ? 7 : 14) * DAY_MS;
  for (let at = toDay(rule.start); dates.length < limit && at <= until; at += step) dates.push(fromDay(at));
  return dates;
}

/** The rule in words: "Every week on Saturday", "Every month on the second Saturday". */
export function describeRule(rule: Pick<SeriesRule, "start" | "frequency" | "monthWeek">): string {
  const day = WEEKDAYS[weekday(rule.start)];
  if (rule.frequency === "monthly") return `Every month on the ${ORDINALS[String(rule.monthWeek ?? weekOfMonth(rule.start))] ?? "first"} ${day}`;
  return `${SERIES_FREQUENCY_LABELS[rule.frequency]} on ${day}`;
}
