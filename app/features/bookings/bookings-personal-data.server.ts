/**
 * Bookings in the data protection tools: find the bookings made with an email address,
 * export them, and erase the person from them. Erasing keeps the booking (reference,
 * event, quantity, amount, status, times) so ticket counts and the payment records still
 * add up, and removes the name and the address (docs/decisions/076-bookings-erasure.md).
 */
import { eq, sql } from "drizzle-orm";
import type { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings, type BookingRow } from "./table.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

const ERASED_NAME = "(erased)";

export type BookingWithTitle = BookingRow & { eventTitle: string; eventDate: string };

/** Bookings made with this address (any case), oldest first, with their event. */
export async function findBookingsByEmail(db: Executor, email: string): Promise<BookingWithTitle[]> {
  const rows = await db
    .select({ booking: bookings, eventTitle: events.title, eventDate: events.date })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(bookings.created_at);
  return rows.map((r) => ({ ...r.booking, eventTitle: r.eventTitle, eventDate: r.eventDate }));
}

/** The bookings part of the subject-access export. */
export function bookingsDataExport(rows: BookingWithTitle[]) {
  return rows.map((b) => ({
    reference: b.reference,
    event: b.eventTitle,
    event_date: b.eventDate,
    name: b.name,
    email: b.email,
    quantity: b.quantity,
    amount_pence: b.amount_pence,
    status: b.status,
    booked: b.created_at.toISOString(),
    confirmed: b.confirmed_at?.toISOString() ?? null,
    cancelled: b.cancelled_at?.toISOString() ?? null,
    checked_in: b.checked_in_at?.toISOString() ?? null,
  }));
}

/** Removes the name and address from every booking made with this address; returns how many. */
export async function eraseFromBookings(tx: Executor, email: string): Promise<number> {
  const rows = await tx
    .update(bookings)
    .set({ name: ERASED_NAME, client_hash: null, email: sql`'erased-' || ${bookings.id} || '@erased.invalid'`, updated_at: new Date() })
    .where(sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: bookings.id });
  return rows.length;
}
