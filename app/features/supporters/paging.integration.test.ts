/**
 * Deep pages of the supporters list: the page's ids come from the order's index alone (an
 * index-only scan), and every page shows the rows the plain query (order by name, then id,
 * offset) gives, with the same page count.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { listSupporters, parseSupporterFilters } from "./admin.server.ts";

setupTestDatabase();

const PAGE_SIZE = 50;

describe("the supporters list, paged", () => {
  it("answers page 1, a middle page and the last page with the plain query's rows, ties on the name in id order", async () => {
    // 237 people, names colliding in every case ("ann smith", "Ann Smith", "ANN SMITH"), so the id breaks ties.
    await getDb().execute(sql`insert into supporters (email, name, postcode)
      select 'paged' || i || '@example.org',
             (array['ann smith', 'Ann Smith', 'ANN SMITH', 'Bob Jones', 'Cat Patel', 'dev okafor', 'Zoë Brown'])[1 + i % 7] || case when i % 3 = 0 then '' else ' ' || (i % 11) end,
             'MB1 1AA'
      from generate_series(1, 237) as i`);
    const total = (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from supporters`)).rows[0].n;
    const last = Math.ceil(total / PAGE_SIZE);
    expect(last).toBeGreaterThanOrEqual(5);
    for (const page of [1, Math.ceil(last / 2), last]) {
      const plain = await getDb().execute<{ id: string }>(
        sql`select id from supporters order by lower(name), id limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
      );
      const shown = await listSupporters(parseSupporterFilters(new URLSearchParams(`page=${page}`)));
      expect(shown.items.map((r) => r.id), `page ${page}`).toEqual(plain.rows.map((r) => r.id));
      expect(shown.count).toMatchObject({ page, pages: last, total, more: false });
    }
    // Past the end: the last page, as before.
    const beyond = await listSupporters(parseSupporterFilters(new URLSearchParams(`page=${last + 3}`)));
    expect(beyond.count.page).toBe(last);
  });

  it("reads a deep page's ids from the index alone, never a table page per skipped row", async () => {
    const plan = await getDb().transaction(async (tx) => {
      // A test database is small enough for a sequential scan: ask for the index as a big table would.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return (await tx.execute(sql`explain select id from supporters order by lower(name), id limit 50 offset 100`)).rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("Index Only Scan using supporters_name_id_idx");
  });
});
