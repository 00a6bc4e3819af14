/**
 * Ticket orders of several types against a real PostgreSQL: mixed orders racing for a
 * capacity where a Family ticket counts 4 places, a 10-use code raced by 30 orders, and a
 * family order with a code and a donation paid through the Stripe double (the donation in
 * the ledger and the Gift Aid claim, admission never), then checked in at the door in part.
 * The event page's action says a refused code once, under the code field.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { donations } from "../../app/features/giving/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { availability, checkIn, createBooking, holdForCheckout, linesOf, ticketOffer } from "../../app/features/bookings/bookings.server.ts";
import { eligibleGifts } from "../../app/features/giving/gift-aid.server.ts";
import { RouterContextProvider } from "react-router";
import { action as eventAction } from "../../app/features/events/event-page.tsx";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { withStripeDouble } from "../helpers/stripe-site.ts";
import { discountCodes, eventTicketTypes } from "../../app/features/event-tickets/table.ts";

setupTestDatabase();

const origin = "http://localhost:5999";
const { stripe } = withStripeDouble({ PUBLIC_URL: origin });

let n = 0;
async function makeEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(events)
    .values({ title: `Ticketed event ${++n}`, date: "2030-06-15", time: "11:00", description: "A test event", location: "Millbrook Green", category: "family", booking_mode: "free", tickets_available: 20, ...values })
    .returning();
  return row;
}

async function addTypes(eventId: number, types: { name: string; price_pence?: number; places_per_ticket?: number; ticket_limit?: number | null }[]) {
  return getDb()
    .insert(eventTicketTypes)
    .values(types.map((t, position) => ({ event_id: eventId, position, ...t })))
    .returning();
}

describe("mixed orders against one capacity", () => {
  it("100 parallel orders of Adult, Child and Family (4 places) against 20 places: exactly 20 sold, and the counts add up", async () => {
    const event = await makeEvent({ tickets_available: 20 });
    const [adult, child, family] = await addTypes(event.id, [{ name: "Adult" }, { name: "Child" }, { name: "Family", places_per_ticket: 4, ticket_limit: 3 }]);
    const orders = Array.from({ length: 100 }, (_, i) => {
      // Single adults last, so the final places are always wanted by someone.
      const lines =
        i >= 80
          ? [{ typeId: adult.id, quantity: 1 }]
          : i % 3 === 0
            ? [{ typeId: family.id, quantity: 1 }, { typeId: child.id, quantity: 1 }]
            : i % 3 === 1
              ? [{ typeId: adult.id, quantity: 2 }, { typeId: child.id, quantity: 1 }]
              : [{ typeId: child.id, quantity: 2 }];
      return { eventId: event.id, name: `Buyer ${i}`, email: `buyer${i}@example.org`, quantity: 0, lines };
    });
    const results = await Promise.all(orders.map((o) => createBooking(o, { confirmByEmail: false })));
    const sold = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(sold.length + refused.length).toBe(100);
    for (const r of refused) expect(["sold-out", "not-enough", "type-not-enough"]).toContain(r.ok ? "ok" : r.reason);

    // Exactly the capacity sold, and each booking's places are its lines' places.
    const rows = await getDb().select().from(bookings).where(eq(bookings.event_id, event.id));
    expect(rows.every((b) => b.status === "confirmed")).toBe(true);
    expect(rows.reduce((sum, b) => sum + b.quantity, 0)).toBe(20);
    let familyTickets = 0;
    for (const b of rows) {
      const lines = await linesOf(b.id);
      expect(lines.reduce((sum, l) => sum + l.quantity * l.places_per_ticket, 0)).toBe(b.quantity);
      familyTickets += lines.filter((l) => l.ticket_type_id === family.id).reduce((sum, l) => sum + l.quantity, 0);
    }
    // The Family type's own limit (3) held too.
    expect(familyTickets).toBeLessThanOrEqual(3);
    expect(await availability(event.id)).toEqual({ limit: 20, sold: 20, held: 0, offered: 0, left: 0 });
    const offer = await ticketOffer(event);
    expect(offer?.state).toBe("sold-out");
    expect(offer?.types.map((t) => t.left)).toEqual([0, 0, 0]);
  });
});

describe("a code limited to 10 uses", () => {
  it("raced by 30 orders over three events is used exactly 10 times; the others are told it is used up and nothing is held for them", async () => {
    // Three events: their own locks do not serialise each other, only the code's does.
    const races: { event: Awaited<ReturnType<typeof makeEvent>>; adult: Awaited<ReturnType<typeof addTypes>>[number] }[] = [];
    for (let e = 0; e < 3; e++) {
      const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1000, tickets_available: 200 });
      const [adult] = await addTypes(event.id, [{ name: "Adult", price_pence: 1000 }]);
      races.push({ event, adult });
    }
    await getDb().insert(discountCodes).values({ code: "RACE10", kind: "percent", amount: 50, max_uses: 10 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const { event, adult } = races[i % 3];
        return holdForCheckout({ eventId: event.id, name: `Racer ${i}`, email: `racer${i}@example.org`, quantity: 0, lines: [{ typeId: adult.id, quantity: 1 }], code: "race10" }, { origin });
      }),
    );
    const held = results.filter((r) => r.ok);
    expect(held).toHaveLength(10);
    const refusals = results.filter((r) => !r.ok);
    expect(refusals).toHaveLength(20);
    for (const r of refusals) expect(r).toEqual({ ok: false, reason: "code", message: "Sorry, the code RACE10 has been used up." });
    const [{ uses, places }] = await getDb()
      .select({ uses: sql<number>`count(*) filter (where ${bookings.discount_code_id} is not null)::int`, places: sql<number>`coalesce(sum(${bookings.quantity}), 0)::int` })
      .from(bookings)
      .where(inArray(bookings.event_id, races.map((r) => r.event.id)));
    expect(uses).toBe(10);
    expect(places).toBe(10);
    // Each Checkout charged half price: £10 less the code's 50%.
    for (const r of held) {
      if (!r.ok) continue;
      expect(r.booking.amount_pence).toBe(500);
      expect(stripe.sessions.get(r.booking.stripe_checkout_session_id!)?.amount_total).toBe(500);
    }
  });
});

describe("the booking form's answers without JavaScript", () => {
  /** One POST of the ticket box, as the browser sends it without JavaScript: the status and Conform's reply. */
  async function post(eventId: number, fields: Record<string, string>) {
    const request = new Request(`${origin}/events/${eventId}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "192.0.2.44", secure: false });
    const answer = (await eventAction({ params: { id: String(eventId) }, request, context } as never)) as unknown as {
      data: { reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; step?: string };
      init: ResponseInit;
    };
    return { status: answer.init.status, error: answer.data.reply.error, values: answer.data.reply.initialValue, step: answer.data.step };
  }

  it("a paid order's steps: Continue needs a ticket and shows the details; Change tickets goes back; both keep what was sent and hold nothing", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 800, tickets_available: 50 });
    const [adult, child] = await addTypes(event.id, [{ name: "Adult", price_pence: 1000 }, { name: "Child", price_pence: 500 }]);
    const none = { intent: "details", [`qty-${adult.id}`]: "0", [`qty-${child.id}`]: "0" };
    expect(await post(event.id, none)).toEqual({ status: 400, error: { "": ["Please choose at least 1 ticket."] }, values: expect.objectContaining({ [`qty-${adult.id}`]: "0" }), step: "tickets" });
    const chosen = { [`qty-${adult.id}`]: "2", [`qty-${child.id}`]: "1" };
    expect(await post(event.id, { intent: "details", ...chosen })).toEqual({ status: 200, error: {}, values: expect.objectContaining(chosen), step: "details" });
    const typed = { ...chosen, name: "Kim Lowe", email: "kim@steps.test", donation: "500" };
    expect(await post(event.id, { intent: "tickets", ...typed })).toEqual({ status: 200, error: {}, values: expect.objectContaining(typed), step: "tickets" });
    // One quantity (an event without ticket types): the same check.
    const single = await makeEvent({ booking_mode: "paid", ticket_price_pence: 800, tickets_available: 50 });
    expect((await post(single.id, { intent: "details", quantity: "0" })).status).toBe(400);
    expect(await post(single.id, { intent: "details", quantity: "3" })).toMatchObject({ status: 200, step: "details" });
    expect(await getDb().select().from(bookings).where(inArray(bookings.event_id, [event.id, single.id]))).toEqual([]);
  });

  it("a code that does not exist, or is used up, is said once, at the code field (not again as the order's message), and nothing is held", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 800, tickets_available: 50 });
    await getDb().insert(discountCodes).values({ code: "ONCE1", kind: "percent", amount: 10, max_uses: 1 });
    const first = await holdForCheckout({ eventId: event.id, name: "First", email: "first@once.test", quantity: 1, code: "once1" }, { origin });
    expect(first.ok).toBe(true);
    const order = { intent: "book", name: "Second Buyer", email: "second@once.test", quantity: "2" };
    for (const [code, message] of [
      ["nope", 'Sorry, "NOPE" is not a discount code for this event.'],
      ["once1", "Sorry, the code ONCE1 has been used up."],
    ]) {
      const answer = await post(event.id, { ...order, code });
      expect(answer).toEqual({ status: 409, error: { code: [message] }, values: expect.objectContaining({ code, name: "Second Buyer", quantity: "2" }) });
    }
    expect(await getDb().select().from(bookings).where(eq(bookings.email, "second@once.test"))).toEqual([]);
  });
});

describe("a family order with a code and a donation, through Checkout, to the door", () => {
  it("lists each type, takes the code off the tickets only, puts the donation in the ledger with Gift Aid, and checks the party in by parts", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 500, tickets_available: 50, attendee_names: true });
    const [adult, child, family] = await addTypes(event.id, [
      { name: "Adult", price_pence: 800 },
      { name: "Child", price_pence: 400 },
      { name: "Family", price_pence: 2000, places_per_ticket: 4 },
    ]);
    await getDb().insert(discountCodes).values({ code: "FIVER", kind: "fixed", amount: 500, max_uses_per_email: 1 });
    const held = await holdForCheckout(
      {
        eventId: event.id,
        name: "Priya Shah",
        email: "priya@example.org",
        quantity: 0,
        lines: [
          { typeId: family.id, quantity: 1, names: ["Shah family"] },
          { typeId: adult.id, quantity: 1, names: ["Grandad Shah"] },
          { typeId: child.id, quantity: 2, names: ["Anya", "Dev"] },
        ],
        code: " fiver ",
        donationPence: 1000,
        giftAid: { title: "Ms", firstName: "Priya", lastName: "Shah", house: "12", postcode: "MB4 2QT", declarationText: "I am a UK taxpayer..." },
      },
      { origin },
    );
    if (!held.ok) throw new Error(`refused: ${JSON.stringify(held)}`);
    // Tickets 2000 + 800 + 2 × 400 = 3600, less 500, plus a 1000 donation.
    expect(held.booking).toMatchObject({ quantity: 7, discount_pence: 500, donation_pence: 1000, amount_pence: 4100 });
    const session = stripe.sessions.get(held.booking.stripe_checkout_session_id!)!;
    expect(session.amount_total).toBe(4100);
    expect((session.line_items_list as { description: string }[]).map((l) => l.description)).toEqual([
      `Family: ${event.title}`,
      `Adult: ${event.title}`,
      `Child: ${event.title}`,
      "Donation to the foundation",
    ]);
    const lines = await linesOf(held.booking.id);
    expect(lines.map((l) => l.attendee_names)).toEqual([["Shah family"], ["Grandad Shah"], ["Anya", "Dev"]]);

    // The same email cannot use the code twice (its one use is held).
    const again = await holdForCheckout({ eventId: event.id, name: "Priya Shah", email: "PRIYA@example.org", quantity: 0, lines: [{ typeId: adult.id, quantity: 1 }], code: "FIVER" }, { origin });
    expect(again).toMatchObject({ ok: false, reason: "code" });

    await stripe.complete(session.id as string);
    const [paid] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(paid.status).toBe("confirmed");
    // The donation is a gift in the ledger, with its declaration; the tickets are not.
    const gifts = await getDb().select().from(donations).where(eq(donations.stripe_checkout_session_id, session.id as string));
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ amount_pence: 1000, mode: "one-off", email: "priya@example.org" });
    expect(gifts[0].declaration_id).toBe(paid.gift_aid_declaration_id);
    const claimable = (await eligibleGifts({ from: "2000-01-01", to: "2100-01-01", asOf: new Date() })).filter((g) => g.reference === gifts[0].reference);
    expect(claimable.map((g) => g.amount_pence)).toEqual([1000]);

    // At the door: 3 of the 7 arrive, then the rest; a third scan says they are all in.
    const first = await checkIn(paid.reference, { arriving: 3 });
    expect(first).toMatchObject({ outcome: "checked-in", arrived: 3 });
    const rest = await checkIn(paid.reference);
    expect(rest).toMatchObject({ outcome: "checked-in", arrived: 7 });
    expect((await checkIn(paid.reference, { arriving: 1 })).outcome).toBe("already-checked-in");
  });

  it("an order a code makes free needs no Checkout: it is confirmed at once for nothing", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 600, tickets_available: 10 });
    await getDb().insert(discountCodes).values({ code: "ALLFREE", kind: "percent", amount: 100 });
    const made = await holdForCheckout({ eventId: event.id, name: "Volunteer", email: "vol@example.org", quantity: 2, code: "allfree" }, { origin });
    if (!made.ok) throw new Error("refused");
    expect(made.booking).toMatchObject({ status: "confirmed", amount_pence: 0, discount_pence: 1200, quantity: 2 });
    expect(made.checkoutUrl).toContain(`/bookings/${made.booking.reference}/`);
  });
});
