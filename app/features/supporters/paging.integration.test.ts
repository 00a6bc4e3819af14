/**
 * Deep pages of the supporters list: the page's ids come from the order's index alone (an
 * index-only scan), and every page shows the rows the plain query (order by name, then id,
 * offset) gives, with the same page count. The same for a page with filters and a search:
 * the search and "subscribed" are read from the order's index, "gave in the last 12 months"
 * from the gifts' index (docs/decisions/350), and the rows are those the plain query gives.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { explainSupporterList, listSupporters, parseSupporterFilters } from "./admin.server.ts";

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

describe("the supporters list, filtered and searched", () => {
  async function fill() {
    // 300 people: a third with "smith" in their name, two thirds subscribed (the latest
    // consent event says so), half with a gift: paid this year, paid long ago or refunded.
    await getDb().execute(sql`insert into supporters (email, name, postcode)
      select 'filtered' || i || '@example.org',
             (array['Ann', 'bob', 'CAT'])[1 + i % 3] || ' ' || (array['Smith', 'Jones', 'Patel'])[1 + (i / 3) % 3] || ' ' || (i % 13),
             case when i % 7 = 0 then 'SM1 1TH' else 'MB1 1AA' end
      from generate_series(1, 300) as i`);
    await getDb().execute(sql`insert into consent_events (supporter_id, given, source, wording)
      select id, substring(email from 9 for position('@' in email) - 9)::int % 3 <> 0, 'test', 'w' from supporters where email like 'filtered%'`);
    await getDb().execute(sql`insert into donations (reference, amount_pence, mode, status, email, paid_at, supporter_id)
      select 'FILTERED-' || n, 1500, 'one-off', case when n % 10 = 0 then 'refunded' else 'paid' end, email,
             now() - case when n % 4 = 0 then interval '400 days' else (n || ' days')::interval end, id
      from (select id, email, substring(email from 9 for position('@' in email) - 9)::int as n from supporters where email like 'filtered%') p
      where n % 2 = 0`);
  }

  beforeAll(fill);

  it("shows the rows and count the plain query gives, for each filter with the search", async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      ["given=12m&subscribed=yes&q=smith", sql`s.subscribed and s.id in (select supporter_id from donations where status = 'paid' and paid_at > now() - interval '12 months') and position('smith' in lower(s.name || ' ' || s.email || ' ' || s.postcode)) > 0`],
      ["subscribed=yes&q=sm", sql`s.subscribed and position('sm' in lower(s.name || ' ' || s.email || ' ' || s.postcode)) > 0`],
      ["subscribed=no&given=ever", sql`not s.subscribed and s.id in (select supporter_id from donations where status = 'paid')`],
      ["given=12m", sql`s.id in (select supporter_id from donations where status = 'paid' and paid_at > now() - interval '12 months')`],
    ];
    for (const [query, where] of cases) {
      const plain = await getDb().execute<{ id: string }>(sql`select s.id from supporters s where ${where} order by lower(s.name), s.id`);
      expect(plain.rows.length, query).toBeGreaterThan(5);
      const pages = Math.ceil(plain.rows.length / PAGE_SIZE);
      for (let page = 1; page <= pages; page++) {
        const shown = await listSupporters(parseSupporterFilters(new URLSearchParams(`${query}&page=${page}`)));
        expect(shown.items.map((r) => r.id), `${query}, page ${page}`).toEqual(plain.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => r.id));
        expect(shown.count).toMatchObject({ page, pages, total: plain.rows.length, more: false });
      }
    }
  });

  it("reads a filtered page in name order from the indexes alone: the search and subscribed from the order's, the gifts from theirs", async () => {
    await getDb().execute(sql`vacuum analyze supporters`);
    await getDb().execute(sql`vacuum analyze donations`);
    const plan = await getDb().transaction(async (tx) => {
      // Small tables: ask for the indexes as the large ones are read (name order, early stop).
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_hashjoin = off`);
      const q = sql`explain (analyze, costs off) select s.id from supporters s
        where (lower(s.name) || ' ' || s.email || ' ' || lower(s.postcode)) like '%smith%' and s.subscribed
          and exists (select 1 from donations d where d.supporter_id = s.id and d.status = 'paid' and d.paid_at > now() - interval '12 months')
        order by lower(s.name), s.id limit 50`;
      return (await tx.execute(q)).rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("Index Only Scan using supporters_name_id_idx on supporters");
    expect(plan).toContain("Index Only Scan using donations_supporter_paid_idx on donations");
    // Nothing read from the tables themselves (the visibility map is set, as autovacuum leaves it).
    expect(plan).not.toMatch(/Heap Fetches: [1-9]/);
    // The bench's view of the list's own two queries (BENCH_EXPLAIN=1 npm run bench:supporters).
    const plans = await explainSupporterList(parseSupporterFilters(new URLSearchParams("given=12m&subscribed=yes&q=smith")));
    expect(plans.count).toMatch(/^Aggregate[\s\S]*Buffers: shared hit=\d+/);
    expect(plans.page).toMatch(/Limit[\s\S]*supporters[\s\S]*Buffers: shared hit=\d+/);
  });
});
