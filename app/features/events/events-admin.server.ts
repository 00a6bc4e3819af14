/**
 * Events, admin side: list with search and filters, counts, read one, create (once per
 * submission key), update, toggle active, delete. Every change is written to the audit
 * log and announced on the change feed. Public reads live in events.server.ts.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "./table.ts";
import { bookings } from "../bookings/table.ts";
import type { AuditActor } from "../../domain/audit/audit.server.ts";
import { limitBelowTakenMessage, ticketsTaken, offerFreedPlaces } from "../bookings/index.ts";
import { followSinglePrice } from "../event-tickets/index.ts";
import type { AdminListFilters } from "../../domain/listings/listing-fields.schema.ts";
import { FieldsRefusedError } from "../../domain/listings/save-listing.server.ts";
import {
  EVENT_KIND,
  countItems,
  createItem,
  deleteItem,
  getItem,
  upcomingFirst,
  listPage,
  toggleActive,
  updateItem,
  validId,
} from "../../domain/listings/listings.server.ts";
import type { EventFormData } from "./events.schema.ts";

type BookingFields = "booking_mode" | "ticket_price_pence" | "booking_url";

/**
 * An event's fields; the booking fields default to no booking on create and stay as they
 * are on update. Whether it is past follows from its date: the form does not set is_past
 * (saving an event clears an old hand-set flag).
 */
export type EventInput = Omit<EventFormData, "is_active" | BookingFields | "end_time" | "ticket_info" | "thank_you_email"> &
  Partial<Pick<EventFormData, BookingFields | "end_time" | "ticket_info" | "thank_you_email">> & {
  is_active?: boolean;
  is_past?: boolean;
  image?: string | null;
};

/** The columns of the admin list: is_past is worked out from the date. */
const listColumns = { ...getTableColumns(events), is_past: sql<boolean>`(${events.is_past} or ${events.date} < current_date)`.mapWith(Boolean) };

/** One page of the admin list (upcoming first, then past), with how many match the filters. */
export function listEventsForAdmin(filters: AdminListFilters) {
  return listPage(events, filters, (where, limit, offset) =>
    upcomingFirst(events, where, limit, offset, (part, order, n, skip) =>
      getDb().select(listColumns).from(events).where(part).orderBy(...order).limit(n).offset(skip),
    ),
  );
}

export const countEvents = () => countItems(events);

export const getEventForAdmin = (id: number): Promise<EventRow | null> => getItem(events, id);

/** Creates an event (active, not past unless said otherwise). A repeated submission key creates nothing. */
export function createEvent(input: EventInput, actor: AuditActor, submissionKey?: string | null) {
  return createItem(EVENT_KIND, input.title, actor, submissionKey, async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...input, is_active: input.is_active ?? true, is_past: input.is_past ?? false })
      .returning({ id: events.id });
    return row?.id;
  });
}

/**
 * Updates an event; `image` undefined keeps the current image, null removes it. Returns
 * null when the event does not exist. A ticket limit below the tickets already sold or
 * held is refused (FieldsRefusedError): the event row is locked first, as every booking
 * locks it, so no booking can slip in between the count and the update.
 */
export async function updateEvent(id: number, input: EventInput, actor: AuditActor) {
  const updated = await updateItem(EVENT_KIND, id, actor, async (tx) => {
    if (input.tickets_available !== null && input.tickets_available !== undefined) {
      const taken = await ticketsTaken(id, tx);
      if (input.tickets_available < taken) throw new FieldsRefusedError({ tickets_available: limitBelowTakenMessage(taken) });
    }
    const [row] = await tx
      .update(events)
      .set({ is_past: false, ...input, updated_at: sql`now()` })
      .where(eq(events.id, id))
      .returning();
    // An event sold as one type follows the price on the form (several types: the Ticket types screen).
    if (row) await followSinglePrice(tx, row);
    return row;
  });
  // A raised capacity (or a limit removed) frees places: the waitlist is offered them.
  if (updated) await offerFreedPlaces(id);
  return updated;
}

export const toggleEventActive = (id: number, actor: AuditActor) => toggleActive(EVENT_KIND, id, actor);
/**
 * Deletes an event; an event with bookings is kept (they are people's tickets and the
 * record of money taken): the answer says why and what can be done instead.
 */
export async function deleteEvent(id: number, actor: AuditActor): Promise<boolean | string> {
  if (!validId(id)) return false;
  const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.event_id, id));
  if (n > 0) {
    return `it has ${n === 1 ? "1 booking" : `${n} bookings`}. To call it off, hide it from the website and cancel or refund its bookings on its Bookings screen.`;
  }
  return deleteItem(EVENT_KIND, id, actor);
}
