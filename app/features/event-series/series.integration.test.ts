/**
 * Series against a real PostgreSQL: repeating an event makes one event per date (own
 * capacity and bookings), the public lists show a series once with its next dates (and
 * page and count by that), "this and all future dates" copies one date's details forward,
 * and cancelling a date refunds its paid bookings through the Stripe double, cancels the
 * free ones and emails everyone booked. The Cancel date screen answers the one reply shape
 * (docs/decisions/287), and a refused post cancels nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import { availability, createBooking } from "../bookings/bookings.server.ts";
import { upcomingEventSales } from "../bookings/bookings-admin.server.ts";
import { countUpcomingEvents, listUpcomingEvents } from "../events/events.server.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { StripeDouble } from "../../../scripts/stripe-double.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import * as cancelRoute from "./admin/cancel-date.tsx";
import { applyToLaterDates, cancelDate, repeatEvent, seriesOfEvent } from "./series.server.ts";

setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });
const stripe = new StripeDouble();
beforeAll(async () => {
  await stripe.start();
  Object.assign(process.env, stripe.env());
  reloadConfig();
});
afterAll(() => stripe.stop());

const STAFF = { email: "staff@example.org" };

async function coffeeMorning(date: string) {
  const [event] = await getDb()
    .insert(events)
    .values({ title: "Coffee morning", date, time: "10:00", description: "Coffee and cake", location: "Church hall", category: "community", booking_mode: "free", tickets_available: 30 })
    .returning();
  return event;
}

describe("a weekly series", () => {
  it("makes one event per date, each with its own places, shown once in the lists with its next dates", async () => {
    const first = await coffeeMorning("2031-01-04");
    const made = await repeatEvent(first.id, { frequency: "weekly", count: 52 }, STAFF);
    expect(made).toMatchObject({ ok: true });
    if (!made.ok) return;
    expect(made.dates).toHaveLength(52);
    expect(made.dates.slice(0, 3)).toEqual(["2031-01-04", "2031-01-11", "2031-01-18"]);
    const series = await seriesOfEvent(first.id);
    expect(series?.dates).toHaveLength(52);
    expect(await repeatEvent(first.id, { frequency: "weekly", count: 3 }, STAFF)).toEqual({ ok: false, reason: "already-series" });

    // Own capacity and bookings: a booking on one date leaves the others at 30.
    const second = series!.dates[1];
    expect((await createBooking({ eventId: second.id, name: "Ada", email: "ada@series.test", quantity: 4 }, { confirmByEmail: false })).ok).toBe(true);
    expect((await availability(second.id))?.left).toBe(26);
    expect((await availability(series!.dates[2].id))?.left).toBe(30);

    // One card, the next date, with the dates after it; the count and the paging agree.
    const { items } = await listUpcomingEvents();
    const cards = items.filter((e) => e.title === "Coffee morning");
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: first.id, date: "2031-01-04", later_dates: ["2031-01-11", "2031-01-18", "2031-01-25", "2031-02-01"] });
    const counts = await countUpcomingEvents();
    expect(counts.community).toBe((await listUpcomingEvents({ category: "community" })).items.length);
    // The dashboard's ticket sales show the series once too, by its next date.
    const sales = (await upcomingEventSales({ limit: 1000 })).filter((e) => e.title === "Coffee morning");
    expect(sales.map((e) => e.date)).toEqual(["2031-01-04"]);
    // Every date is still its own page (the sitemap lists each).
    expect((await listUpcomingEvents({ everyDate: true })).items.filter((e) => e.title === "Coffee morning")).toHaveLength(52);

    // The first date taken off the site: the card moves on to the next.
    await getDb().update(events).set({ is_active: false }).where(eq(events.id, first.id));
    const moved = (await listUpcomingEvents()).items.filter((e) => e.title === "Coffee morning");
    expect(moved.map((e) => e.date)).toEqual(["2031-01-11"]);
  });

  it("this and all future dates: copies one date's details to the later ones, not the earlier", async () => {
    const first = await coffeeMorning("2031-03-01");
    const made = await repeatEvent(first.id, { frequency: "fortnightly", until: "2031-04-30" }, STAFF);
    if (!made.ok) throw new Error(made.reason);
    const dates = (await seriesOfEvent(first.id))!.dates;
    expect(dates.map((d) => d.date)).toEqual(["2031-03-01", "2031-03-15", "2031-03-29", "2031-04-12", "2031-04-26"]);
    const third = dates[2];
    await getDb().update(events).set({ time: "10:30", location: "Village hall", tickets_available: 40 }).where(eq(events.id, third.id));
    expect(await applyToLaterDates(third.id, STAFF)).toEqual({ ok: true, updated: 2 });
    const after = await getDb().select().from(events).where(eq(events.series_id, made.seriesId)).orderBy(events.date);
    expect(after.map((e) => [e.date, e.time, e.location, e.tickets_available])).toEqual([
      ["2031-03-01", "10:00", "Church hall", 30],
      ["2031-03-15", "10:00", "Church hall", 30],
      ["2031-03-29", "10:30", "Village hall", 40],
      ["2031-04-12", "10:30", "Village hall", 40],
      ["2031-04-26", "10:30", "Village hall", 40],
    ]);
    // A capacity below what a later date has taken is refused, and nothing changes.
    await createBooking({ eventId: dates[4].id, name: "Ben", email: "ben@series.test", quantity: 5 }, { confirmByEmail: false });
    await getDb().update(events).set({ tickets_available: 3 }).where(eq(events.id, dates[3].id));
    expect(await applyToLaterDates(dates[3].id, STAFF)).toEqual({ ok: false, reason: "below-taken", date: "2031-04-26", taken: 5 });
    const [last] = await getDb().select().from(events).where(eq(events.id, dates[4].id));
    expect(last.tickets_available).toBe(40);
  });
});

describe("cancelling a date", () => {
  it("refunds paid bookings through Stripe, cancels free ones, emails everyone, and leaves the other dates alone", async () => {
    const first = await coffeeMorning("2031-05-03");
    const made = await repeatEvent(first.id, { frequency: "monthly", monthWeek: 1, count: 3 }, STAFF);
    if (!made.ok) throw new Error(made.reason);
    const [, may2] = (await seriesOfEvent(first.id))!.dates;
    const free = await createBooking({ eventId: may2.id, name: "Cat", email: "cat@series.test", quantity: 2 }, { confirmByEmail: false });
    if (!free.ok) throw new Error(free.reason);
    // A paid booking, as the Checkout webhook leaves one.
    stripe.paymentIntents.set("pi_series_test", { amount: 1500, charge: "ch_series_test", refunded: false });
    await getDb().insert(bookings).values({
      reference: "MCF-SER1-ESAA",
      event_id: may2.id,
      name: "Dan",
      email: "dan@series.test",
      quantity: 3,
      amount_pence: 1500,
      status: "confirmed",
      confirmed_at: new Date(),
      stripe_payment_intent_id: "pi_series_test",
      cancel_token_hash: "hash-series-test",
    });

    const result = await cancelDate(may2.id, STAFF);
    expect(result).toEqual({ ok: true, cancelled: 1, refunded: 1, failed: [] });
    expect(stripe.paymentIntents.get("pi_series_test")?.refunded).toBe(true);
    const rows = await getDb().select().from(bookings).where(eq(bookings.event_id, may2.id));
    expect(rows.map((r) => [r.name, r.status]).sort()).toEqual([["Cat", "cancelled"], ["Dan", "refunded"]]);
    const [cancelled] = await getDb().select().from(events).where(eq(events.id, may2.id));
    expect(cancelled.is_active).toBe(false);

    const notices = smtp.mails.filter((m) => m.subject.startsWith("Cancelled: Coffee morning"));
    expect(notices.flatMap((m) => m.to).sort()).toEqual(["cat@series.test", "dan@series.test"]);
    expect(notices.find((m) => m.to.includes("dan@series.test"))!.text).toContain("Your payment of £15.00 has been refunded in full");
    expect(notices.find((m) => m.to.includes("cat@series.test"))!.text).toContain("Booking reference: " + free.booking.reference);

    // The other dates are untouched.
    const others = (await seriesOfEvent(first.id))!.dates.filter((d) => d.id !== may2.id);
    expect(others.every((d) => d.active)).toBe(true);
  });

  it("keeps a booking whose refund Stripe refuses, says so, and finishes it when run again", async () => {
    const event = await coffeeMorning("2031-06-07");
    stripe.paymentIntents.set("pi_series_fail", { amount: 800, charge: "ch_series_fail", refunded: false });
    await getDb().insert(bookings).values({
      reference: "MCF-SER2-FAAA",
      event_id: event.id,
      name: "Eve",
      email: "eve@series.test",
      quantity: 1,
      amount_pence: 800,
      status: "confirmed",
      confirmed_at: new Date(),
      stripe_payment_intent_id: "pi_series_fail",
      cancel_token_hash: "hash-series-fail",
    });
    stripe.failRefunds = 5;
    expect(await cancelDate(event.id, STAFF)).toEqual({ ok: true, cancelled: 0, refunded: 0, failed: ["MCF-SER2-FAAA"] });
    const [kept] = await getDb().select().from(bookings).where(eq(bookings.reference, "MCF-SER2-FAAA"));
    expect(kept.status).toBe("confirmed");
    expect(smtp.mails.some((m) => m.to.includes("eve@series.test"))).toBe(false);
    stripe.failRefunds = 0;
    expect(await cancelDate(event.id, STAFF)).toEqual({ ok: true, cancelled: 0, refunded: 1, failed: [] });
    expect(smtp.mails.some((m) => m.to.includes("eve@series.test"))).toBe(true);
  });

  it("the screen refuses a post that is not its button, under its form's own message, and cancels nothing", async () => {
    const event = await coffeeMorning("2031-07-05");
    const booked = await createBooking({ eventId: event.id, name: "Fay", email: "fay@series.test", quantity: 2 }, { confirmByEmail: false });
    if (!booked.ok) throw new Error(booked.reason);
    const { token } = await staffSession("editor", { permissions: ["submissions"] });
    const post = async (id: number, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      const answer = await throughLayouts("features/event-series/admin/cancel-date.tsx", cancelRoute.action, routeArgs(`/admin/events/${id}/cancel`, { id: String(id) }, { token, method: "POST", body }));
      const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]> } }; init: ResponseInit };
      return { status: init.status, intent: data.intent, error: data.reply.error };
    };
    expect(await post(event.id, { intent: "delete" })).toEqual({ status: 400, intent: "cancel-date", error: { "": ["Unknown action."] } });
    expect(await post(event.id, {})).toEqual({ status: 400, intent: "cancel-date", error: { "": ["Unknown action."] } });
    expect(await post(event.id + 100_000, { intent: "cancel-date" })).toEqual({ status: 404, intent: "cancel-date", error: { "": ["Event not found."] } });
    const [still] = await getDb().select().from(events).where(eq(events.id, event.id));
    expect(still.is_active).toBe(true);
    const rows = await getDb().select().from(bookings).where(eq(bookings.event_id, event.id));
    expect(rows.map((r) => [r.name, r.status])).toEqual([["Fay", "confirmed"]]);
    expect(smtp.mails.some((m) => m.to.includes("fay@series.test") && m.subject.startsWith("Cancelled:"))).toBe(false);
  });
});
