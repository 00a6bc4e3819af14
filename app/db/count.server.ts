/**
 * Counting the rows of a paged list without reading them all: the count stops at the
 * limit `countLimit` gives (app/lib/paging.ts), so a list of 100,000 rows reads about
 * 10,000 index entries for its "10,000+" rather than every row.
 */
import { count, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { countLimit, pageCount, type PageCount } from "../lib/paging.ts";
import { getDb } from "./client.server.ts";

/** The rows of `table` matching `where`, counted up to `limit`. */
async function countUpTo(table: PgTable, where: SQL | undefined, limit: number): Promise<number> {
  const db = getDb();
  const some = db.select({ one: sql`1` }).from(table).where(where).limit(limit).as("counted");
  const [row] = await db.select({ n: count() }).from(some);
  return row?.n ?? 0;
}

/**
 * One page of a list with its page count, counted up to the cap: the count and the page
 * are read side by side; a page past the end is read again as the last page.
 */
export async function readPage<Row>(
  table: PgTable,
  where: SQL | undefined,
  page: number,
  pageSize: number,
  read: (offset: number) => Promise<Row[]>,
): Promise<PageCount & { items: Row[] }> {
  const [counted, items] = await Promise.all([countUpTo(table, where, countLimit(page, pageSize)), read((page - 1) * pageSize)]);
  const shown = pageCount(counted, page, pageSize);
  return { ...shown, items: shown.page === page ? items : await read((shown.page - 1) * pageSize) };
}
