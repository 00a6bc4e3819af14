/**
 * Ticket bookings against a real PostgreSQL: no overselling under concurrent buyers, the
 * 24-hour cut-off in Millbrook time, Checkout holds released when the session expires
 * (or by the sweep), and a repeated webhook confirming once. Stripe is the local double;
 * its webhooks reach the site's real webhook route through a small HTTP server here.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "./table.ts";
import {
  availability,
  BOOKING_ATTEMPTS_PER_WINDOW,
  countBookingAttempt,
  bookingByLink,
  bookingsForEvent,
  cancelByToken,
  checkIn,
  createBooking,
  findByReference,
  holdForCheckout,
  releaseExpired,
} from "./bookings.server.ts";
import { salesCloseAt } from "./sales.ts";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../domain/data-protection/retention.server.ts";
import { receiveWebhook } from "../../payments/webhooks.server.ts";
import Stripe from "stripe";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { withStripeDouble } from "../../../tests/helpers/stripe-site.ts";
import { ukStartInstant } from "../../lib/uk-time.ts";

setupTestDatabase();

const { stripe, outage } = withStripeDouble();

let n = 0;
async function makeEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(events)
    .values({
      title: `Test event ${++n}`,
      date: "2030-06-15",
      time: "19:30",
      description: "A test event",
      location: "Millbrook Town Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 50,
      ...values,
    })
    .returning();
  return row;
}

const buyer = (eventId: number, i = 0, quantity = 1) => ({ eventId, name: `Buyer ${i}`, email: `buyer${i}@example.org`, quantity });

describe("no overselling", () => {
  it("100 concurrent single-ticket bookings against 5 left: exactly 5 confirmed, the rest told it is sold out", async () => {
    const event = await makeEvent({ tickets_available: 8 });
    // 3 already sold: 5 left.
    const first = await createBooking(buyer(event.id, 0, 3));
    expect(first.ok).toBe(true);
    expect((await availability(event.id))?.left).toBe(5);

    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => createBooking(buyer(event.id, i + 1))));
    const confirmed = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(confirmed).toHaveLength(5);
    expect(refused).toHaveLength(95);
    expect(new Set(refused.map((r) => (r.ok ? "ok" : r.reason)))).toEqual(new Set(["sold-out"]));

    // The database agrees: 8 tickets in confirmed bookings, none left, references unique.
    const rows = await bookingsForEvent(event.id);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === "confirmed")).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(8);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(6);
    expect(await availability(event.id)).toEqual({ limit: 8, sold: 8, held: 0, offered: 0, left: 0 });
  });

  it("refuses more tickets than are left, with how many are left", async () => {
    const event = await makeEvent({ tickets_available: 3 });
    const result = await createBooking(buyer(event.id, 1, 4));
    expect(result).toEqual({ ok: false, reason: "not-enough", left: 3 });
    expect(await bookingsForEvent(event.id)).toHaveLength(0);
  });

  it("refuses a booking of a kind the event does not take, and quantities outside 1 to 10", async () => {
    const none = await makeEvent({ booking_mode: "none" });
    expect(await createBooking(buyer(none.id))).toEqual({ ok: false, reason: "not-bookable" });
    const free = await makeEvent();
    expect(await createBooking(buyer(free.id, 1, 11))).toEqual({ ok: false, reason: "not-bookable" });
    expect(await createBooking(buyer(free.id, 1, 0))).toEqual({ ok: false, reason: "not-bookable" });
    expect(await bookingsForEvent(free.id)).toHaveLength(0);
  });
});

describe("sales close 24 hours before the start, in Millbrook time", () => {
  it("allows a booking at 24 h + 1 min before the start and refuses it at 23 h 59 min", async () => {
    // 15 June: British Summer Time, so 19:30 in Millbrook is 18:30 UTC.
    const event = await makeEvent({ date: "2030-06-15", time: "19:30" });
    const start = ukStartInstant(event.date, event.time);
    expect(start.toISOString()).toBe("2030-06-15T18:30:00.000Z");
    expect(salesCloseAt(event).toISOString()).toBe("2030-06-14T18:30:00.000Z");

    const early = await createBooking(buyer(event.id, 1), { now: new Date(start.getTime() - (24 * 60 + 1) * 60_000) });
    expect(early.ok).toBe(true);
    const late = await createBooking(buyer(event.id, 2), { now: new Date(start.getTime() - (23 * 60 + 59) * 60_000) });
    expect(late).toEqual({ ok: false, reason: "closed" });
    expect(await bookingsForEvent(event.id)).toHaveLength(1);
  });

  it("reads a winter start as GMT", async () => {
    const event = await makeEvent({ date: "2030-01-29", time: "19:30" });
    expect(salesCloseAt(event).toISOString()).toBe("2030-01-28T19:30:00.000Z");
  });
});

describe("paid tickets through Stripe Checkout", () => {
  const origin = "http://localhost:5999";

  it("holds the tickets while the buyer is in Checkout; an expired session releases them", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1000, tickets_available: 2 });
    const held = await holdForCheckout(buyer(event.id, 1, 2), { origin });
    if (!held.ok) throw new Error(`not held: ${held.reason}`);
    expect(held.booking.status).toBe("held");
    expect(held.booking.amount_pence).toBe(2000);
    const session = stripe.sessions.get(held.booking.stripe_checkout_session_id!)!;
    expect(session.amount_total).toBe(2000);
    // Checkout expires after 30 minutes (and a minute's margin); the hold outlasts it.
    expect(Number(session.expires_at) - Number(session.created)).toBeGreaterThanOrEqual(30 * 60);
    expect(held.booking.hold_expires_at!.getTime()).toBeGreaterThan(Number(session.expires_at) * 1000);

    expect(await availability(event.id)).toMatchObject({ held: 2, left: 0 });
    expect(await holdForCheckout(buyer(event.id, 2), { origin })).toEqual({ ok: false, reason: "sold-out" });

    await stripe.expire(session.id as string);
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(row.status).toBe("expired");
    expect(await availability(event.id)).toMatchObject({ held: 0, left: 2 });
    const again = await holdForCheckout(buyer(event.id, 2), { origin });
    expect(again.ok).toBe(true);
  });

  it("the sweep releases holds whose time is up, and only those", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 500, tickets_available: 3 });
    const held = await holdForCheckout(buyer(event.id, 1, 3), { origin });
    if (!held.ok) throw new Error("not held");
    expect(await releaseExpired(new Date())).toBe(0);
    const later = new Date(held.booking.hold_expires_at!.getTime() + 1000);
    expect((await availability(event.id, later))?.left).toBe(3);
    expect(await releaseExpired(later)).toBeGreaterThanOrEqual(1);
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(row.status).toBe("expired");
  });

  it("is confirmed by the webhook, never by the redirect; a repeated webhook confirms once", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1250, tickets_available: 10 });
    const held = await holdForCheckout(buyer(event.id, 7, 3), { origin });
    if (!held.ok) throw new Error("not held");
    // The return page's address names the booking, but only payment confirms it.
    expect(held.checkoutUrl).toContain("/checkout/");
    const link = await bookingByLink(held.booking.reference, held.token);
    expect(link?.booking.status).toBe("held");

    const sessionId = held.booking.stripe_checkout_session_id!;
    await stripe.complete(sessionId);
    const [completed] = stripe.events("checkout.session.completed").filter((e) => ((e.data as { object: { id: string } }).object.id === sessionId));
    const [first] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(first.status).toBe("confirmed");
    expect(first.stripe_payment_intent_id).toMatch(/^pi_test_/);

    // Stripe retries the same event, and a second event for the same session arrives.
    const resent = await stripe.resend(completed);
    expect(resent.status).toBe(200);
    await stripe.deliver({ ...completed, id: `evt_test_again_${held.booking.id.slice(0, 8)}` });

    const rows = await getDb().select().from(bookings).where(and(eq(bookings.event_id, event.id), eq(bookings.status, "confirmed")));
    expect(rows).toHaveLength(1);
    expect(rows[0].confirmed_at?.getTime()).toBe(first.confirmed_at?.getTime());
    expect(await availability(event.id)).toEqual({ limit: 10, sold: 3, held: 0, offered: 0, left: 7 });
  });

  it("a webhook refused during an outage is sent again with backoff, like Stripe, and the booking is confirmed once after it", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 500, tickets_available: 10 });
    const held = await holdForCheckout(buyer(event.id, 12, 2), { origin });
    if (!held.ok) throw new Error("not held");
    const sessionId = held.booking.stripe_checkout_session_id!;
    outage.down = true;
    try {
      await stripe.complete(sessionId);
      // Refused: nothing recorded yet, and the double keeps the event to send again.
      const [during] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
      expect(during.status).toBe("held");
      expect(stripe.pendingRetries).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    } finally {
      outage.down = false;
    }
    await stripe.settled();
    const attempts = stripe.sent.filter((s) => ((s.event.data as { object: { id?: string } }).object.id === sessionId));
    expect(attempts.map((a) => a.status).slice(0, 2)).toEqual([503, 503]);
    expect(attempts.at(-1)).toMatchObject({ status: 200 });
    expect(new Set(attempts.map((a) => a.event.id)).size).toBe(1);
    const rows = await getDb().select().from(bookings).where(and(eq(bookings.event_id, event.id), eq(bookings.status, "confirmed")));
    expect(rows.map((r) => r.id)).toEqual([held.booking.id]);
    expect(await availability(event.id)).toEqual({ limit: 10, sold: 2, held: 0, offered: 0, left: 8 });
  });

  it("the same booking sent again (same request key) finds the booking it made: one hold, the same Checkout, then the booking page once paid", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 900, tickets_available: 10 });
    const request = { ...buyer(event.id, 13, 2), key: "retry-key-paid-0001" };
    const first = await holdForCheckout(request, { origin });
    if (!first.ok) throw new Error("not held");
    const again = await holdForCheckout(request, { origin });
    if (!again.ok) throw new Error("not found again");
    expect(again.booking.id).toBe(first.booking.id);
    expect(again.checkoutUrl).toBe(first.checkoutUrl);
    expect(again.token).toBe(first.token);
    expect(await availability(event.id)).toEqual({ limit: 10, sold: 0, held: 2, offered: 0, left: 8 });

    await stripe.complete(first.booking.stripe_checkout_session_id!);
    const paid = await holdForCheckout(request, { origin });
    if (!paid.ok) throw new Error("not found after payment");
    expect(paid.checkoutUrl).toBe(`${origin}/bookings/${first.booking.reference}/${first.token}`);
    expect((await bookingByLink(first.booking.reference, paid.token))?.booking.status).toBe("confirmed");
    // Another request under the same key (other tickets) is a booking of its own.
    const other = await holdForCheckout({ ...request, quantity: 1 }, { origin });
    if (!other.ok) throw new Error("not held");
    expect(other.booking.id).not.toBe(first.booking.id);
    const rows = await getDb().select().from(bookings).where(eq(bookings.event_id, event.id));
    expect(rows).toHaveLength(2);
  });

  it("cancelling a paid booking refunds it through Stripe at once and releases its tickets", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 800, tickets_available: 4 });
    const held = await holdForCheckout(buyer(event.id, 8, 4), { origin });
    if (!held.ok) throw new Error("not held");
    await stripe.complete(held.booking.stripe_checkout_session_id!);
    expect((await availability(event.id))?.left).toBe(0);

    const result = await cancelByToken(held.booking.reference, held.token);
    expect(result.outcome).toBe("refunded");
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(row.status).toBe("refunded");
    expect(stripe.paymentIntents.get(row.stripe_payment_intent_id!)?.refunded).toBe(true);
    expect((await availability(event.id))?.left).toBe(4);
    // Stripe's charge.refunded that follows changes nothing more.
    await expect.poll(() => stripe.events("charge.refunded").length).toBeGreaterThan(0);
    expect(stripe.sent.at(-1)?.status).toBe(200);
    expect((await findByReference(row.reference))?.booking.status).toBe("refunded");
  });
});

describe("after a recorded webhook", () => {
  it("what follows it (a receipt or confirmation to queue) is tried again when it fails, so a brief fault loses no message", async () => {
    const payload = JSON.stringify({ id: `evt_test_after_${Date.now()}`, object: "event", type: "test.after_commit", data: { object: {} } });
    const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    let calls = 0;
    const outcome = await receiveWebhook(payload, signature, {
      "test.after_commit": async () => async () => {
        calls++;
        if (calls < 3) throw new Error("the database went away");
      },
    });
    expect(outcome).toMatchObject({ status: 200, duplicate: false, handled: true });
    expect(calls).toBe(3);
  });
});

describe("a booking sent again", () => {
  it("with the same request key finds the free booking it made (one booking, the same link, no second confirmation); without one it books again", async () => {
    const event = await makeEvent({ tickets_available: 6 });
    const request = { ...buyer(event.id, 14, 2), key: "retry-key-free-0001" };
    const [first, again] = await Promise.all([createBooking(request), createBooking(request)]);
    if (!first.ok || !again.ok) throw new Error("not booked");
    expect(again.booking.id).toBe(first.booking.id);
    expect(again.token).toBe(first.token);
    expect([first.repeated, again.repeated].filter(Boolean)).toHaveLength(1);
    expect(await availability(event.id)).toEqual({ limit: 6, sold: 2, held: 0, offered: 0, left: 4 });
    expect((await bookingByLink(first.booking.reference, again.token))?.booking.id).toBe(first.booking.id);

    const withoutKey = await createBooking(buyer(event.id, 14, 2));
    if (!withoutKey.ok) throw new Error("not booked");
    expect(withoutKey.booking.id).not.toBe(first.booking.id);
    expect(await availability(event.id)).toEqual({ limit: 6, sold: 4, held: 0, offered: 0, left: 2 });
    // A key that is not one (too short) is ignored rather than trusted.
    const odd = await createBooking({ ...buyer(event.id, 15, 1), key: "short" });
    expect(odd.ok && odd.repeated).toBeFalsy();
  });
});

describe("the buyer's link, cancellation and check-in", () => {
  it("a wrong token finds nothing and cancels nothing; the right one cancels a free booking and releases its tickets", async () => {
    const event = await makeEvent({ tickets_available: 5 });
    const made = await createBooking(buyer(event.id, 1, 2));
    if (!made.ok) throw new Error("not made");
    expect(await bookingByLink(made.booking.reference, "x".repeat(43))).toBeNull();
    expect((await cancelByToken(made.booking.reference, "x".repeat(43))).outcome).toBe("not-found");
    expect((await availability(event.id))?.left).toBe(3);

    const cancelled = await cancelByToken(made.booking.reference.toLowerCase(), made.token);
    expect(cancelled.outcome).toBe("cancelled");
    expect((await availability(event.id))?.left).toBe(5);
    expect((await cancelByToken(made.booking.reference, made.token)).outcome).toBe("not-cancellable");
  });

  it("refuses cancellation after the cut-off", async () => {
    const event = await makeEvent();
    const made = await createBooking(buyer(event.id, 1));
    if (!made.ok) throw new Error("not made");
    const late = new Date(salesCloseAt(event).getTime() + 60_000);
    expect((await cancelByToken(made.booking.reference, made.token, { now: late })).outcome).toBe("too-late");
    expect((await findByReference(made.booking.reference))?.booking.status).toBe("confirmed");
  });

  it("checks a reference in once; the second time says already checked in", async () => {
    const event = await makeEvent();
    const made = await createBooking(buyer(event.id, 1));
    if (!made.ok) throw new Error("not made");
    const typed = made.booking.reference.replaceAll("-", " ").toLowerCase();
    const first = await checkIn(typed);
    expect(first.outcome).toBe("checked-in");
    const second = await checkIn(made.booking.reference);
    expect(second.outcome).toBe("already-checked-in");
    expect(await checkIn("MCF-AAAA-AAAA")).toEqual({ outcome: "not-found" });
  });
});

describe("personal data", () => {
  it("bookings are found and exported by email; erasing removes name and email and keeps the sales record", async () => {
    const event = await makeEvent({ tickets_available: 6 });
    const made = await createBooking({ eventId: event.id, name: "Erin Example", email: "Erin@Example.org", quantity: 2 });
    if (!made.ok) throw new Error("not made");
    await createBooking({ eventId: event.id, name: "Someone Else", email: "else@example.org", quantity: 1 });

    const found = await findPersonalData("erin@example.org");
    expect(found.bookings.map((b) => b.reference)).toEqual([made.booking.reference]);
    const exported = personalDataExport(found);
    expect(exported.bookings).toEqual([
      expect.objectContaining({ reference: made.booking.reference, event: event.title, name: "Erin Example", email: "Erin@Example.org", quantity: 2, status: "confirmed" }),
    ]);

    const result = await erasePersonalData("erin@example.org", { email: "admin@example.org", ip: "127.0.0.1" });
    expect(result.bookings).toBe(1);
    const row = await findByReference(made.booking.reference);
    expect(row?.booking).toMatchObject({ name: "(erased)", quantity: 2, status: "confirmed" });
    expect(row?.booking.email).toMatch(/^erased-[0-9a-f-]+@erased\.invalid$/);
    expect((await findPersonalData("erin@example.org")).bookings).toHaveLength(0);
    expect((await findPersonalData("else@example.org")).bookings).toHaveLength(1);
    // The event's counts still add up.
    expect(await availability(event.id)).toMatchObject({ sold: 3, left: 3 });
  });
});

describe("booking attempts per address", () => {
  it("allows 10 attempts from an address in 10 minutes, then refuses; other addresses are not affected", async () => {
    const results = [];
    for (let i = 0; i <= BOOKING_ATTEMPTS_PER_WINDOW; i++) results.push(await countBookingAttempt("203.0.113.7"));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(results.at(-1)).toBe(false);
    expect(await countBookingAttempt("198.51.100.1")).toBe(true);
  });
});
