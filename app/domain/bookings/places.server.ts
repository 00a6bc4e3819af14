/**
 * What counts against an event's capacity, in ONE place: every rule that asks "how many
 * places are taken" (the ticket box, an order under the event's lock, a late payment, the
 * staff screens) calls placesTaken.
 *
 * Taken = places in confirmed bookings + places in held bookings whose hold has not ended.
 * A booking's `quantity` is its places (each ticket's places per ticket, added up: a
 * Family ticket counting 4 takes 4). Per ticket type, the same bookings' tickets of that
 * type are counted, for a type's own limit.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { getDb } from "../../db/client.server.ts";
import { bookings } from "../../db/schema.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { bookingLines } from "../../features/event-tickets/table.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

export interface PlacesTaken {
  /** Places in confirmed bookings. */
  sold: number;
  /** Places held (Checkout, or a free booking waiting for its emailed link) and not yet expired. */
  held: number;
  /** Tickets of each type in those bookings (sold and held), by ticket type id. */
  byType: Map<number, number>;
}

function liveBooking(now: Date) {
  return sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}))`;
}

/** The places taken of an event at an instant (and tickets of each of its types). */
export async function placesTaken(db: Executor, eventId: number, now: Date): Promise<PlacesTaken> {
  const [[row], types] = await Promise.all([
    db
      .select({
        sold: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'confirmed'), 0)::int`,
        held: sql<number>`coalesce(sum(${bookings.quantity}) filter (where ${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}), 0)::int`,
      })
      .from(bookings)
      .where(and(eq(bookings.event_id, eventId), inArray(bookings.status, ["confirmed", "held"]))),
    db
      .select({ typeId: bookingLines.ticket_type_id, tickets: sql<number>`sum(${bookingLines.quantity})::int` })
      .from(bookingLines)
      .innerJoin(bookings, eq(bookings.id, bookingLines.booking_id))
      .where(and(eq(bookings.event_id, eventId), liveBooking(now)))
      .groupBy(bookingLines.ticket_type_id),
  ]);
  return { sold: row?.sold ?? 0, held: row?.held ?? 0, byType: new Map(types.map((t) => [t.typeId, t.tickets])) };
}
