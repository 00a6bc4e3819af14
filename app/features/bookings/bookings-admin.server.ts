/**
 * Bookings, staff side: the bookings of an event with its totals, the CSV export (read in
 * batches), door check-in (by reference or by name), cancelling or refunding a booking,
 * the guard on lowering an event's ticket limit, and the dashboard's ticket sales.
 *
 * Bookings are personal data: the screens that use these functions sit behind the
 * submissions permission. Every change is written to the audit log.
 */
import { and, asc, eq, gt, gte, ilike, inArray, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { bookings, type BookingRow, type BookingStatus } from "./table.ts";
import { logger } from "../../lib/logger.server.ts";
import { penceAsPounds } from "../../lib/money.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { stripeClient } from "../../payments/stripe.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { availability, checkIn, offerFreedPlaces, type Availability } from "./bookings.server.ts";
import { placesLeft, placesTaken } from "./places.server.ts";
import { bookingLines } from "../event-tickets/table.ts";
import { normaliseReference } from "./sales.ts";

const BOOKING_MODES_WITH_BOOKINGS = ["free", "paid"] as const;

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** Words for a booking's status, as staff read them. */
export const STATUS_LABELS: Record<BookingStatus, string> = {
  held: "Awaiting payment",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  refunded: "Refunded",
  expired: "Expired",
};

interface EventBookingTotals {
  /** Confirmed bookings and the tickets in them. */
  bookings: number;
  tickets: number;
  /** Money taken for confirmed bookings, in pence. */
  takenPence: number;
  refundedPence: number;
  /** Tickets of confirmed bookings checked in at the door. */
  arrived: number;
}

export interface EventBookings {
  event: EventRow;
  availability: Availability;
  totals: EventBookingTotals;
  bookings: BookingRow[];
}

/** An event with every booking (newest first), what is left and the totals; null when the event does not exist. */
export async function eventBookings(eventId: number, now: Date = new Date()): Promise<EventBookings | null> {
  if (!validId(eventId)) return null;
  const db = getDb();
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  const [rows, left, [totals]] = await Promise.all([
    db.select().from(bookings).where(eq(bookings.event_id, eventId)).orderBy(sql`${bookings.created_at} desc`, sql`${bookings.id} desc`),
    availability(eventId, now),
    db
      .select({
        bookings: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')::int`,
        tickets: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
        takenPence: sql<number>`coalesce(sum(${bookings.amount_pence}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
        refundedPence: sql<number>`coalesce(sum(${bookings.amount_pence}) filter (where ${bookings.status} = 'refunded'), 0)::int`,
        arrived: sql<number>`coalesce(sum(${bookings.checked_in_count}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
      })
      .from(bookings)
      .where(eq(bookings.event_id, eventId)),
  ]);
  return { event, availability: left!, totals: totals!, bookings: rows };
}

// ---- CSV export ---------------------------------------------------------------------

export const BOOKINGS_CSV_HEADER = [
  "Reference",
  "Name",
  "Email",
  "Quantity",
  "Amount (£)",
  "Status",
  "Booked",
  "Checked in",
  "Tickets",
  "Attendees",
  "Arrived",
  "Discount (£)",
  "Donation (£)",
] as const;

/**
 * The bookings of an event as CSV rows, read `size` at a time by keyset (booked time,
 * then id), so an export of any size holds one batch in memory.
 */
export async function* bookingsCsvBatches(eventId: number, size = 500): AsyncGenerator<unknown[][]> {
  if (!validId(eventId)) return;
  let after: { created_at: Date; id: string } | undefined;
  for (;;) {
    const rows = await getDb()
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.event_id, eventId),
          after
            ? or(gt(bookings.created_at, after.created_at), and(eq(bookings.created_at, after.created_at), gt(bookings.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(bookings.created_at), asc(bookings.id))
      .limit(size);
    if (rows.length > 0) {
      const parties = await partyOf(rows.map((b) => b.id));
      yield rows.map((b) => [
        b.reference,
        b.name,
        b.email,
        b.quantity,
        penceAsPounds(b.amount_pence),
        STATUS_LABELS[b.status],
        b.created_at,
        b.checked_in_at,
        parties.get(b.id)?.types ?? "",
        (parties.get(b.id)?.names ?? []).join("; "),
        b.checked_in_count,
        penceAsPounds(b.discount_pence),
        penceAsPounds(b.donation_pence),
      ]);
    }
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

// ---- Door check-in ------------------------------------------------------------------

export type DoorOutcome =
  | { outcome: "checked-in"; booking: BookingRow; arrived: number }
  | { outcome: "already-checked-in"; booking: BookingRow; at: Date }
  | { outcome: "not-valid"; booking: BookingRow }
  /** A real booking, for another event. */
  | { outcome: "other-event"; booking: BookingRow; eventTitle: string }
  | { outcome: "not-found"; reference: string };

/**
 * Checks a booking in at the door of an event by its reference (typed or scanned in any
 * spelling); a second time says when they arrived. A booking for another event is not
 * checked in.
 */
export async function checkInAtEvent(eventId: number, input: string, actor: AuditActor, options: { now?: Date; arriving?: number } = {}): Promise<DoorOutcome> {
  const reference = normaliseReference(input);
  const typed = input.trim().slice(0, 40);
  if (!reference) return { outcome: "not-found", reference: typed };
  const [found] = await getDb()
    .select({ booking: bookings, eventTitle: events.title })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(eq(bookings.reference, reference));
  if (!found) return { outcome: "not-found", reference };
  if (found.booking.event_id !== eventId) return { outcome: "other-event", booking: found.booking, eventTitle: found.eventTitle };
  const result = await checkIn(reference, options);
  if (result.outcome === "not-found") return { outcome: "not-found", reference };
  if (result.outcome === "checked-in") {
    await recordAudit(actor, "booking.checked_in", {
      entity: "booking",
      entityId: reference,
      details: { event: eventId, quantity: result.booking.quantity, arrived: result.booking.checked_in_count },
    });
    publishChange("events");
  }
  return result;
}

/** Bookings of an event whose name (or email, or reference) contains the search, confirmed first; at most 30. */
export async function searchEventBookings(eventId: number, search: string): Promise<BookingRow[]> {
  const q = search.trim().slice(0, 100);
  if (!validId(eventId) || q.length < 2) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return getDb()
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.event_id, eventId),
        inArray(bookings.status, ["confirmed", "cancelled", "refunded"]),
        or(ilike(bookings.name, pattern), ilike(bookings.email, pattern), ilike(bookings.reference, pattern)),
      ),
    )
    .orderBy(sql`${bookings.status} <> 'confirmed'`, asc(bookings.name))
    .limit(30);
}

// ---- Cancel or refund ---------------------------------------------------------------

export type StaffCancelOutcome =
  | { outcome: "cancelled"; booking: BookingRow }
  | { outcome: "refunded"; booking: BookingRow }
  | { outcome: "not-found" }
  /** Not confirmed: already cancelled or refunded, or still awaiting payment. */
  | { outcome: "not-cancellable"; booking: BookingRow }
  /** Stripe refused or could not be reached: nothing changed. */
  | { outcome: "refund-failed"; booking: BookingRow };

/**
 * Staff cancel a confirmed booking at any time (no cut-off): a free booking is cancelled,
 * a paid one refunded in full through Stripe first, then marked refunded. Either way its
 * tickets go back on sale. Stripe's charge.refunded that follows finds it refunded.
 */
export async function cancelBookingByStaff(eventId: number, reference: string, actor: AuditActor, options: { now?: Date } = {}): Promise<StaffCancelOutcome> {
  const ref = normaliseReference(reference);
  if (!ref || !validId(eventId)) return { outcome: "not-found" };
  const now = options.now ?? new Date();
  const [booking] = await getDb()
    .select()
    .from(bookings)
    .where(and(eq(bookings.reference, ref), eq(bookings.event_id, eventId)));
  if (!booking) return { outcome: "not-found" };
  if (booking.status !== "confirmed") return { outcome: "not-cancellable", booking };
  const paid = booking.amount_pence > 0;
  if (paid) {
    if (!booking.stripe_payment_intent_id) return { outcome: "refund-failed", booking };
    try {
      await (await stripeClient()).refunds.create(
        { payment_intent: booking.stripe_payment_intent_id, metadata: { kind: "booking", booking: booking.reference } },
        { idempotencyKey: `booking-refund-${booking.id}` },
      );
    } catch (error) {
      logger.warn({ err: error, booking: booking.reference }, "staff refund of a booking failed");
      return { outcome: "refund-failed", booking };
    }
  }
  const status = paid ? "refunded" : "cancelled";
  const result = await getDb().transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ status, cancelled_at: now, updated_at: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")))
      .returning();
    // Stripe's charge.refunded may have marked it refunded first: the refund still is ours.
    const [current] = updated ? [updated] : await tx.select().from(bookings).where(eq(bookings.id, booking.id));
    if (!updated && !(paid && current!.status === "refunded")) return null;
    await recordAudit(
      actor,
      paid ? "booking.refunded" : "booking.cancelled",
      { entity: "booking", entityId: booking.reference, details: { event: eventId, quantity: booking.quantity, amount_pence: booking.amount_pence } },
      tx,
    );
    return current!;
  });
  if (!result) {
    const [current] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id));
    return { outcome: "not-cancellable", booking: current! };
  }
  publishChange("events");
  await offerFreedPlaces(eventId, now);
  return paid ? { outcome: "refunded", booking: result } : { outcome: "cancelled", booking: result };
}

