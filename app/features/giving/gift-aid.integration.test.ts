import { describe, expect, it } from "vitest";
import { numberFormats, sheetRows } from "../../../tests/helpers/spreadsheet.ts";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations } from "./table.ts";
import {
  claimedGifts,
  eligibleGifts,
  listClaims,
  markClaimed,
  SCHEDULE_COLUMNS,
  scheduleParts,
  scheduleWorkbook,
} from "./gift-aid.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

let seq = 0;
async function declaration(values: Partial<typeof giftAidDeclarations.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(giftAidDeclarations)
    .values({
      email: "jane@example.org",
      title: "Mrs",
      first_name: "Jane",
      last_name: "Smith",
      house: "12",
      postcode: "MB1 2AB",
      declaration_text: "I want to Gift Aid my donation...",
      made_at: new Date("2026-12-01T00:00:00Z"),
      ...values,
    })
    .returning();
  return row;
}

async function gift(values: Partial<typeof donations.$inferInsert> & { paid_at: Date }) {
  const [row] = await getDb()
    .insert(donations)
    .values({ reference: `MCF-T${String(++seq).padStart(7, "0")}`, amount_pence: 1000, mode: "one-off", email: "jane@example.org", created_at: new Date("2027-01-01T00:00:00Z"), ...values })
    .returning();
  return row;
}


const asOf = new Date("2030-01-01T00:00:00Z");

describe("Gift Aid claim schedule", () => {
  it("lists only eligible gifts and writes HMRC's columns, cell by cell", async () => {
    const jane = await declaration();
    const cancelledEarly = await declaration({ first_name: "Carl", last_name: "Cancelled", cancelled_at: new Date("2027-01-02T00:00:00Z") });
    // Eligible: paid, declared, in range. 23:30 UTC on 31 Jan is still 31/01 in London (GMT).
    await gift({ declaration_id: jane.id, amount_pence: 1250, paid_at: new Date("2027-01-31T23:30:00Z") });
    // In British Summer Time, 23:30 UTC on 30 June is already 1 July in London: out of a June range.
    await gift({ declaration_id: jane.id, amount_pence: 500, paid_at: new Date("2027-06-30T23:30:00Z") });
    // Not eligible: refunded; no declaration; declaration cancelled before the gift; outside the range.
    await gift({ declaration_id: jane.id, status: "refunded", paid_at: new Date("2027-01-10T12:00:00Z") });
    await gift({ paid_at: new Date("2027-01-11T12:00:00Z") });
    await gift({ declaration_id: cancelledEarly.id, paid_at: new Date("2027-01-12T12:00:00Z") });
    await gift({ declaration_id: jane.id, paid_at: new Date("2026-12-31T12:00:00Z") });

    const rows = await eligibleGifts({ from: "2027-01-01", to: "2027-06-30", asOf });
    expect(rows.map((r) => r.amount_pence)).toEqual([1250]);

    const file = await scheduleWorkbook(rows);
    const sheet = await sheetRows(file);
    expect(sheet).toHaveLength(2);
    expect(sheet[0]).toEqual([...SCHEDULE_COLUMNS]);
    expect(SCHEDULE_COLUMNS).toEqual([
      "Title",
      "First name or initial",
      "Last name",
      "House name or number",
      "Postcode",
      "Aggregated donations",
      "Sponsored event",
      "Donation date (DD/MM/YY)",
      "Amount",
    ]);
    // Text cells (a house number stays "12", the date stays DD/MM/YY), the amount a number in pounds.
    expect(sheet[1]).toEqual(["Mrs", "Jane", "Smith", "12", "MB1 2AB", null, null, "31/01/27", 12.5]);
    expect(numberFormats(file)).toEqual(expect.arrayContaining(["@", "0.00"]));

    // Marking them claimed records a batch; they are no longer eligible.
    const claim = await markClaimed({ from: "2027-01-01", to: "2027-06-30", asOf }, "admin@example.org");
    expect(claim).toMatchObject({ gift_count: 1, total_pence: 1250, from_date: "2027-01-01", to_date: "2027-06-30", claimed_by: "admin@example.org" });
    expect(await eligibleGifts({ from: "2027-01-01", to: "2027-06-30", asOf })).toHaveLength(0);
    expect((await claimedGifts(claim!.id)).map((g) => g.amount_pence)).toEqual([1250]);
    expect((await listClaims()).map((c) => c.id)).toContain(claim!.id);
    expect(await markClaimed({ from: "2027-01-01", to: "2027-06-30", asOf }, "admin@example.org")).toBeNull();

    // The July gift belongs to July in London.
    expect((await eligibleGifts({ from: "2027-07-01", to: "2027-07-31", asOf })).map((r) => r.amount_pence)).toEqual([500]);
  });

  it("splits 1,001 eligible gifts into two files of 1,000 and 1", async () => {
    const d = await declaration({ email: "many@example.org", first_name: "Many", last_name: "Gifts" });
    const base = new Date("2028-03-01T10:00:00Z").getTime();
    const values = Array.from({ length: 1001 }, (_, i) => ({
      reference: `MCF-M${String(i).padStart(7, "0")}`,
      amount_pence: 100 + i,
      mode: "monthly" as const,
      email: "many@example.org",
      declaration_id: d.id,
      paid_at: new Date(base + i * 60_000),
      created_at: new Date("2028-03-01T00:00:00Z"),
    }));
    await getDb().insert(donations).values(values);
    const rows = await eligibleGifts({ from: "2028-03-01", to: "2028-03-31", asOf });
    expect(rows).toHaveLength(1001);
    const parts = scheduleParts(rows);
    expect(parts.map((p) => p.length)).toEqual([1000, 1]);

    const first = await sheetRows(await scheduleWorkbook(parts[0]));
    const second = await sheetRows(await scheduleWorkbook(parts[1]));
    expect(first).toHaveLength(1001);
    expect(second).toHaveLength(2);
    expect(first[1][8]).toBe(1);
    expect(first[1000][8]).toBe(10.99);
    expect(second[0][0]).toBe("Title");
    expect(second[1]).toEqual(["Mrs", "Many", "Gifts", "12", "MB1 2AB", null, null, "02/03/28", 11]);
    await expect(scheduleWorkbook(rows)).rejects.toThrow(/at most 1000/);

    // Gifts recorded after the list was made are not claimed with it.
    await getDb().insert(donations).values({ ...values[0], reference: "MCF-LATE0001", created_at: new Date("2031-01-01T00:00:00Z") });
    const claim = await markClaimed({ from: "2028-03-01", to: "2028-03-31", asOf }, "admin@example.org");
    expect(claim?.gift_count).toBe(1001);
  });
});
