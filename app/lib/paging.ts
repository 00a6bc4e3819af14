/**
 * Paged admin lists on large tables: how far to count, and what to say about the count.
 *
 * Counting every matching row costs a read of them all (100,000 submissions, 50,000 audit
 * rows), just to print a number nobody reads exactly. A list counts at most COUNT_CAP
 * rows (and, on a page further than that, just past the page asked for): beyond it the
 * total reads "10,000+" and the page count "Page 401 of 401+", with Next while more rows
 * follow (docs/decisions/138).
 */

/** Rows counted at most before a list's total reads "10,000+". */
export const COUNT_CAP = 10_000;

/** What a list knows about its length: `total` rows, or at least that many when `more`. */
export interface PageCount {
  /** The page shown (the last one when the address asks past the end). */
  page: number;
  /** Pages known to exist; when `more`, there are further pages. */
  pages: number;
  /** Rows counted: exact, or a lower bound when `more`. */
  total: number;
  more: boolean;
}

/** How many rows to count for page `page` (1-based): enough to know the cap and whether a page follows. */
export function countLimit(page: number, pageSize: number): number {
  return Math.max(COUNT_CAP, page * pageSize) + 1;
}

/** The page count from `counted` rows, counted with `countLimit(page, pageSize)`. */
export function pageCount(counted: number, page: number, pageSize: number): PageCount {
  const limit = countLimit(page, pageSize);
  if (counted >= limit) {
    // More rows than counted: the total is only known to pass the cap.
    return { page, pages: Math.max(page, Math.floor(COUNT_CAP / pageSize)), total: COUNT_CAP, more: true };
  }
  const pages = Math.max(1, Math.ceil(counted / pageSize));
  return { page: Math.min(page, pages), pages, total: counted, more: false };
}

/** "10,000+" past the cap, otherwise the number as it always was ("42"). */
export function countText(count: Pick<PageCount, "total" | "more">): string {
  return count.more ? `${count.total.toLocaleString("en-GB")}+` : String(count.total);
}

/** The page an address asks for (`?page=`): a whole number from 1, else the first page. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
