/**
 * The key queries of the admin screens and the public pages can each be answered from an
 * index, without reading a whole large table. Each domain call's SQL is captured as it runs
 * and run under EXPLAIN ANALYZE with sequential scans priced out (enable_seqscan = off):
 * PostgreSQL still chooses a sequential scan where no index can serve, and a scan that
 * looks at most of a table's rows shows in the row counts; that is what this test refuses.
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getPool } from "../../app/db/client.server.ts";
import { listAuditActors, listAuditEntries } from "../../app/domain/audit/audit-log.server.ts";
import { listCauses } from "../../app/features/causes/causes.server.ts";
import { findPersonalData } from "../../app/domain/data-protection/retention.server.ts";
import { listEventsForAdmin } from "../../app/features/events/events-admin.server.ts";
import { countUpcomingEvents, getPublicEvent, listPastEvents, listUpcomingEvents } from "../../app/features/events/events.server.ts";
import { listDonations, parseDonationFilters } from "../../app/features/giving/admin.server.ts";
import { parseListFilters } from "../../app/domain/listings/listing-fields.schema.ts";
import { countNewSubmissions, listSubmissions, parseInboxFilters, submissionsExport } from "../../app/features/submissions/inbox.server.ts";
import { COUNT_CAP, countText } from "../../app/lib/paging.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

// Enough rows that the planner sees large tables (its choices on a near-empty table say
// nothing), then fresh statistics.
beforeAll(async () => {
  const db = getDb();
  await db.execute(sql`
    insert into events (title, date, time, description, location, category, is_active, is_past)
    select 'Plan event ' || i, current_date + (i - 2800), '19:00', 'd', 'Hall', 'social', true, i < 2800 from generate_series(1, 3000) as i`);
  await db.execute(sql`
    insert into form_submissions (reference, kind, status, name, email, data, created_at, updated_at)
    select 'PLAN-' || i, (array['volunteer','stall_application','nomination'])[1 + i % 3], (array['new','in_review','accepted','declined','archived'])[1 + i % 5],
           'Person ' || i, 'person' || i || '@example.org', jsonb_build_object('phone', '0123 ' || i), now() - (i || ' minutes')::interval, now()
    from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into gift_aid_declarations (email, title, first_name, last_name, house, postcode, declaration_text)
    select 'person' || i || '@example.org', 'Ms', 'First' || i, 'Last' || i, i::text, 'MB1 1AA', 'I am a UK taxpayer' from generate_series(1, 5000) as i`);
  // A third of the gifts with a Gift Aid declaration, as on a real site.
  await db.execute(sql`
    insert into donations (reference, amount_pence, mode, status, email, paid_at, declaration_id)
    select 'PLAN-GIFT-' || i, 1000, 'one-off', 'paid', 'person' || i || '@example.org', now() - (i || ' minutes')::interval,
           case when i % 3 = 0 then (select id from gift_aid_declarations where email = 'person' || (i % 5000) || '@example.org') end
    from generate_series(1, 20000) as i`);
  await db.execute(sql`
    insert into audit_log (at, actor_email, action, details) select now() - (i || ' minutes')::interval, 'editor' || (i % 50) || '@example.org', 'event.update', '{}'::jsonb
    from generate_series(1, 20000) as i`);
  await db.execute(sql`analyze`);
});

/** Tables that grow with the years: none of them may be read whole by these queries. */
const LARGE_TABLES = ["form_submissions", "donations", "audit_log", "events", "craft_fairs"];

interface Captured {
  text: string;
  values: unknown[];
}

