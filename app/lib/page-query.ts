/**
 * The query parameters a page reads. A public route that reads one (in its loader or its
 * component) declares it in its handle, `export const handle = { query: ["page"] }`; the
 * render tells the page cache (server/page-cache.ts) through QUERY_HEADER, and the cache
 * keys the page on those parameters only: `/?x=<random>` is the same stored page as `/`.
 * Browser-safe.
 */
export interface QueryHandle {
  query: readonly string[];
}

/** The response header by which a rendered page tells the page cache the query parameters it reads. */
export const QUERY_HEADER = "X-Page-Query";

/** The query parameters the matched routes read (their handles' `query`), sorted, without repeats. */
export function pageQuery(handles: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const handle of handles) {
    const query = handle && typeof handle === "object" ? (handle as Partial<QueryHandle>).query : undefined;
    if (Array.isArray(query)) for (const name of query) if (typeof name === "string") names.add(name);
  }
  return [...names].sort();
}
