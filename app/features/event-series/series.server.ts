/**
 * Series of events. An event is repeated from its own date by a rule (rules.ts): the
 * series row keeps the rule, and each later date is a copy of the event with its own
 * capacity and bookings (events.series_id). Staff edit one date with the event form, or
 * copy one date's details to every later date of its series. Cancelling a date (any
 * event) refunds its paid bookings through Stripe, cancels the free ones, emails
 * everyone booked and takes the date off the site.
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { bookings, type BookingRow } from "../bookings/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { longDate, shortTime, placesTaken } from "../bookings/index.ts";

import { siteOrigin } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { stripeClient } from "../../payments/stripe.server.ts";
import { waitlistEntries } from "../waitlist/table.ts";
import { seriesDates, type Frequency, type SeriesRule } from "./rules.ts";
import { eventSeries } from "./table.ts";
import { formatPenceExact } from "../../lib/money.ts";

const CHARITY_NAME = "Millbrook Community Foundation";

/** The event fields a date copies from another (everything but its date, id and bookings). */
const COPIED = [
  "title",
  "time",
  "end_time",
  "description",
  "long_description",
  "location",
  "location_address",
  "organizer",
  "ticket_price",
  "ticket_info",
  "tickets_available",
  "booking_mode",
  "ticket_price_pence",
  "booking_url",
  "category",
  "image",
  "thank_you_email",
] as const satisfies readonly (keyof EventRow)[];

function copiedFields(event: EventRow) {
  return Object.fromEntries(COPIED.map((k) => [k, event[k]])) as Pick<EventRow, (typeof COPIED)[number]>;
}

export interface RepeatInput {
  frequency: Frequency;
  monthWeek?: number | null;
  until?: string | null;
  count?: number | null;
}

export type RepeatOutcome = { ok: true; seriesId: number; dates: string[] } | { ok: false; reason: "not-found" | "already-series" | "no-dates" };

/** Makes an event the first date of a series: copies it onto every later date of the rule. */
export async function repeatEvent(eventId: number, input: RepeatInput, actor: AuditActor): Promise<RepeatOutcome> {
  const result = await getDb().transaction(async (tx): Promise<RepeatOutcome> => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return { ok: false, reason: "not-found" };
    if (event.series_id !== null) return { ok: false, reason: "already-series" };
    const rule: SeriesRule = { start: event.date, ...input };
    const dates = seriesDates(rule);
    if (dates.length < 2) return { ok: false, reason: "no-dates" };
    const [series] = await tx
      .insert(eventSeries)
      .values({
        title: event.title,
        frequency: input.frequency,
        starts_on: event.date,
        month_week: input.frequency === "monthly" ? (input.monthWeek ?? null) : null,
        until: input.until ?? null,
        count: input.until ? null : (input.count ?? dates.length),
      })
      .returning();
    await tx.update(events).set({ series_id: series.id, updated_at: sql`now()` }).where(eq(events.id, event.id));
    await tx.insert(events).values(dates.slice(1).map((date) => ({ ...copiedFields(event), date, series_id: series.id, is_active: event.is_active, is_past: false })));
    await recordAudit(actor, "event.series_created", { entity: "event", entityId: event.id, details: { series: series.id, dates: dates.length, frequency: input.frequency } }, tx);
    return { ok: true, seriesId: series.id, dates };
  });
  if (result.ok) publishChange("events");
  return result;
}

export interface SeriesDate {
  id: number;
  date: string;
  time: string;
  active: boolean;
  /** Places in confirmed bookings. */
  sold: number;
}

/** The series an event belongs to, with every date in order; null when it is a single date. */
export async function seriesOfEvent(eventId: number): Promise<{ id: number; frequency: Frequency; startsOn: string; monthWeek: number | null; dates: SeriesDate[] } | null> {
  const [row] = await getDb().select({ series: eventSeries }).from(events).innerJoin(eventSeries, eq(eventSeries.id, events.series_id)).where(eq(events.id, eventId));
  if (!row) return null;
  const dates = await getDb()
    .select({
      id: events.id,
      date: events.date,
      time: events.time,
      active: events.is_active,
      sold: sql<number>`(select coalesce(sum(b.quantity), 0)::int from bookings b where b.event_id = "events"."id" and b.status = 'confirmed')`,
    })
    .from(events)
    .where(eq(events.series_id, row.series.id))
    .orderBy(asc(events.date), asc(events.id));
  return { id: row.series.id, frequency: row.series.frequency, startsOn: row.series.starts_on, monthWeek: row.series.month_week, dates };
}

export type ApplyOutcome = { ok: true; updated: number } | { ok: false; reason: "not-found" | "not-series" } | { ok: false; reason: "below-taken"; date: string; taken: number };

/**
 * "This and all future dates": copies a date's details (everything but the date) to the
 * later dates of its series. A capacity below what a later date has already taken is
 * refused, naming the date; nothing changes then.
 */