/** Runs `work`, capturing every query it sends through the pool. */
async function queriesOf(work: () => Promise<unknown>): Promise<Captured[]> {
  const pool = getPool();
  const captured: Captured[] = [];
  const original = pool.query;
  pool.query = function (this: pg.Pool, config: unknown, values?: unknown) {
    if (typeof config === "string") captured.push({ text: config, values: (values as unknown[]) ?? [] });
    else if (config && typeof config === "object" && "text" in config) {
      const c = config as { text: string; values?: unknown[] };
      captured.push({ text: c.text, values: c.values ?? (values as unknown[]) ?? [] });
    }
    return (original as (...args: unknown[]) => unknown).call(this, config, values);
  } as typeof pool.query;
  try {
    await work();
  } finally {
    pool.query = original;
  }
  expect(captured.length).toBeGreaterThan(0);
  return captured;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/**
 * The large tables a plan read whole: a sequential scan (chosen although sequential scans
 * are priced out, so no index could serve), or any scan that looked at more than a quarter
 * of the table's rows (an index walked from end to end while filtering, for example).
 */
function wholeReads(node: PlanNode, sizes: Map<string, number>): string[] {
  const table = node["Relation Name"];
  const size = table ? sizes.get(table) : undefined;
  let whole = false;
  if (table && size !== undefined) {
    const looked = (node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
    whole = node["Node Type"] === "Seq Scan" || looked * (node["Actual Loops"] ?? 1) > size / 4;
  }
  return [...(whole ? [table!] : []), ...(node.Plans ?? []).flatMap((child) => wholeReads(child, sizes))];
}

/** The large tables each captured query reads whole, even when sequential scans are priced out. */
async function wholeTableReads(work: () => Promise<unknown>): Promise<string[]> {
  const queries = await queriesOf(work);
  const client = await getPool().connect();
  try {
    const counted = await client.query<{ relname: string; reltuples: number }>(
      "select relname, reltuples from pg_class where relname = any($1)",
      [LARGE_TABLES],
    );
    const sizes = new Map(counted.rows.map((r) => [r.relname, Number(r.reltuples)]));
    await client.query("begin");
    await client.query("set local enable_seqscan = off");
    const found: string[] = [];
    for (const { text, values } of queries) {
      if (!/^\s*(select|with)\b/i.test(text)) continue;
      // A list's unfiltered total counts rows up to the cap (checked below), wherever they are.
      if (/^\s*select count\(\*\) from \(select 1 from "\w+" limit \$1\) "counted"\s*$/i.test(text)) continue;
      const result = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>({ text: `explain (analyze, format json) ${text}`, values });
      for (const table of wholeReads(result.rows[0]!["QUERY PLAN"][0]!.Plan, sizes)) found.push(`${table}: ${text.slice(0, 160)}`);
    }
    return found;
  } finally {
    await client.query("rollback");
    client.release();
  }
}

describe("key queries use an index", () => {
  const cases: [string, () => Promise<unknown>][] = [
    ["inbox, first page", () => listSubmissions(parseInboxFilters(new URLSearchParams()))],
    // A far page (25 a page): offset 3,725 of 20,000, read from the index alone.
    ["inbox, page 150", () => listSubmissions(parseInboxFilters(new URLSearchParams({ page: "150" })))],
    ["inbox, kind and status", () => listSubmissions(parseInboxFilters(new URLSearchParams({ kind: "nomination", status: "in_review" })))],
    ["inbox, status", () => listSubmissions(parseInboxFilters(new URLSearchParams({ status: "accepted" })))],
    ["inbox, search", () => listSubmissions(parseInboxFilters(new URLSearchParams({ q: "person4242" })))],
    ["dashboard, new submissions", () => countNewSubmissions()],
    [
      "inbox export (filtered), a batch",
      async () => {
        const { rows } = await submissionsExport({ kind: "nomination", status: "in_review", q: "" });
        await rows.next();
      },
    ],
    // (Unfiltered, the ledger's totals add up every gift: that aggregate reads the table.)
    ["donations, a month", () => listDonations(parseDonationFilters(new URLSearchParams({ from: "2026-03-01", to: "2026-03-31" })))],
    ["donations, search", () => listDonations(parseDonationFilters(new URLSearchParams({ q: "person4242" })))],
    ["find by email", () => findPersonalData("person42@example.org")],
    ["audit log, first page", () => listAuditEntries({ page: 1 })],
    // 50 a page: offset 4,950 of 20,000.
    ["audit log, page 100", () => listAuditEntries({ page: 100 })],
    ["audit log, by person", () => listAuditEntries({ email: "editor7@example.org" })],
    ["audit log, the people in it", () => listAuditActors()],
    ["admin events, a page", () => listEventsForAdmin(parseListFilters(new URLSearchParams({ page: "2" })))],
    ["public upcoming and past events", () => Promise.all([listUpcomingEvents(), listPastEvents()])],
    // The events page: a page of one category, and the upcoming events counted by category.
    ["public upcoming events, a page of a category", () => listUpcomingEvents({ category: "social", limit: 12, offset: 12 })],
    ["public upcoming events by category", () => countUpcomingEvents()],
    ["public event", () => getPublicEvent(1)],
    ["causes with what they raised", () => listCauses()],
  ];
  for (const [name, work] of cases) {
    it(name, async () => {
      expect(await wholeTableReads(work)).toEqual([]);
    });
  }

});

describe("list totals are counted up to a cap", () => {
  it("an unfiltered list of 20,000 reads 10,001 rows and says 10,000+", async () => {
    const queries = await queriesOf(() => listSubmissions(parseInboxFilters(new URLSearchParams())));
    const total = queries.find((q) => /"counted"/.test(q.text))!;
    const result = await getPool().query<{ "QUERY PLAN": { Plan: PlanNode & { "Actual Rows": number } }[] }>({
      text: `explain (analyze, format json) ${total.text}`,
      values: total.values,
    });
    const scanned = (function rows(node: PlanNode): number {
      return node["Relation Name"] === "form_submissions" ? (node["Actual Rows"] ?? 0) : (node.Plans ?? []).reduce((sum, child) => sum + rows(child), 0);
    })(result.rows[0]!["QUERY PLAN"][0]!.Plan);
    expect(scanned).toBe(COUNT_CAP + 1);

    const list = await listSubmissions(parseInboxFilters(new URLSearchParams()));
    expect(list).toMatchObject({ page: 1, pages: 400, total: COUNT_CAP, more: true });
    expect(countText(list)).toBe("10,000+");
    // Past the cap, the count goes just far enough to know a next page exists.
    const far = await listSubmissions(parseInboxFilters(new URLSearchParams({ page: "700" })));
    expect(far).toMatchObject({ page: 700, pages: 700, more: true });
    expect(far.items).toHaveLength(25);
    // The last page is exact again, and a page past the end shows the last one.
    const last = await listSubmissions(parseInboxFilters(new URLSearchParams({ page: "2000" })));
    expect(last.more).toBe(false);
    expect(last.page).toBe(last.pages);
    expect(last.items.length).toBeGreaterThan(0);
    expect(last.total).toBeGreaterThanOrEqual(20_000);
  });
});
