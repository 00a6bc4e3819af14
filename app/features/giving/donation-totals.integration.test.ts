/**
 * The Donations screen's totals without a date or a search come from donation_totals,
 * which a trigger keeps in step with the gifts: after gifts are added, refunded, given a
 * declaration, moved to another cause and deleted, every filter's totals equal the sums
 * over the gifts themselves (the way a date-filtered ledger adds them up).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { listDonations, parseDonationFilters } from "./admin.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const FILTERS = ["", "status=paid", "status=refunded", "mode=monthly", "giftAid=yes", "giftAid=no", "cause=none", "cause=7", "cause=7&giftAid=yes&status=paid", "mode=one-off&status=refunded"];

/** The totals as listDonations gives them, and as a date range covering every gift adds them up from the gifts. */
async function both(query: string) {
  const kept = (await listDonations(parseDonationFilters(new URLSearchParams(query)))).totals;
  const range = new URLSearchParams(query);
  range.set("from", "2000-01-01");
  range.set("to", "2100-01-01");
  const counted = (await listDonations(parseDonationFilters(range))).totals;
  return { kept, counted };
}

describe("donation totals kept by the trigger", () => {
  it("match the gifts through inserts, refunds, declarations, cause changes and deletes", async () => {
    const db = getDb();
    const [{ id: declaration }] = (
      await db.execute<{ id: string }>(sql`
        insert into gift_aid_declarations (email, title, first_name, last_name, house, postcode, declaration_text)
        values ('totals@example.org', 'Ms', 'Tess', 'Totals', '1', 'MB1 1AA', 'I am a UK taxpayer') returning id`)
    ).rows;
    await db.execute(sql`
      insert into donations (reference, amount_pence, mode, status, email, cause_id, declaration_id, paid_at)
      select 'TOTALS-' || i, 100 * i, case when i % 4 = 0 then 'monthly' else 'one-off' end, 'paid', 'totals' || i || '@example.org',
             case when i % 3 = 0 then 7 end, case when i % 5 = 0 then ${declaration}::uuid end, now() - (i || ' hours')::interval
      from generate_series(1, 60) as i`);
    const before = await both("");
    expect(before.kept).toEqual(before.counted);
    expect(before.kept.count).toBeGreaterThanOrEqual(60);

    // Refunds, a declaration made later, a gift moved to a cause, a corrected amount, deletes.
    await db.execute(sql`update donations set status = 'refunded', refunded_at = now() where reference in ('TOTALS-3', 'TOTALS-10', 'TOTALS-11')`);
    await db.execute(sql`update donations set declaration_id = ${declaration}::uuid where reference = 'TOTALS-12'`);
    await db.execute(sql`update donations set cause_id = 7 where reference = 'TOTALS-13'`);
    await db.execute(sql`update donations set amount_pence = 12345 where reference = 'TOTALS-14'`);
    await db.execute(sql`update donations set email = 'changed@example.org' where reference = 'TOTALS-15'`);
    await db.execute(sql`delete from donations where reference in ('TOTALS-20', 'TOTALS-21')`);

    for (const query of FILTERS) {
      const { kept, counted } = await both(query);
      expect(kept, query || "no filter").toEqual(counted);
    }
    const after = await both("");
    expect(after.kept.count).toBe(before.kept.count - 2);
    expect(after.kept.refundedPence).toBe(before.kept.refundedPence + 300 + 1000 + 1100);
    // Twenty multiples of 3, one deleted (21), one moved in (13).
    expect((await both("cause=7")).kept.count).toBe(20);
  });
});
