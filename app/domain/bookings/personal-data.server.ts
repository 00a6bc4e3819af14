/**
 * Ticket bookings in the data protection tools (find, export, erase by email). Erasing
 * removes the buyer's name and email from their bookings but keeps each booking's
 * reference, event, quantity, amount, status and Stripe references: the charity's sales
 * and refund records stay whole and the event's ticket counts still add up.
 */
import { eq, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { bookings, events } from "../../db/schema.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const byEmail = (email: string) => sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}`;

/** The bookings made with an address, oldest first, with their event's title and date. */
export function findBookingData(email: string) {
  return getDb()
    .select({ booking: bookings, eventTitle: events.title, eventDate: events.date })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(byEmail(email))
    .orderBy(bookings.created_at);
}

export type BookingData = Awaited<ReturnType<typeof findBookingData>>;

export function bookingDataExport(found: BookingData) {
  return found.map(({ booking, eventTitle, eventDate }) => ({
    reference: booking.reference,
    event: eventTitle,
    event_date: eventDate,
    name: booking.name,
    email: booking.email,
    tickets: booking.quantity,
    amount: (booking.amount_pence / 100).toFixed(2),
    status: booking.status,
    booked: booking.created_at.toISOString(),
    checked_in: booking.checked_in_at?.toISOString() ?? null,
    cancelled: booking.cancelled_at?.toISOString() ?? null,
  }));
}

/** Removes the name and email from an address's bookings inside `tx`; returns how many. */
export async function eraseBookingData(tx: Tx, email: string, now = new Date()): Promise<number> {
  const rows = await tx.update(bookings).set({ name: "(erased)", email: "", updated_at: now }).where(byEmail(email)).returning({ id: bookings.id });
  return rows.length;
}
