/**
 * The CSV exports stream their rows in batches by keyset: every matching row comes out
 * once, in order, across batch boundaries, even when many rows share one timestamp.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { donationsExport, parseDonationFilters } from "../../app/features/giving/admin.server.ts";
import { submissionsExport } from "../../app/features/submissions/inbox.server.ts";
import { csvStream } from "../../app/lib/csv.ts";
import { unique } from "../helpers/submissions.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const ROWS = 2_345; // more than two batches of 1,000

async function lines(exported: { header: unknown[]; rows: AsyncIterable<unknown[][]> }) {
  const bytes = await new Response(csvStream(exported.header, exported.rows)).arrayBuffer();
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text.slice(1).split("\r\n").filter(Boolean);
}

describe("streamed exports", () => {
  it("exports every submission once, newest first, across batches and equal timestamps", async () => {
    const tag = unique();
    // Half the rows share one timestamp, so only the id breaks the tie between them.
    await getDb().execute(sql`
      insert into form_submissions (reference, kind, status, name, email, data, created_at, updated_at)
      select ${tag} || '-' || lpad(i::text, 5, '0'), 'volunteer', 'new', 'Person ' || i, ${`${tag}@example.org`},
             '{}'::jsonb, case when i % 2 = 0 then timestamptz '2026-01-01 10:00:00.123456' else now() - (i || ' seconds')::interval end, now()
      from generate_series(1, ${ROWS}) as i`);
    const exported = await submissionsExport({ kind: null, status: null, q: tag });
    expect(exported.count).toBe(ROWS);
    const [header, ...rows] = await lines(exported);
    expect(header).toContain(`"Reference","Kind","Status"`);
    expect(rows).toHaveLength(ROWS);
    const references = rows.map((line) => line.split(",")[0]);
    expect(new Set(references).size).toBe(ROWS);
    const received = rows.map((line) => line.split(",")[3]!);
    expect([...received].sort().reverse()).toEqual(received);
  });

  it("exports every gift once, in the ledger's order, with the filter applied", async () => {
    const tag = unique();
    await getDb().execute(sql`
      insert into donations (reference, amount_pence, mode, status, email, paid_at)
      select ${tag} || '-' || lpad(i::text, 5, '0'), 1000 + i, 'one-off', 'paid', ${`${tag}@example.org`},
             case when i % 3 = 0 then timestamptz '2026-02-01 12:00:00.654321' else now() - (i || ' minutes')::interval end
      from generate_series(1, ${ROWS}) as i`);
    const exported = await donationsExport(parseDonationFilters(new URLSearchParams({ q: tag })));
    expect(exported.count).toBe(ROWS);
    const [header, ...rows] = await lines(exported);
    expect(header).toContain(`"Date (UK time)","Reference","Amount (£)"`);
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((line) => line.split(",")[1])).size).toBe(ROWS);
    const total = rows.reduce((sum, line) => sum + Number(line.split(",")[2]!.replaceAll('"', "")), 0);
    expect(total).toBeCloseTo((ROWS * 1000 + (ROWS * (ROWS + 1)) / 2) / 100, 2);
  });
});
