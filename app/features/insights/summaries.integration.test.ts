/**
 * money_daily, the ledger's daily summary the money report reads, against the ledger
 * itself: after each way a gift changes (a refund webhook arriving late, an offline gift,
 * a Gift Aid claim and its undoing, a cancelled declaration, an erased donor) the summary
 * must hold exactly what adding up `donations` gives, and the report must show it.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { causes } from "../causes/table.ts";
import { DONATION_EVENT_HANDLERS } from "../giving/ledger.server.ts";
import { markClaimed, undoClaim } from "../giving/gift-aid.server.ts";
import { cancelDeclaration } from "../giving/admin.server.ts";
import { erasePersonalData } from "../../domain/data-protection/retention.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { recordOfflineGift } from "../offline-gifts/offline-gifts.server.ts";
import { appeals } from "../appeals/table.ts";
import { periodFrom } from "./period.ts";
import { moneyReport } from "./reports.server.ts";

setupTestDatabase();

const actor = { email: "treasurer@example.org", ip: "127.0.0.1" };

interface Line {
  day: string;
  stream: string;
  cause: string;
  gifts: number;
  pence: number;
  waiting: number;
  claimed: number;
}

const normalise = (rows: Record<string, unknown>[]): Line[] =>
  rows
    .map((r) => ({
      day: String(r.day),
      stream: String(r.stream),
      cause: String(r.cause),
      gifts: Number(r.gifts),
      pence: Number(r.pence),
      waiting: Number(r.waiting),
      claimed: Number(r.claimed),
    }))
    .filter((r) => r.gifts !== 0 || r.pence !== 0 || r.waiting !== 0 || r.claimed !== 0)
    .sort((a, b) => `${a.day}|${a.stream}|${a.cause}`.localeCompare(`${b.day}|${b.stream}|${b.cause}`));

/** The summary as it stands. */
async function summary(): Promise<Line[]> {
  const { rows } = await getDb().execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, stream, cause, sum(gifts) as gifts, sum(pence) as pence,
           sum(aid_waiting_pence) as waiting, sum(aid_claimed_pence) as claimed
    from money_daily group by 1, 2, 3`);
  return normalise(rows);
}

/** The same figures added up from the ledger's own rows, with no help from the summary. */
async function fromLedger(): Promise<Line[]> {
  const { rows } = await getDb().execute(sql`
    select day, stream, cause, sum(gifts) as gifts, sum(pence) as pence, sum(waiting) as waiting, sum(claimed) as claimed from (
      select to_char((d.paid_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
             case when exists (select 1 from offline_gifts o where o.donation_id = d.id) then 'offline' else d.mode end as stream,
             coalesce(d.cause_title, 'Where it is needed most') as cause, 1 as gifts, d.amount_pence::bigint as pence,
             case when d.status = 'paid' and d.claim_id is null and g.id is not null and (g.cancelled_at is null or g.cancelled_at > d.paid_at) then d.amount_pence / 4 else 0 end as waiting,
             case when d.status = 'paid' and d.claim_id is not null and g.id is not null and (g.cancelled_at is null or g.cancelled_at > d.paid_at) then d.amount_pence / 4 else 0 end as claimed
      from donations d left join gift_aid_declarations g on g.id = d.declaration_id
      union all
      select to_char((d.refunded_at at time zone 'Europe/London')::date, 'YYYY-MM-DD'),
             case when exists (select 1 from offline_gifts o where o.donation_id = d.id) then 'offline' else d.mode end,
             coalesce(d.cause_title, 'Where it is needed most'), 0, -d.amount_pence::bigint, 0, 0
      from donations d where d.status = 'refunded' and d.refunded_at is not null) ledger
    group by 1, 2, 3`);
  return normalise(rows);
}

/** The lines of one month (each test writes its own month; the database is shared by the file). */
const inMonth = (lines: Line[], month: string) => lines.filter((l) => l.day.startsWith(month));

async function expectSummaryMatchesLedger() {
  const ledger = await fromLedger();
  expect(await summary()).toEqual(ledger);
  return ledger;
}

let n = 0;
async function onlineGift(values: { pence: number; at: string; email?: string; cause?: { id: number; title: string }; declaration?: string }) {
  n += 1;
  const [row] = await getDb()
    .insert(donations)
    .values({
      reference: `MCF-SUM-${n}`,
      amount_pence: values.pence,
      mode: "one-off",
      email: values.email ?? `donor${n}@example.org`,
      cause_id: values.cause?.id ?? null,
      cause_title: values.cause?.title ?? null,
      declaration_id: values.declaration ?? null,
      stripe_payment_intent_id: `pi_sum_${n}`,
      paid_at: new Date(values.at),
    })
    .returning();
  return row;
}

async function declaration(email: string) {
  const [row] = await getDb()
    .insert(giftAidDeclarations)
    .values({ email, title: "Ms", first_name: "Ann", last_name: "Giver", house: "1", postcode: "MB1 1AA", declaration_text: "I want to Gift Aid my donation", made_at: new Date("2025-01-01T12:00:00Z") })
    .returning();
  return row;
}

/** A Stripe charge.refunded event, as the webhook would hand it over, made at `at`. */
async function refundWebhook(paymentIntent: string, at: string) {
  const event = { id: `evt_${paymentIntent}`, type: "charge.refunded", created: Math.floor(new Date(at).getTime() / 1000), data: { object: { id: `ch_${paymentIntent}`, payment_intent: paymentIntent, refunded: true } } };
  await getDb().transaction(async (tx) => {
    await DONATION_EVENT_HANDLERS["charge.refunded"]!(event as unknown as Stripe.Event, tx);
  });
}

const moneyIn = async (from: string, to: string) => {
  const report = await moneyReport(periodFrom(new URLSearchParams({ from, to }), "2026-11-27", 4));
  return Object.fromEntries(report.figures.map((f) => [f.label, f.value]));
};

describe("money_daily, the money report's summary of the ledger", () => {
  it("moves with a refund whose webhook arrives late: out on the day of the refund, not the day it was recorded", async () => {
    const gift = await onlineGift({ pence: 6_000, at: "2026-03-10T12:00:00Z" });
    await onlineGift({ pence: 1_000, at: "2026-04-05T12:00:00Z" });
    expect(await moneyIn("2026-04-01", "2026-04-30")).toMatchObject({ "Money in": 1_000 });
    // Refunded on 20 April; Stripe's event reaches the site weeks later.
    await refundWebhook(gift.stripe_payment_intent_id!, "2026-04-20T09:00:00Z");
    const ledger = await expectSummaryMatchesLedger();
    expect(ledger.find((l) => l.day === "2026-04-20")).toMatchObject({ pence: -6_000, gifts: 0 });
    expect(await moneyIn("2026-04-01", "2026-04-30")).toMatchObject({ "Money in": -5_000 });
    expect(await moneyIn("2026-03-01", "2026-03-31")).toMatchObject({ "Money in": 6_000 });
  });

  it("counts an offline gift in its own stream, with its Gift Aid, from the moment it is recorded", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Food bank", description: "Food for families", goal_pence: 100_000 }).returning();
    const result = await recordOfflineGift(
      {
        donor: { kind: "new", name: "Cheque Giver", email: "cheque@example.org" },
        amountPence: 8_000,
        receivedOn: "2026-05-12",
        causeId: cause.id,
        method: "cheque",
        benefitPence: 0,
        declaration: { title: "Mr", firstName: "Cheque", lastName: "Giver", house: "2", postcode: "mb1 1aa", madeOn: "2026-05-12", how: "paper", recordSentOn: null },
      },
      actor,
    );
    expect(result.ok).toBe(true);
    const ledger = await expectSummaryMatchesLedger();
    expect(inMonth(ledger, "2026-05")).toEqual([{ day: "2026-05-12", stream: "offline", cause: "Food bank", gifts: 1, pence: 8_000, waiting: 2_000, claimed: 0 }]);
    expect(await moneyIn("2026-05-01", "2026-05-31")).toMatchObject({ "Money in": 8_000, "Offline gifts": 8_000, "Gift Aid waiting to be claimed": 2_000 });
  });

  it("moves Gift Aid from waiting to claimed with a claim, back with its undoing, and takes it off gifts after a declaration is cancelled", async () => {
    const declared = await declaration("ann@example.org");
    await onlineGift({ pence: 4_000, at: "2026-06-01T12:00:00Z", email: "ann@example.org", declaration: declared.id });
    await onlineGift({ pence: 2_000, at: "2026-06-02T12:00:00Z", email: "ann@example.org", declaration: declared.id });
    await expectSummaryMatchesLedger();
    expect(await moneyIn("2026-06-01", "2026-06-30")).toMatchObject({ "Gift Aid waiting to be claimed": 1_500, "Gift Aid claimed": 0 });

    const claim = await markClaimed({ from: "2026-06-01", to: "2026-06-01", asOf: new Date() }, "treasurer@example.org");
    await expectSummaryMatchesLedger();
    expect(await moneyIn("2026-06-01", "2026-06-30")).toMatchObject({ "Gift Aid waiting to be claimed": 500, "Gift Aid claimed": 1_000 });

    expect(claim).not.toBeNull();
    await undoClaim(claim!.id);
    await expectSummaryMatchesLedger();
    expect(await moneyIn("2026-06-01", "2026-06-30")).toMatchObject({ "Gift Aid waiting to be claimed": 1_500, "Gift Aid claimed": 0 });

    // Cancelled now: every gift here is earlier, so nothing moves; moved back before the
    // second gift, that gift loses its Gift Aid.
    expect(await cancelDeclaration(declared.id)).toBe(true);
    await expectSummaryMatchesLedger();
    expect(await moneyIn("2026-06-01", "2026-06-30")).toMatchObject({ "Gift Aid waiting to be claimed": 1_500 });
    await getDb().update(giftAidDeclarations).set({ cancelled_at: new Date("2026-06-01T18:00:00Z") }).where(eq(giftAidDeclarations.id, declared.id));
    await expectSummaryMatchesLedger();
    expect(await moneyIn("2026-06-01", "2026-06-30")).toMatchObject({ "Gift Aid waiting to be claimed": 1_000, "Money in": 6_000 });
  });

  it("takes an erased donor's gifts off, an offline one included, and leaves the others", async () => {
    await onlineGift({ pence: 3_000, at: "2026-07-01T12:00:00Z", email: "erin@example.org" });
    await onlineGift({ pence: 500, at: "2026-07-01T13:00:00Z", email: "someone@example.org" });
    const offline = await recordOfflineGift(
      { donor: { kind: "new", name: "Erin", email: "erin@example.org" }, amountPence: 2_500, receivedOn: "2026-07-01", causeId: null, method: "cash", benefitPence: 0, declaration: null },
      actor,
    );
    expect(offline.ok).toBe(true);
    expect(await moneyIn("2026-07-01", "2026-07-31")).toMatchObject({ "Money in": 6_000, "Offline gifts": 2_500 });
    await erasePersonalData("erin@example.org", actor);
    const ledger = await expectSummaryMatchesLedger();
    expect(inMonth(ledger, "2026-07")).toEqual([{ day: "2026-07-01", stream: "one-off", cause: "Where it is needed most", gifts: 1, pence: 500, waiting: 0, claimed: 0 }]);
    expect(await moneyIn("2026-07-01", "2026-07-31")).toMatchObject({ "Money in": 500 });
  });

  it("follows a gift changed by hand (amount, cause, day) and deleted, and the migration's backfill gives the same rows", async () => {
    const gift = await onlineGift({ pence: 1_200, at: "2026-08-31T23:30:00Z" });
    await getDb().update(donations).set({ amount_pence: 1_500, cause_title: "Library", paid_at: new Date("2026-08-15T10:00:00Z") }).where(eq(donations.id, gift.id));
    await onlineGift({ pence: 700, at: "2026-08-20T10:00:00Z" });
    await expectSummaryMatchesLedger();
    await getDb().delete(donations).where(eq(donations.id, gift.id));
    const ledger = await expectSummaryMatchesLedger();
    expect(inMonth(ledger, "2026-08")).toEqual([{ day: "2026-08-20", stream: "one-off", cause: "Where it is needed most", gifts: 1, pence: 700, waiting: 0, claimed: 0 }]);

    // The backfill statement of the migration, run on an emptied summary, rebuilds it.
    const migration = fs.readdirSync(path.resolve("drizzle")).find((f) => f.endsWith("_insights_money_daily.sql"))!;
    const statements = fs.readFileSync(path.resolve("drizzle", migration), "utf8").split("--> statement-breakpoint");
    const backfill = statements.find((s) => s.includes("INSERT INTO money_daily (day, stream") && s.includes("FROM donations d"))!;
    await onlineGift({ pence: 900, at: "2026-08-21T10:00:00Z" });
    await getDb().execute(sql`delete from money_daily`);
    expect(await summary()).toEqual([]);
    await getDb().execute(sql.raw(backfill));
    const rebuilt = await expectSummaryMatchesLedger();
    expect(inMonth(rebuilt, "2026-08")).toHaveLength(2);
  });

  it("gives money in by appeal: gifts to the appeal's cause on the appeal's days, less refunds", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Roof appeal", description: "Mend the hall roof", goal_pence: 100_000 }).returning();
    await getDb().insert(appeals).values({ cause_id: cause.id, goal_pence: 100_000, starts_on: "2026-09-10", ends_on: "2026-09-20" });
    await onlineGift({ pence: 5_000, at: "2026-09-09T12:00:00Z", cause: cause }); // before the appeal: the cause, not the appeal
    await onlineGift({ pence: 3_000, at: "2026-09-12T12:00:00Z", cause: cause });
    const refunded = await onlineGift({ pence: 1_000, at: "2026-09-15T12:00:00Z", cause: cause });
    await refundWebhook(refunded.stripe_payment_intent_id!, "2026-09-16T12:00:00Z");
    await expectSummaryMatchesLedger();
    const report = await moneyReport(periodFrom(new URLSearchParams({ from: "2026-09-01", to: "2026-09-30" }), "2026-11-27", 4));
    const byAppeal = report.charts.find((c) => c.id === "by-appeal")!;
    expect(byAppeal.categories).toEqual(["Roof appeal"]);
    expect(byAppeal.series[0].values).toEqual([3_000]);
    const byCause = report.charts.find((c) => c.id === "by-cause")!;
    expect(byCause.series[0].values[byCause.categories.indexOf("Roof appeal")]).toBe(8_000);
  });
});

describe("monthly donors, added up in one pass", () => {
  it("gives the same started, ended and active figures as comparing each monthly gift with each month's end", async () => {
    const gifts: [string, string | null][] = [
      ["2025-12-10T10:00:00Z", null],
      ["2026-04-01T10:00:00Z", "2026-06-15T10:00:00Z"],
      ["2026-04-30T23:30:00Z", null], // 1 May in Millbrook
      ["2026-05-02T10:00:00Z", "2026-05-31T23:30:00Z"], // ended 1 June in Millbrook
      ["2026-06-20T10:00:00Z", "2026-06-25T10:00:00Z"],
      ["2026-02-01T10:00:00Z", "2026-08-01T10:00:00Z"],
    ];
    for (const [i, [started, ended]] of gifts.entries()) {
      await getDb()
        .insert(monthlyGifts)
        .values({ reference: `MCF-M-SUM-${i}`, stripe_subscription_id: `sub_sum_${i}`, email: `m${i}@example.org`, amount_pence: 1_000, stop_token: `stop-sum-${i}`, started_at: new Date(started), ended_at: ended ? new Date(ended) : null, status: ended ? "ended" : "active" });
    }
    const rows = await getDb().select({ started: monthlyGifts.started_at, ended: monthlyGifts.ended_at }).from(monthlyGifts);
    const londonMonth = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).format(at);
    const months = ["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09"];
    const expected = {
      started: months.map((m) => rows.filter((r) => londonMonth(r.started) === m).length),
      ended: months.map((m) => rows.filter((r) => r.ended && londonMonth(r.ended) === m).length),
      active: months.map((m) => rows.filter((r) => londonMonth(r.started) <= m && (!r.ended || londonMonth(r.ended) > m)).length),
    };
    expect(expected).toEqual({ started: [1, 2, 1, 0, 0, 0], ended: [0, 0, 3, 0, 1, 0], active: [3, 5, 3, 3, 2, 2] });
    const report = await moneyReport(periodFrom(new URLSearchParams({ from: "2026-04-01", to: "2026-09-30" }), "2026-11-27", 4));
    const donors = report.charts.find((c) => c.id === "monthly-donors")!;
    const series = (key: string) => donors.series.find((s) => s.key === key)!.values;
    expect({ started: series("started"), ended: series("ended"), active: series("active") }).toEqual(expected);
  });
});