// ---- The event form's ticket limit --------------------------------------------------

type Executor = Parameters<typeof placesTaken>[0];

/** Places taken at an event (placesTaken: confirmed, held, and offered to the waitlist). */
export async function ticketsTaken(eventId: number, db: Executor = getDb(), now: Date = new Date()): Promise<number> {
  const taken = await placesTaken(db, eventId, now);
  return taken.sold + taken.held + taken.offered;
}

/** What the event form says when the ticket limit would fall below what is already sold or held. */
export function limitBelowTakenMessage(taken: number): string {
  return `${taken} ${taken === 1 ? "ticket is" : "tickets are"} already sold or held, so tickets available cannot be less than ${taken}.`;
}

// ---- Dashboard ----------------------------------------------------------------------

export interface EventSales {
  id: number;
  title: string;
  date: string;
  time: string;
  mode: "free" | "paid";
  limit: number | null;
  sold: number;
  /** null without a limit. */
  left: number | null;
}

/** Upcoming active events that take bookings (a series by its next date), soonest first, with tickets sold and left. */
export async function upcomingEventSales(options: { limit?: number; now?: Date } = {}): Promise<EventSales[]> {
  const now = options.now ?? new Date();
  const rows = await getDb()
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      time: events.time,
      mode: events.booking_mode,
      limit: events.tickets_available,
    })
    .from(events)
    .where(
      and(
        eq(events.is_active, true),
        eq(events.is_past, false),
        gte(events.date, sql`current_date`),
        inArray(events.booking_mode, [...BOOKING_MODES_WITH_BOOKINGS]),
        // A series once: its next date.
        sql`(${events.series_id} is null or ${events.id} = (
          select n.id from events n where n.series_id = ${events.series_id} and n.is_active and not n.is_past and n.date >= current_date
          order by n.date, n.time, n.id limit 1))`,
      ),
    )
    .orderBy(asc(events.date), asc(events.time), asc(events.id))
    .limit(options.limit ?? 10);
  return Promise.all(
    rows.map(async (r) => {
      const taken = await placesTaken(getDb(), r.id, now);
      return { id: r.id, title: r.title, date: r.date, time: r.time, mode: r.mode as "free" | "paid", limit: r.limit, sold: taken.sold, left: placesLeft({ tickets_available: r.limit }, taken) };
    }),
  );
}

