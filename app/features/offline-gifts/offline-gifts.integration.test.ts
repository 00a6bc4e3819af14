/**
 * Money that never touches a card, against real PostgreSQL: an offline gift and a
 * collection reach the ledger's kept totals, cause progress, the CSV export and the Gift
 * Aid claim; a spoken declaration's gifts wait for its 30 days; the Small Donations
 * Scheme claim holds the £8,000 cap and the 10× matching rule, and refuses a year
 * without an ordinary Gift Aid claim.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";
import { causes } from "../causes/table.ts";
import { donationsExport, listDonations, parseDonationFilters } from "../giving/admin.server.ts";
import { eligibleGifts, markClaimed } from "../giving/gift-aid.server.ts";
import { listCausesForAdmin } from "../causes/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { claimSmallDonations, markRecordSent, recordCollection, recordOfflineGift, smallDonationsYears, type DeclarationInput } from "./offline-gifts.server.ts";
import { declarationRecords, offlineGifts } from "./table.ts";
import * as collectionsRoute from "./admin/collections.tsx";
import * as offlineRoute from "./admin/offline.tsx";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";

setupTestDatabase();

const staff = { email: "treasurer@example.org" };
const declaration = (over: Partial<DeclarationInput> = {}): DeclarationInput => ({
  title: "Mrs",
  firstName: "Ann",
  lastName: "Lee",
  house: "4",
  postcode: "mb1 2ab",
  madeOn: "2026-05-01",
  how: "paper",
  recordSentOn: null,
  ...over,
});

async function newCause(title: string) {
  const [row] = await getDb().insert(causes).values({ title, description: "x", goal_pence: 100_000 }).returning();
  return row!;
}

async function allCsv() {
  const out = await donationsExport(parseDonationFilters(new URLSearchParams()));
  const rows: unknown[][] = [];
  for await (const batch of out.rows) rows.push(...batch);
  return { header: out.header, rows };
}

describe("an offline gift", () => {
  it("reaches the totals, cause progress, the CSV export and the Gift Aid claim", async () => {
    const cause = await newCause("Bridge repairs");
    const before = await listDonations(parseDonationFilters(new URLSearchParams()));
    const causeBefore = (await listCausesForAdmin()).find((c) => c.id === cause.id)!;
    const result = await recordOfflineGift(
      { donor: { kind: "new", name: "Ann Lee", email: "Ann@Example.org" }, amountPence: 12_345, receivedOn: "2026-05-02", causeId: cause.id, method: "cheque", benefitPence: 0, declaration: declaration() },
      staff,
    );
    expect(result.ok).toBe(true);
    const after = await listDonations(parseDonationFilters(new URLSearchParams()));
    expect(after.totals.paidPence - before.totals.paidPence).toBe(12_345);
    expect(after.totals.giftAidPence - before.totals.giftAidPence).toBe(Math.round(12_345 * 0.25));
    const causeAfter = (await listCausesForAdmin()).find((c) => c.id === cause.id)!;
    expect(causeAfter.gifts - causeBefore.gifts).toBe(12_345);

    const csv = await allCsv();
    const row = csv.rows.find((r) => r[1] === (result.ok ? result.reference : ""))!;
    expect(row[2]).toBe("123.45");
    expect(row[5]).toBe("Bridge repairs");
    expect(row[7]).toBe("Yes");
    expect(row[csv.header.indexOf("Paid by")]).toBe("cheque");

    const gifts = await eligibleGifts({ from: "2026-05-01", to: "2026-05-31", asOf: new Date() });
    expect(gifts.map((g) => g.reference)).toContain(result.ok && result.reference);
    const gift = gifts.find((g) => g.amount_pence === 12_345)!;
    expect(gift).toMatchObject({ first_name: "Ann", last_name: "Lee", postcode: "MB1 2AB" });
  });

  it("refuses Gift Aid when the donor got back more than HMRC allows, and records nothing", async () => {
    const [{ n: before }] = (await getDb().execute<{ n: number }>(`select count(*)::int as n from donations`)).rows;
    const result = await recordOfflineGift(
      { donor: { kind: "anonymous" }, amountPence: 4_000, receivedOn: "2026-05-02", causeId: null, method: "cash", benefitPence: 1_001, declaration: declaration() },
      staff,
    );
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/more than HMRC allows/) });
    const [{ n: after }] = (await getDb().execute<{ n: number }>(`select count(*)::int as n from donations`)).rows;
    expect(after).toBe(before);
  });

  it("under a spoken declaration, is claimable only once the written record's 30 days have passed", async () => {
    const result = await recordOfflineGift(
      { donor: { kind: "anonymous" }, amountPence: 2_000, receivedOn: "2026-10-20", causeId: null, method: "cash", benefitPence: 0, declaration: declaration({ firstName: "Bob", how: "spoken", madeOn: "2026-10-20" }) },
      staff,
    );
    if (!result.ok) throw new Error(result.error);
    const range = (asOf: string) => ({ from: "2026-10-01", to: "2026-10-31", asOf: new Date(asOf) });
    const refs = async (asOf: string) => (await eligibleGifts(range(asOf))).map((g) => g.reference);
    // No written record sent yet: never claimable.
    expect(await refs("2027-06-01T12:00:00Z")).not.toContain(result.reference);

    const [gift] = await getDb().select().from(donations).where(eq(donations.id, result.donationId));
    expect(await markRecordSent(gift!.declaration_id!, "2026-11-01", staff)).toBe(true);
    expect(await markRecordSent(gift!.declaration_id!, "2026-11-02", staff)).toBe(false);
    const [record] = await getDb().select().from(declarationRecords).where(eq(declarationRecords.declaration_id, gift!.declaration_id!));
    expect(record!.record_sent_on).toBe("2026-11-01");

    expect(await refs("2026-12-01T23:30:00Z")).not.toContain(result.reference);
    expect(await refs("2026-12-02T00:30:00Z")).toContain(result.reference);
    // Marking a claim before the 30 days have passed leaves the gift out.
    const early = await markClaimed(range("2026-11-15T12:00:00Z"), staff.email);
    const [still] = await getDb().select().from(donations).where(eq(donations.id, result.donationId));
    expect(still!.claim_id).toBeNull();
    if (early) expect(early.total_pence).not.toBe(0);
  });
});

describe("the Small Donations Scheme claim", () => {
  const today = "2027-05-01";
  async function collect(pence: number, on = "2025-06-14") {
    const r = await recordCollection({ collectedOn: on, place: "Craft fair", collectedAs: "cash", amountPence: pence, causeId: null }, staff);
    if (!r.ok) throw new Error(r.error);
    return r;
  }
  async function giftAidClaimed(pence: number, on = "2025-07-01") {
    const r = await recordOfflineGift({ donor: { kind: "anonymous" }, amountPence: pence, receivedOn: on, causeId: null, method: "cash", benefitPence: 0, declaration: declaration({ madeOn: on }) }, staff);
    if (!r.ok) throw new Error(r.error);
    await markClaimed({ from: on, to: on, asOf: new Date() }, staff.email);
  }
  const year2025 = async () => (await smallDonationsYears(today)).find((y) => y.taxYear === 2025)!;

  it("refuses a year with no ordinary claim, then holds to 10× the Gift Aid donations, then to £8,000", async () => {
    const collection = await collect(50_000);
    const before = await listDonations(parseDonationFilters(new URLSearchParams({ from: "2025-06-14", to: "2025-06-14" })));
    expect(before.items.map((i) => i.reference)).toContain(collection.reference);
    expect(before.items.find((i) => i.reference === collection.reference)!.paid_by).toBe("collection: Craft fair");

    let year = await year2025();
    expect(year).toMatchObject({ collectedPence: 50_000, giftAidClaimedPence: 0, claimablePence: 0, allowed: false });
    expect(year.reasons[0]).toMatch(/No Gift Aid has been claimed/);
    expect(await claimSmallDonations(2025, staff, today)).toBeNull();

    // £20 of Gift Aid donations claimed: at most £200 of small donations.
    await giftAidClaimed(2_000);
    year = await year2025();
    expect(year).toMatchObject({ giftAidClaimedPence: 2_000, limitPence: 20_000, claimablePence: 20_000, topUpPence: 5_000 });
    const first = await claimSmallDonations(2025, staff, today);
    expect(first).toMatchObject({ tax_year: 2025, donations_pence: 20_000, top_up_pence: 5_000 });
    expect(await claimSmallDonations(2025, staff, today)).toBeNull();

    // More Gift Aid claimed raises the limit; the cap of £8,000 still holds.
    await giftAidClaimed(100_000, "2026-03-01");
    await collect(900_000, "2026-02-01");
    year = await year2025();
    expect(year).toMatchObject({ collectedPence: 950_000, claimedPence: 20_000, limitPence: 800_000, claimablePence: 780_000 });
    const second = await claimSmallDonations(2025, staff, today);
    expect(second).toMatchObject({ donations_pence: 780_000, top_up_pence: 195_000 });
    year = await year2025();
    expect(year).toMatchObject({ claimedPence: 800_000, claimablePence: 0, allowed: false });

    // Two years after the tax year ends, nothing more.
    const late = (await smallDonationsYears("2028-04-06")).find((y) => y.taxYear === 2025)!;
    expect(late.reasons[0]).toMatch(/Too late/);
  });

  it("counts two claims pressed at once only once", async () => {
    await collect(10_000, "2024-06-01");
    await giftAidClaimed(10_000, "2024-07-01");
    const [a, b] = await Promise.all([claimSmallDonations(2024, staff, "2025-05-01"), claimSmallDonations(2024, staff, "2025-05-01")]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((a ?? b)!.donations_pence).toBe(10_000);
  });
});

describe("the collection form, read with its schema", () => {
  const post = async (fields: Record<string, string>) => {
    const { token } = await staffSession("editor", { permissions: ["donations"] });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return throughLayouts("features/offline-gifts/admin/collections.tsx", collectionsRoute.action, routeArgs("/admin/donations/collections", {}, { token, method: "POST", body }));
  };
  const atPlace = (place: string) =>
    getDb()
      .select({ amount_pence: donations.amount_pence, cause_id: donations.cause_id, collected_as: offlineGifts.collected_as })
      .from(offlineGifts)
      .innerJoin(donations, eq(donations.id, offlineGifts.donation_id))
      .where(eq(offlineGifts.place, place));

  it("refuses each wrong field with its own message under the collection form, keeps the values and records nothing", async () => {
    const answer = await post({ collectedOn: "2999-01-01", place: "  ", collectedAs: "cheque", amount: "12.505", cause: "general" });
    const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.intent).toBe("collection");
    expect(data.reply.error).toEqual({
      collectedOn: ["The date cannot be in the future."],
      place: ["Enter where the collection was made, like Craft fair, Market Square."],
      collectedAs: ["Choose cash or contactless."],
      amount: ["Enter the amount with no more than 2 digits after the point, for example 12.50"],
      small: ["Confirm that every gift in the collection was £30 or less: only those count for the Small Donations Scheme."],
    });
    expect(data.reply.initialValue).toMatchObject({ collectedOn: "2999-01-01", amount: "12.505" });
    expect(await atPlace("  ")).toEqual([]);
  });

  it("records a collection the form accepts, in pence, for the cause chosen", async () => {
    const [cause] = await getDb().select().from(causes).limit(1);
    const answer = await post({ collectedOn: "2026-06-13", place: "Schema fair", collectedAs: "contactless", amount: "123.45", small: "on", cause: String(cause!.id) });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    const [row] = await atPlace("Schema fair");
    expect(row).toMatchObject({ amount_pence: 12_345, cause_id: cause!.id, collected_as: "contactless" });
  });
});

describe("the offline gift form, read with its schema", () => {
  const post = async (fields: Record<string, string>) => {
    const { token } = await staffSession("editor", { permissions: ["donations"] });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return throughLayouts("features/offline-gifts/admin/offline.tsx", offlineRoute.action, routeArgs("/admin/donations/offline", {}, { token, method: "POST", body }));
  };
  type Refusal = { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
  const byEmail = (email: string) =>
    getDb()
      .select({ amount_pence: donations.amount_pence, method: offlineGifts.method, declaration_id: donations.declaration_id })
      .from(donations)
      .innerJoin(offlineGifts, eq(offlineGifts.donation_id, donations.id))
      .where(eq(donations.email, email));
  const ticked = { giftAid: "on", firstName: "Ann", lastName: "Lee", house: "4", postcode: "MB1 2AB", madeOn: "2026-05-01", how: "paper" };

  it("refuses each wrong field with its own message under the gift form, keeps the values and records nothing", async () => {
    const email = "schema.refused@example.org";
    const answer = await post({ donor: "new", name: "", email, amount: "12.345", receivedOn: "2026-05-02", method: "cash", cause: "general", ...ticked, postcode: "nowhere" });
    const { data, init } = answer as unknown as Refusal;
    expect(init.status).toBe(400);
    expect(data.intent).toBe("gift");
    expect(data.reply.error).toEqual({
      name: ["Enter the donor's name."],
      amount: ["Enter the amount with no more than 2 digits after the point, for example 12.50"],
      postcode: ["Enter a UK postcode, like MB1 2AB."],
    });
    expect(data.reply.initialValue).toMatchObject({ email, amount: "12.345", postcode: "nowhere", giftAid: "on" });
    expect(await byEmail(email)).toEqual([]);
  });

  it("answers the ledger's refusal as the whole form's message, with the values as typed", async () => {
    const email = "schema.benefit@example.org";
    const answer = await post({ donor: "new", name: "Ann Lee", email, amount: "40", receivedOn: "2026-05-02", method: "cash", cause: "general", benefit: "10.01", ...ticked });
    const { data, init } = answer as unknown as Refusal;
    expect(init.status).toBe(400);
    expect(data.reply.error).toEqual({ "": [expect.stringMatching(/more than HMRC allows/)] });
    expect(data.reply.initialValue).toMatchObject({ amount: "40", benefit: "10.01" });
    expect(await byEmail(email)).toEqual([]);
  });

  it("records a gift the form accepts, in pence, ignoring an unticked declaration's fields", async () => {
    const email = "schema.accepted@example.org";
    const answer = await post({ donor: "new", name: "Ann Lee", email, amount: "£1,250.05", receivedOn: "2026-05-02", method: "cheque", cause: "general", ...ticked, giftAid: "", postcode: "junk" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect(await byEmail(email)).toEqual([{ amount_pence: 125_005, method: "cheque", declaration_id: null }]);
  });
});
