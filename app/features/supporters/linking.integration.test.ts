import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { donationCheckouts, donations, giftAidDeclarations } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { formSubmissions } from "../submissions/table.ts";
import { createBooking } from "../bookings/bookings.server.ts";
import { DONATION_EVENT_HANDLERS } from "../giving/ledger.server.ts";
import { submitPublicForm } from "../submissions/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { volunteerForm } from "../../../tests/helpers/submissions.ts";
import { consentEvents, supporters } from "./table.ts";
import { CONSENT_WORDING } from "./consent.ts";
import { linkSupporter } from "./supporters.server.ts";

setupTestDatabase();

let n = 0;
async function makeEvent() {
  const [row] = await getDb()
    .insert(events)
    .values({ title: `Linking event ${++n}`, date: "2030-06-15", time: "19:30", description: "A test event", location: "Hall", category: "social", booking_mode: "free", tickets_available: 50 })
    .returning();
  return row;
}

/** A one-off gift as Stripe reports it, through the ledger's real handler. */
async function giftThroughStripe(email: string, values: Record<string, string>) {
  const token = `tok_${++n}_${Date.now()}`;
  const reference = `MCF-LINK${String(n).padStart(4, "0")}`;
  await getDb().insert(donationCheckouts).values({ token, reference, mode: "one-off", amount_pence: 2500, values: { email, ...values } });
  const event = {
    id: `evt_${token}`,
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${token}`,
        mode: "payment",
        payment_status: "paid",
        currency: "gbp",
        amount_total: 2500,
        metadata: { reference, checkout: token },
        customer_details: { email },
        payment_intent: `pi_${token}`,
      },
    },
  } as unknown as Stripe.Event;
  await getDb().transaction(async (tx) => {
    await DONATION_EVENT_HANDLERS["checkout.session.completed"]!(event, tx);
  });
  const [gift] = await getDb().select().from(donations).where(eq(donations.reference, reference));
  return gift;
}

describe("one supporter per person", () => {
  it("a gift, a booking and a volunteer offer with the same address in different case land on one supporter", async () => {
    const gift = await giftThroughStripe("Maria.Lopez@Example.org", { firstName: "Maria", lastName: "Lopez", postcode: "mb1 2ab", giftAid: "on", title: "Ms", house: "4" });
    const event = await makeEvent();
    const booked = await createBooking({ eventId: event.id, name: "Maria Lopez", email: "maria.lopez@example.org", quantity: 2 });
    expect(booked.ok).toBe(true);
    const offered = await submitPublicForm("volunteer", volunteerForm({ fullName: "Maria Lopez", email: "  MARIA.LOPEZ@example.org " }), { ip: "203.0.113.77" });
    expect(offered.status).toBe("ok");

    const people = await getDb().select().from(supporters).where(eq(supporters.email, "maria.lopez@example.org"));
    expect(people).toHaveLength(1);
    const [maria] = people;
    expect(maria).toMatchObject({ name: "Maria Lopez", postcode: "MB1 2AB" });
    expect(gift.supporter_id).toBe(maria.id);
    const [declaration] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, gift.declaration_id!));
    expect(declaration.supporter_id).toBe(maria.id);
    const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, booked.ok ? booked.booking.id : ""));
    expect(booking.supporter_id).toBe(maria.id);
    const [form] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, offered.status === "ok" ? offered.reference : ""));
    expect(form.supporter_id).toBe(maria.id);
    // Nobody ticked the consent box: no consent is recorded.
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, maria.id))).toEqual([]);
  });

  it("a ticked consent box records consent with the wording and the form; an unticked one records nothing", async () => {
    const ticked = await submitPublicForm("volunteer", volunteerForm({ email: "ticked@example.org", emailConsent: "on" }), { ip: "203.0.113.78" });
    expect(ticked.status).toBe("ok");
    const [person] = await getDb().select().from(supporters).where(eq(supporters.email, "ticked@example.org"));
    const recorded = await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, person.id));
    expect(recorded).toEqual([expect.objectContaining({ given: true, source: "Volunteer form", wording: CONSENT_WORDING })]);

    const event = await makeEvent();
    await createBooking({ eventId: event.id, name: "Una Ticked", email: "unticked@example.org", quantity: 1, emailConsent: false });
    const [una] = await getDb().select().from(supporters).where(eq(supporters.email, "unticked@example.org"));
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, una.id))).toEqual([]);

    await giftThroughStripe("giver@example.org", { firstName: "Gil", lastName: "Giver", emailConsent: "on" });
    const [gil] = await getDb().select().from(supporters).where(eq(supporters.email, "giver@example.org"));
    expect(await getDb().select({ source: consentEvents.source, wording: consentEvents.wording }).from(consentEvents).where(eq(consentEvents.supporter_id, gil.id))).toEqual([
      { source: "Donation form", wording: CONSENT_WORDING },
    ]);
  });

  it("concurrent links of one new address make one supporter", async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => getDb().transaction((tx) => linkSupporter(tx, { email: i % 2 ? "Race@Example.org" : " race@example.org", name: `R ${i}` }))));
    expect(new Set(ids).size).toBe(1);
    expect(await getDb().select().from(supporters).where(eq(supporters.email, "race@example.org"))).toHaveLength(1);
  });
});

describe("the migration", () => {
  it("makes one supporter per address of existing rows and links every row", async () => {
    const db = getDb();
    const file = readdirSync(path.resolve("drizzle")).find((f) => /^\d+_supporters\.sql$/.test(f))!;
    const migration = readFileSync(path.resolve("drizzle", file), "utf8");
    const backfill = migration.slice(migration.indexOf("-- One supporter for each address"));
    expect(backfill.length).toBeGreaterThan(100);

    // Rows as they were before supporters existed.
    const event = await makeEvent();
    await db.insert(giftAidDeclarations).values({ email: "Old.Donor@Example.org ", title: "Mr", first_name: "Olly", last_name: "Donor", house: "1", postcode: "MB3 1AA", declaration_text: "x" });
    await db.insert(donations).values([
      { reference: "MCF-OLD0001", amount_pence: 1000, mode: "one-off", email: "old.donor@example.org" },
      { reference: "MCF-OLD0002", amount_pence: 1000, mode: "one-off", email: "OLD.DONOR@example.org" },
    ]);
    await db.insert(bookings).values({ reference: "MCF-OLDB-0001", event_id: event.id, name: "Olly Donor", email: "Old.donor@example.org", quantity: 1, status: "confirmed", cancel_token_hash: `old-${Date.now()}` });
    await db.insert(formSubmissions).values({ reference: "VOL-OLD-1", kind: "volunteer", name: "Bea Other", email: "bea@example.org", data: {} });
    await db.execute(sql`update donations set supporter_id = null; update bookings set supporter_id = null; update form_submissions set supporter_id = null; update gift_aid_declarations set supporter_id = null; update monthly_gifts set supporter_id = null; delete from supporters`);

    for (const statement of backfill.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    const olly = await db.select().from(supporters).where(eq(supporters.email, "old.donor@example.org"));
    expect(olly).toHaveLength(1);
    expect(olly[0]).toMatchObject({ name: "Olly Donor", postcode: "MB3 1AA" });
    const linked = await db.execute<{ n: number }>(sql`
      select (select count(*) from donations where reference like 'MCF-OLD%' and supporter_id = ${olly[0].id})::int
           + (select count(*) from bookings where reference = 'MCF-OLDB-0001' and supporter_id = ${olly[0].id})::int
           + (select count(*) from gift_aid_declarations where supporter_id = ${olly[0].id})::int as n`);
    expect(linked.rows[0].n).toBe(4);
    const [bea] = await db.select().from(supporters).where(eq(supporters.email, "bea@example.org"));
    const [form] = await db.select().from(formSubmissions).where(eq(formSubmissions.reference, "VOL-OLD-1"));
    expect(form.supporter_id).toBe(bea.id);
    const unlinked = await db.execute<{ n: number }>(sql`select count(*)::int as n from donations where supporter_id is null`);
    expect(unlinked.rows[0].n).toBe(0);
  });
});
