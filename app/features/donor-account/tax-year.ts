/**
 * UK tax years (6 April to 5 April), by the date in Europe/London. A tax year is named by
 * the calendar year it starts in: 2025 is 6 April 2025 to 5 April 2026.
 */
import { ukDate } from "../../lib/uk-time.ts";

/** The tax year a moment falls in. */
export function taxYearOf(date: Date): number {
  const [year, month, day] = ukDate(date).split("-").map(Number);
  return month > 4 || (month === 4 && day >= 6) ? year : year - 1;
}

/** "2025 to 2026" (HMRC's way of naming it). */
export function taxYearLabel(year: number): string {
  return `${year} to ${year + 1}`;
}

/** The first and last day (London dates, inclusive). */
export function taxYearDays(year: number): { from: string; to: string } {
  return { from: `${year}-04-06`, to: `${year + 1}-04-05` };
}
