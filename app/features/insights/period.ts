/**
 * The period a report covers, and the same period a year before (browser-safe). Dates are
 * Millbrook (Europe/London) days as YYYY-MM-DD; a period runs from `from` to `to`
 * inclusive. Quarters are quarters of the financial year.
 */

export const PERIOD_CHOICES = [
  { value: "this-month", label: "This month" },
  { value: "last-month", label: "Last month" },
  { value: "this-quarter", label: "This quarter" },
  { value: "last-quarter", label: "Last quarter" },
  { value: "this-year", label: "This financial year" },
  { value: "last-year", label: "Last financial year" },
] as const;
type PeriodChoice = (typeof PERIOD_CHOICES)[number]["value"];

export interface Period {
  /** The choice it came from, or "custom". */
  choice: PeriodChoice | "custom";
  from: string;
  to: string;
  /** "Financial year 2026 to 2027", "November 2026", "1 Jan 2026 to 14 Mar 2026". */
  label: string;
  /** The same days a year before. */
  previous: { from: string; to: string; label: string };
  /** The first day of each month the period touches (the charts' buckets). */
  months: string[];
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const ISO = /^\d{4}-\d{2}-\d{2}$/;

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const parts = (day: string) => day.split("-").map(Number) as [number, number, number];
/** The last day of the month `months` months after the month of (y, m). */
const monthEnd = (y: number, m: number, months = 0) => iso(y, m + months + 1, 0);

function isDay(value: string | null | undefined): value is string {
  if (!value || !ISO.test(value)) return false;
  const [y, m, d] = parts(value);
  return iso(y, m, d) === value && y >= 2000 && y <= 2100;
}

export function shortDate(day: string): string {
  const [y, m, d] = parts(day);
  return `${d} ${MONTH_NAMES[m - 1].slice(0, 3)} ${y}`;
}

/** "Nov 2026" for the first day of a month. */
export function monthLabel(monthStart: string, long = false): string {
  const [y, m] = parts(monthStart);
  return `${long ? MONTH_NAMES[m - 1] : MONTH_NAMES[m - 1].slice(0, 3)} ${y}`;
}

/** The same day a year before (29 February becomes 28 February). */
export function yearBefore(day: string): string {
  const [y, m, d] = parts(day);
  return iso(y - 1, m, Math.min(d, Number(monthEnd(y - 1, m).slice(8))));
}

function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = parts(from);
  const [ty, tm] = parts(to);
  const out: string[] = [];
  for (let i = 0; (fy * 12 + fm + i) <= ty * 12 + tm; i++) out.push(iso(fy, fm + i, 1));
  return out;
}

function label(from: string, to: string): string {
  return `${shortDate(from)} to ${shortDate(to)}`;
}

function build(choice: Period["choice"], from: string, to: string, text: string): Period {
  const previous = { from: yearBefore(from), to: yearBefore(to) };
  return { choice, from, to, label: text, previous: { ...previous, label: label(previous.from, previous.to) }, months: monthsBetween(from, to) };
}

/** The financial year (by its first calendar year) a day falls in. */
export function financialYearOf(day: string, startMonth: number): number {
  const [y, m] = parts(day);
  return m >= startMonth ? y : y - 1;
}

function financialYearLabel(year: number, startMonth: number): string {
  return startMonth === 1 ? `Financial year ${year}` : `Financial year ${year} to ${year + 1}`;
}

/**
 * The period a report's address asks for (`?period=this-year`, or `?from=…&to=…`), on
 * `today`; nothing or anything unreadable is this financial year. A custom period longer
 * than five years is cut to five years.
 */
export function periodFrom(params: URLSearchParams, today: string, startMonth: number): Period {
  const from = params.get("from");
  const to = params.get("to");
  if (isDay(from) && isDay(to) && from <= to) {
    const [y, m, d] = parts(from);
    const limit = iso(y + 5, m, d - 1);
    const end = to > limit ? limit : to;
    return build("custom", from, end, label(from, end));
  }
  const choice = (PERIOD_CHOICES.find((c) => c.value === params.get("period"))?.value ?? "this-year") as PeriodChoice;
  const [y, m] = parts(today);
  if (choice === "this-month" || choice === "last-month") {
    const back = choice === "last-month" ? 1 : 0;
    const start = iso(y, m - back, 1);
    const [sy, sm] = parts(start);
    return build(choice, start, monthEnd(sy, sm), `${MONTH_NAMES[sm - 1]} ${sy}`);
  }
  const fyStartYear = financialYearOf(today, startMonth);
  if (choice === "this-quarter" || choice === "last-quarter") {
    const monthsIn = (y * 12 + m) - (fyStartYear * 12 + startMonth);
    const quarter = Math.floor(monthsIn / 3) - (choice === "last-quarter" ? 1 : 0);
    const start = iso(fyStartYear, startMonth + quarter * 3, 1);
    const [sy, sm] = parts(start);
    const fy = financialYearOf(start, startMonth);
    const q = ((sy * 12 + sm) - (fy * 12 + startMonth)) / 3 + 1;
    return build(choice, start, monthEnd(sy, sm, 2), `Quarter ${q} of ${financialYearLabel(fy, startMonth).toLowerCase()}`);
  }
  const year = fyStartYear - (choice === "last-year" ? 1 : 0);
  return build(choice, iso(year, startMonth, 1), monthEnd(year, startMonth, 11), financialYearLabel(year, startMonth));
}

/** The query string that asks for a period again (for links to CSVs and the PDF). */
export function periodQuery(period: Pick<Period, "choice" | "from" | "to">): string {
  return period.choice === "custom" ? `from=${period.from}&to=${period.to}` : `period=${period.choice}`;
}