// ---- Door check-in ------------------------------------------------------------------

export interface DoorEvent {
  id: number;
  title: string;
  date: string;
  time: string;
  /** Tickets in confirmed bookings, and those of them checked in. */
  tickets: number;
  arrived: number;
}

/**
 * The events that take bookings on a day (Europe/London, `YYYY-MM-DD`), by time: what the
 * door check-in starts from. With `following`, the next days' events instead (after the
 * day, soonest first), for the days with none.
 */
export async function doorEvents(day: string, options: { following?: number } = {}): Promise<DoorEvent[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return [];
  const when = options.following ? gt(events.date, day) : eq(events.date, day);
  return getDb()
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      time: events.time,
      tickets: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
      arrived: sql<number>`coalesce(sum(${bookings.checked_in_count}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
    })
    .from(events)
    .leftJoin(bookings, eq(bookings.event_id, events.id))
    .where(and(eq(events.is_active, true), when, inArray(events.booking_mode, [...BOOKING_MODES_WITH_BOOKINGS])))
    .groupBy(events.id)
    .orderBy(asc(events.date), asc(events.time), asc(events.id))
    .limit(options.following ?? 50);
}

/** A booking as the door list shows it: no contact details, only what the door needs. */
export interface DoorListEntry {
  reference: string;
  name: string;
  /** People in the party (places). */
  quantity: number;
  /** How many of them have arrived. */
  arrivedCount: number;
  checkedInAt: Date | null;
  /** The types bought ("1 Family, 2 Child") and the attendees' names, if given. */
  types: string;
  names: string[];
}

/** What each booking bought, for the door and the CSV: "1 Family, 2 Child", and the names given. */
async function partyOf(bookingIds: readonly string[]): Promise<Map<string, { types: string; names: string[] }>> {
  const result = new Map<string, { types: string; names: string[] }>();
  if (bookingIds.length === 0) return result;
  const lines = await getDb().select().from(bookingLines).where(inArray(bookingLines.booking_id, [...bookingIds])).orderBy(asc(bookingLines.id));
  for (const line of lines) {
    const entry = result.get(line.booking_id) ?? { types: "", names: [] };
    entry.types = entry.types ? `${entry.types}, ${line.quantity} ${line.name}` : `${line.quantity} ${line.name}`;
    entry.names.push(...line.attendee_names.filter(Boolean));
    result.set(line.booking_id, entry);
  }
  return result;
}

/** The confirmed bookings of an event for the door, by name: names, references, tickets and arrival, nothing else. */
export async function doorList(eventId: number): Promise<DoorListEntry[]> {
  if (!validId(eventId)) return [];
  const rows = await getDb()
    .select({ id: bookings.id, reference: bookings.reference, name: bookings.name, quantity: bookings.quantity, arrivedCount: bookings.checked_in_count, checkedInAt: bookings.checked_in_at })
    .from(bookings)
    .where(and(eq(bookings.event_id, eventId), eq(bookings.status, "confirmed")))
    .orderBy(asc(bookings.name), asc(bookings.id));
  const parties = await partyOf(rows.map((r) => r.id));
  return rows.map(({ id, ...r }) => ({ ...r, types: parties.get(id)?.types ?? "", names: parties.get(id)?.names ?? [] }));
}