export async function applyToLaterDates(eventId: number, actor: AuditActor, now: Date = new Date()): Promise<ApplyOutcome> {
  const result = await getDb().transaction(async (tx): Promise<ApplyOutcome> => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event) return { ok: false, reason: "not-found" };
    if (event.series_id === null) return { ok: false, reason: "not-series" };
    // Locked in date order, as every sale locks its one event first.
    const later = await tx
      .select()
      .from(events)
      .where(and(eq(events.series_id, event.series_id), gt(events.date, event.date)))
      .orderBy(asc(events.id))
      .for("update");
    const fields = copiedFields(event);
    for (const date of later) {
      if (fields.tickets_available === null) continue;
      const taken = await placesTaken(tx, date.id, now);
      const total = taken.sold + taken.held + taken.offered;
      if (fields.tickets_available < total) return { ok: false, reason: "below-taken", date: date.date, taken: total };
    }
    if (later.length > 0) {
      await tx.update(events).set({ ...fields, updated_at: sql`now()` }).where(inArray(events.id, later.map((d) => d.id)));
    }
    await recordAudit(actor, "event.series_updated", { entity: "event", entityId: event.id, details: { dates: later.map((d) => d.date) } }, tx);
    return { ok: true, updated: later.length };
  });
  if (result.ok) publishChange("events");
  return result;
}

// ---- Cancelling a date ---------------------------------------------------------------

export interface DateBookings {
  confirmed: number;
  places: number;
  paid: number;
  paidPence: number;
}

/** What cancelling a date would touch: its confirmed bookings, places, and the paid ones to refund. */
export async function bookingsToCancel(eventId: number): Promise<DateBookings> {
  const [row] = await getDb()
    .select({
      confirmed: sql<number>`count(*)::int`,
      places: sql<number>`coalesce(sum(${bookings.quantity}), 0)::int`,
      paid: sql<number>`(count(*) filter (where ${bookings.amount_pence} > 0))::int`,
      paidPence: sql<number>`coalesce(sum(${bookings.amount_pence}), 0)::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.event_id, eventId), eq(bookings.status, "confirmed")));
  return row ?? { confirmed: 0, places: 0, paid: 0, paidPence: 0 };
}

export type CancelDateOutcome = { ok: true; cancelled: number; refunded: number; failed: string[] } | { ok: false; reason: "not-found" };

function cancellationMail(booking: BookingRow, event: EventRow, refunded: boolean): Parameters<typeof queueMail>[0] {
  const origin = siteOrigin().replace(/\/+$/, "");
  return {
    to: booking.email,
    subject: `Cancelled: ${event.title} on ${longDate(event.date)}`,
    text: [
      `Hello ${booking.name},`,
      "",
      `We are sorry: ${event.title} on ${longDate(event.date)} at ${shortTime(event.time)} has been cancelled.`,
      "",
      `Booking reference: ${booking.reference}`,
      refunded
        ? `Your payment of ${formatPenceExact(booking.amount_pence)} has been refunded in full: it can take 5 to 10 days to reach your account.`
        : "Your booking is cancelled: there is nothing you need to do.",
      "",
      `See what else is on: ${origin}/events`,
      "",
      CHARITY_NAME,
    ].join("\n"),
  };
}

/**
 * Cancels a date: takes it off the site (so nothing more is sold), then for each
 * confirmed booking refunds a paid one in full through Stripe (one refund per booking:
 * its idempotency key) or cancels a free one, and emails the person. A refund Stripe
 * refuses leaves that booking confirmed and is reported: running it again finishes the rest.
 * Its waitlist is closed.
 */
export async function cancelDate(eventId: number, actor: AuditActor, now: Date = new Date()): Promise<CancelDateOutcome> {
  const [event] = await getDb().update(events).set({ is_active: false, updated_at: sql`now()` }).where(eq(events.id, eventId)).returning();
  if (!event) return { ok: false, reason: "not-found" };
  publishChange("events");
  await getDb()
    .update(waitlistEntries)
    .set({ status: "removed", offer_token_hash: null, offer_expires_at: null, updated_at: now })
    .where(and(eq(waitlistEntries.event_id, eventId), inArray(waitlistEntries.status, ["waiting", "offered", "lapsed"])));
  const confirmed = await getDb().select().from(bookings).where(and(eq(bookings.event_id, eventId), eq(bookings.status, "confirmed")));
  let cancelled = 0;
  let refunded = 0;
  const failed: string[] = [];
  for (const booking of confirmed) {
    const paid = booking.amount_pence > 0;
    if (paid) {
      try {
        if (!booking.stripe_payment_intent_id) throw new Error("no Stripe payment id");
        await (await stripeClient()).refunds.create(
          { payment_intent: booking.stripe_payment_intent_id, metadata: { kind: "booking", booking: booking.reference } },
          { idempotencyKey: `booking-refund-${booking.id}` },
        );
      } catch (error) {
        logger.warn({ err: error, booking: booking.reference }, "refund for a cancelled date failed");
        failed.push(booking.reference);
        continue;
      }
    }
    const [updated] = await getDb()
      .update(bookings)
      .set({ status: paid ? "refunded" : "cancelled", cancelled_at: now, updated_at: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")))
      .returning();
    // Stripe's charge.refunded may have marked it first: the email still goes.
    if (paid) refunded++;
    else if (updated) cancelled++;
    await queueMail(cancellationMail(booking, event, paid)).catch((error: unknown) => logger.warn({ err: error, booking: booking.reference }, "cancellation email not queued"));
  }
  await recordAudit(actor, "event.date_cancelled", { entity: "event", entityId: eventId, details: { title: event.title, date: event.date, cancelled, refunded, failed } });
  publishChange("events");
  return { ok: true, cancelled, refunded, failed };
}
