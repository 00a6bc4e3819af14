/**
 * Bookings, staff side, against a real PostgreSQL: lowering an event's ticket limit below
 * what is sold or held is refused; door check-in (a second time says when they arrived, a
 * booking for another event is not checked in); staff cancel a free booking and refund a
 * paid one through Stripe (the local double); a refund made in Stripe's dashboard reaches
 * the booking through the webhook (charge.refunded); the CSV rows are read in batches;
 * the dashboard's sales figures.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { events } from "../events/table.ts";
import { bookings } from "./table.ts";
import {
  bookingsCsvBatches,
  cancelBookingByStaff,
  checkInAtEvent,
  eventBookings,
  searchEventBookings,
  upcomingEventSales,
} from "./bookings-admin.server.ts";
import { availability, createBooking, holdForCheckout } from "./bookings.server.ts";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../domain/data-protection/retention.server.ts";
import { updateEvent, type EventInput } from "../events/events-admin.server.ts";
import { FieldsRefusedError } from "../../domain/listings/save-listing.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import * as bookingsScreen from "./admin/event-bookings.tsx";
import { withStripeDouble } from "../../../tests/helpers/stripe-site.ts";

setupTestDatabase();

const actor = { userId: null, email: "door@millbrook.test", ip: "127.0.0.1" };
const origin = "http://localhost:5999";
const { stripe } = withStripeDouble({ PUBLIC_URL: origin });

let n = 0;
async function makeEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(events)
    .values({
      title: `Staff test event ${++n}`,
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

const buyer = (eventId: number, name: string, quantity = 1) => ({ eventId, name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.org`, quantity });

async function paidBooking(eventId: number, name: string, quantity: number) {
  const held = await holdForCheckout(buyer(eventId, name, quantity), { origin });
  if (!held.ok) throw new Error(`not held: ${held.reason}`);
  await stripe.complete(held.booking.stripe_checkout_session_id!);
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, held.booking.id));
  expect(row.status).toBe("confirmed");
  return row;
}

const auditOf = (reference: string) =>
  getDb().select().from(auditLog).where(and(eq(auditLog.entity, "booking"), eq(auditLog.entity_id, reference))).orderBy(desc(auditLog.id));

function formInput(event: typeof events.$inferSelect, tickets: number | null) {
  const { id: _id, created_at: _c, updated_at: _u, image: _i, ...rest } = event;
  return { ...rest, category: rest.category as EventInput["category"], tickets_available: tickets };
}

describe("lowering the ticket limit", () => {
  it("is refused below the tickets sold or held, with a message, and changes nothing; at or above them it is saved", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 500, tickets_available: 20 });
    await paidBooking(event.id, "Sold Buyer", 4);
    const held = await holdForCheckout(buyer(event.id, "Held Buyer", 3), { origin });
    expect(held.ok).toBe(true);

    const refused = updateEvent(event.id, formInput(event, 6), actor);
    await expect(refused).rejects.toBeInstanceOf(FieldsRefusedError);
    await expect(refused).rejects.toMatchObject({
      errors: { tickets_available: "7 tickets are already sold or held, so tickets available cannot be less than 7." },
    });
    const [unchanged] = await getDb().select().from(events).where(eq(events.id, event.id));
    expect(unchanged.tickets_available).toBe(20);

    const saved = await updateEvent(event.id, formInput(event, 7), actor);
    expect(saved?.tickets_available).toBe(7);
    expect((await availability(event.id))?.left).toBe(0);
    // No limit is always allowed.
    expect((await updateEvent(event.id, formInput(event, null), actor))?.tickets_available).toBeNull();
  });
});

describe("door check-in", () => {
  it("checks a reference in once; the second time says already checked in, with the time", async () => {
    const event = await makeEvent();
    const made = await createBooking(buyer(event.id, "Ada Lovelace", 2));
    if (!made.ok) throw new Error("not made");
    const arrival = new Date("2030-06-15T18:05:00Z");

    const first = await checkInAtEvent(event.id, made.booking.reference.toLowerCase().replaceAll("-", " "), actor, { now: arrival });
    expect(first.outcome).toBe("checked-in");
    const second = await checkInAtEvent(event.id, made.booking.reference, actor, { now: new Date(arrival.getTime() + 60_000) });
    expect(second).toMatchObject({ outcome: "already-checked-in", at: arrival });

    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, made.booking.id));
    expect(row.checked_in_at).toEqual(arrival);
    const audit = await auditOf(made.booking.reference);
    expect(audit.map((a) => a.action)).toEqual(["booking.checked_in"]);
    expect((await eventBookings(event.id))?.totals.arrived).toBe(2);
  });

  it("does not check in a booking for another event, an unknown reference, or a cancelled booking", async () => {
    const tonight = await makeEvent();
    const other = await makeEvent();
    const elsewhere = await createBooking(buyer(other.id, "Grace Hopper"));
    if (!elsewhere.ok) throw new Error("not made");
    expect(await checkInAtEvent(tonight.id, elsewhere.booking.reference, actor)).toMatchObject({ outcome: "other-event", eventTitle: other.title });
    expect(await checkInAtEvent(tonight.id, "MCF-AAAA-AAAA", actor)).toEqual({ outcome: "not-found", reference: "MCF-AAAA-AAAA" });
    expect(await checkInAtEvent(tonight.id, "not a reference", actor)).toEqual({ outcome: "not-found", reference: "not a reference" });

    const cancelled = await createBooking(buyer(tonight.id, "Cancelled Person"));
    if (!cancelled.ok) throw new Error("not made");
    expect((await cancelBookingByStaff(tonight.id, cancelled.booking.reference, actor)).outcome).toBe("cancelled");
    expect((await checkInAtEvent(tonight.id, cancelled.booking.reference, actor)).outcome).toBe("not-valid");
    const rows = await getDb().select().from(bookings).where(eq(bookings.event_id, other.id));
    expect(rows[0].checked_in_at).toBeNull();
  });

  it("finds bookings by part of a name, only at this event, with % and _ taken literally", async () => {
    const event = await makeEvent();
    const other = await makeEvent();
    for (const name of ["Mary Seacole", "Mary Somerville", "Florence Nightingale"]) await createBooking(buyer(event.id, name));
    await createBooking(buyer(other.id, "Mary Anning"));
    expect((await searchEventBookings(event.id, "mary")).map((b) => b.name)).toEqual(["Mary Seacole", "Mary Somerville"]);
    expect(await searchEventBookings(event.id, "%%")).toEqual([]);
    expect(await searchEventBookings(event.id, "m")).toEqual([]);
  });
});

describe("staff cancel and refund", () => {
  it("cancels a free booking and releases its tickets; a second cancel changes nothing", async () => {
    const event = await makeEvent({ tickets_available: 5 });
    const made = await createBooking(buyer(event.id, "Free Booker", 3));
    if (!made.ok) throw new Error("not made");
    expect((await availability(event.id))?.left).toBe(2);
    const result = await cancelBookingByStaff(event.id, made.booking.reference, actor);
    expect(result.outcome).toBe("cancelled");
    expect((await availability(event.id))?.left).toBe(5);
    expect((await cancelBookingByStaff(event.id, made.booking.reference, actor)).outcome).toBe("not-cancellable");
    expect((await auditOf(made.booking.reference)).map((a) => a.action)).toEqual(["booking.cancelled"]);
    // The reference of another event's booking does nothing here.
    const other = await makeEvent();
    expect((await cancelBookingByStaff(other.id, made.booking.reference, actor)).outcome).toBe("not-found");
  });

  it("the screen answers an unknown action under the booking's row (cancel-<reference>), or the page, and cancels nothing", async () => {
    const event = await makeEvent({ tickets_available: 5 });
    const made = await createBooking(buyer(event.id, "Steady Booker", 2));
    if (!made.ok) throw new Error("not made");
    const staff = await staffSession("editor", { permissions: ["submissions"] });
    const url = `/admin/events/${event.id}/bookings`;
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const answer = await throughLayouts("features/bookings/admin/event-bookings.tsx", bookingsScreen.action, routeArgs(url, { id: String(event.id) }, { token: staff.token, method: "POST", body: form }));
      if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
      const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]> } }; init: ResponseInit };
      return { status: init.status, intent: data.intent, error: data.reply.error };
    };
    const reference = made.booking.reference;
    // Typed loosely, the reference still names its row.
    expect(await post({ intent: "delete", reference: reference.toLowerCase() })).toEqual({ status: 400, intent: `cancel-${reference}`, error: { intent: ["Unknown action."] } });
    expect(await post({ reference })).toEqual({ status: 400, intent: `cancel-${reference}`, error: { intent: ["Unknown action."] } });
    expect(await post({ intent: "delete" })).toEqual({ status: 400, intent: "bookings", error: { intent: ["Unknown action."] } });
    const [row] = await getDb().select().from(bookings).where(eq(bookings.reference, reference));
    expect(row.status).toBe("confirmed");
    expect((await availability(event.id))?.left).toBe(3);
    expect(await auditOf(reference)).toEqual([]);
    // The cancel form itself cancels it (back to the screen, with its toast).
    expect(await post({ intent: "cancel", reference })).toMatchObject({ status: 302, location: url });
    expect((await availability(event.id))?.left).toBe(5);
  });

  it("refunds a paid booking through Stripe, marks it refunded and audit-logs it", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1500, tickets_available: 10 });
    const row = await paidBooking(event.id, "Paid Booker", 2);
    const result = await cancelBookingByStaff(event.id, row.reference, actor);
    expect(result.outcome).toBe("refunded");
    expect(stripe.paymentIntents.get(row.stripe_payment_intent_id!)?.refunded).toBe(true);
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, row.id));
    expect(after.status).toBe("refunded");
    expect((await availability(event.id))?.left).toBe(10);
    const audit = await auditOf(row.reference);
    expect(audit.map((a) => a.action)).toEqual(["booking.refunded"]);
    expect(audit[0].details).toMatchObject({ amount_pence: 3000, quantity: 2 });
    const totals = (await eventBookings(event.id))?.totals;
    expect(totals).toMatchObject({ bookings: 0, tickets: 0, takenPence: 0, refundedPence: 3000 });
  });

  it("when Stripe refuses the refund, the booking stays confirmed", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1000, tickets_available: 10 });
    const row = await paidBooking(event.id, "Already Refunded", 1);
    // Refunded in Stripe already, but the webhook never arrived: Stripe refuses a second refund.
    stripe.paymentIntents.get(row.stripe_payment_intent_id!)!.refunded = true;
    const result = await cancelBookingByStaff(event.id, row.reference, actor);
    expect(result.outcome).toBe("refund-failed");
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, row.id));
    expect(after.status).toBe("confirmed");
    expect(await auditOf(row.reference)).toEqual([]);
  });

  it("a refund made in Stripe's dashboard marks the booking refunded through the webhook and releases its tickets", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 1000, tickets_available: 3 });
    const row = await paidBooking(event.id, "Dashboard Refund", 3);
    expect((await availability(event.id))?.left).toBe(0);
    await stripe.refund(row.stripe_payment_intent_id!);
    expect(stripe.sent.at(-1)).toMatchObject({ status: 200 });
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, row.id));
    expect(after.status).toBe("refunded");
    expect(after.cancelled_at).not.toBeNull();
    expect((await availability(event.id))?.left).toBe(3);
    // The same event again changes nothing.
    const [refundEvent] = stripe.events("charge.refunded").slice(-1);
    expect((await stripe.resend(refundEvent)).status).toBe(200);
    const [again] = await getDb().select().from(bookings).where(eq(bookings.id, row.id));
    expect(again.updated_at).toEqual(after.updated_at);
  });
});

describe("exports and figures", () => {
  it("reads every booking for the CSV in batches, oldest first, and nothing of other events", async () => {
    const event = await makeEvent({ tickets_available: 100 });
    const other = await makeEvent();
    await createBooking(buyer(other.id, "Not This Event"));
    const names = Array.from({ length: 7 }, (_, i) => `Guest ${i + 1}`);
    for (const name of names) await createBooking(buyer(event.id, name, 2));
    await createBooking(buyer(event.id, "=HYPERLINK(evil)"));
    const batches: unknown[][][] = [];
    for await (const batch of bookingsCsvBatches(event.id, 3)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 2]);
    const rows = batches.flat();
    expect(rows.map((r) => r[1])).toEqual([...names, "=HYPERLINK(evil)"]);
    expect(rows[0]).toEqual([expect.stringMatching(/^MCF-/), "Guest 1", "guest1@example.org", 2, "0.00", "Confirmed", expect.any(Date), null, "2 Ticket", "", 0, "0.00", "0.00"]);
  });

  it("the dashboard lists upcoming events that take bookings, with tickets sold and left", async () => {
    const event = await makeEvent({ title: "Dashboard Ceilidh", tickets_available: 40, date: "2030-01-10" });
    await makeEvent({ title: "No Booking Talk", booking_mode: "none", date: "2030-01-09" });
    await createBooking(buyer(event.id, "Dancer One", 4));
    await createBooking(buyer(event.id, "Dancer Two", 2));
    const sales = await upcomingEventSales({ limit: 100 });
    expect(sales.find((s) => s.id === event.id)).toMatchObject({ title: "Dashboard Ceilidh", mode: "free", limit: 40, sold: 6, left: 34 });
    expect(sales.some((s) => s.title === "No Booking Talk")).toBe(false);
  });
});

describe("personal data", () => {
  it("find and export by email include bookings; erasure removes the name and email and keeps the tickets and amounts", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 700, tickets_available: 10 });
    const row = await paidBooking(event.id, "Rosalind Franklin", 2);
    const other = await createBooking(buyer((await makeEvent()).id, "Someone Else"));
    if (!other.ok) throw new Error("not made");

    const found = await findPersonalData(row.email.toUpperCase());
    expect(found.bookings.map((b) => [b.reference, b.eventTitle])).toEqual([[row.reference, event.title]]);
    expect(personalDataExport(found).bookings).toEqual([
      expect.objectContaining({ reference: row.reference, name: "Rosalind Franklin", email: row.email, quantity: 2, amount_pence: 1400, status: "confirmed" }),
    ]);

    const result = await erasePersonalData(row.email, actor);
    expect(result.bookings).toBe(1);
    const [after] = await getDb().select().from(bookings).where(eq(bookings.id, row.id));
    expect(after).toMatchObject({ name: "(erased)", email: `erased-${row.id}@erased.invalid`, quantity: 2, amount_pence: 1400, status: "confirmed" });
    expect((await availability(event.id))?.sold).toBe(2);
    expect((await findPersonalData(row.email)).bookings).toEqual([]);
    const [untouched] = await getDb().select().from(bookings).where(eq(bookings.id, other.booking.id));
    expect(untouched.name).toBe("Someone Else");
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "booking.erase")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry.details).toMatchObject({ count: 1 });
    expect(JSON.stringify(entry.details)).not.toContain("Rosalind");
  });
});
