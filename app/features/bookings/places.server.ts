/**
 * What counts against an event's capacity, in ONE place: every rule that asks "how many
 * places are taken" (the ticket box, an order under the event's lock, a waitlist offer, a
 * late payment, the staff screens) calls placesTaken.
 *
 * The unit is the place (one person at the event). A booking's `quantity` is its places
 * (each ticket's places per ticket, added up: a Family ticket counting 4 takes 4); an
 * offer to someone on the waitlist holds the places it offers until it is booked or runs
 * out.
 *
 * Places taken = confirmed bookings + held bookings whose hold has not expired (Checkout,
 * or a free booking waiting for its emailed link) + waitlist offers not yet expired. Per
 * ticket type, the same bookings' tickets of that type are counted, for a type's own limit.
 *
 * Every sale and every offer calls this with the event's row locked (`FOR UPDATE`), so
 * what it counts cannot change before the new booking or offer is written.
 */
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { getDb } from "../../db/client.server.ts";
import { type EventRow } from "../events/table.ts";
import { bookings } from "./table.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { bookingLines } from "../event-tickets/table.ts";
import { waitlistEntries } from "../waitlist/table.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

export interface PlacesTaken {
  /** Places in confirmed bookings. */
  sold: number;
  /** Places in bookings held while the buyer pays or confirms (holds not yet expired). */
  held: number;
  /** Places held for people on the waitlist who were offered them (offers not yet expired). */
  offered: number;
  /** Tickets of each type in the live bookings (sold and held), by ticket type id. */
  byType: Map<number, number>;
}

function liveBooking(now: Date) {
  return sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}))`;
}

/**
 * The places taken at an event at `now` (and tickets of each of its types). `exceptOffer`:
 * leave out one waitlist offer (the one being booked, whose places are its own).
 */
export async function placesTaken(db: Executor, eventId: number, now: Date, options: { exceptOffer?: string } = {}): Promise<PlacesTaken> {
  const [[booked], [offers], types] = await Promise.all([
    db
      .select({
        sold: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
        held: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}), 0)::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.event_id, eventId), inArray(bookings.status, ["confirmed", "held"]))),
    db
      .select({ offered: sql<number>`coalesce(sum(${waitlistEntries.places}), 0)::int` })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.event_id, eventId),
          eq(waitlistEntries.status, "offered"),
          gt(waitlistEntries.offer_expires_at, now),
          options.exceptOffer ? ne(waitlistEntries.id, options.exceptOffer) : undefined,
        ),
      ),
    db
      .select({ typeId: bookingLines.ticket_type_id, tickets: sql<number>`sum(${bookingLines.quantity})::int` })
      .from(bookingLines)
      .innerJoin(bookings, eq(bookings.id, bookingLines.booking_id))
      .where(and(eq(bookings.event_id, eventId), liveBooking(now)))
      .groupBy(bookingLines.ticket_type_id),
  ]);
  return {
    sold: booked?.sold ?? 0,
    held: booked?.held ?? 0,
    offered: offers?.offered ?? 0,
    byType: new Map(types.map((t) => [t.typeId, t.tickets])),
  };
}

/** Places left: the capacity less everything taken (never below 0), or null when the event sets no limit. */
export function placesLeft(event: Pick<EventRow, "tickets_available">, taken: PlacesTaken): number | null {
  const limit = event.tickets_available;
  return limit === null ? null : Math.max(0, limit - taken.sold - taken.held - taken.offered);
}
