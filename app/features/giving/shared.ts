/** Giving values the admin screens use in the browser too (no server code here). */

/** HMRC accepts at most 1,000 donation rows per Gift Aid schedule file. */
export const SCHEDULE_ROWS_PER_FILE = 1000;

/** The Donations screen's filters as a query string (empty values and page 1 left out). */
export function donationFiltersQuery(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === "" || value === undefined || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}
