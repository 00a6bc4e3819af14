/**
 * Ticket types and discount codes on the server: reading an event's types (an event that
 * books online without types of its own sells one "Ticket" at its price), checking a code
 * for an order, and counting its uses. Orders call these inside their transaction, after
 * locking the event row; a code's row is locked next (lock order: event, code, bookings),
 * so its uses are counted as exactly as the places.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { bookings, type EventRow } from "../../db/schema.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { codeDatesState, type Discount } from "../../domain/bookings/pricing.ts";
import { discountCodes, eventTicketTypes, type DiscountCodeRow, type TicketTypeRow } from "./table.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

/** The type an event without types of its own sells (not stored until a ticket is taken). */
function defaultType(event: Pick<EventRow, "id" | "booking_mode" | "ticket_price_pence">): TicketTypeRow {
  const now = new Date(0);
  return {
    id: 0,
    event_id: event.id,
    name: "Ticket",
    description: null,
    price_pence: event.booking_mode === "paid" ? (event.ticket_price_pence ?? 0) : 0,
    places_per_ticket: 1,
    ticket_limit: null,
    position: 0,
    created_at: now,
    updated_at: now,
  };
}

/** An event's ticket types in their order; one "Ticket" at the event's price when it has none. */
export async function ticketTypesFor(db: Executor, event: Pick<EventRow, "id" | "booking_mode" | "ticket_price_pence">): Promise<TicketTypeRow[]> {
  const rows = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.event_id, event.id)).orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  return rows.length > 0 ? rows : [defaultType(event)];
}

/** Stores the default type of an event that has none (under the event's lock), and answers its types. */
export async function ensureTicketTypes(tx: Transaction, event: Pick<EventRow, "id" | "booking_mode" | "ticket_price_pence">): Promise<TicketTypeRow[]> {
  const types = await ticketTypesFor(tx, event);
  if (types.length !== 1 || types[0].id !== 0) return types;
  const { id: _id, ...values } = types[0];
  const [stored] = await tx.insert(eventTicketTypes).values(values).returning();
  return [stored];
}

export type CodeCheck = { ok: true; code: DiscountCodeRow; discount: Discount } | { ok: false; message: string };

/** Codes are matched without regard to case or spaces around them. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

function liveUse(now: Date) {
  return sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}))`;
}

/** Uses of a code: bookings confirmed or still held that carry it (of one email, when given). */
export async function codeUses(db: Executor, codeId: number, now: Date, email?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.discount_code_id, codeId), liveUse(now), email ? sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}` : undefined));
  return row?.n ?? 0;
}

/**
 * Checks a code for an order of an event: known, for this event, within its dates
 * (Millbrook days), and with uses left (in total and for this email). With `lock`, the
 * code's row is locked first, so the count of uses holds until the transaction ends.
 */
export async function checkCode(
  db: Executor,
  input: string,
  eventId: number,
  email: string | null,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<CodeCheck> {
  const code = normaliseCode(input);
  if (!code) return { ok: false, message: "Please enter a discount code." };
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || (row.event_ids && !row.event_ids.includes(eventId))) return { ok: false, message: `Sorry, "${code}" is not a discount code for this event.` };
  const dates = codeDatesState(row, now);
  if (dates === "not-started") return { ok: false, message: `Sorry, the code ${code} can be used from ${ukDate(row.starts_on!)}.` };
  if (dates === "ended") return { ok: false, message: `Sorry, the code ${code} ended on ${ukDate(row.ends_on!)}.` };
  if (row.max_uses !== null && (await codeUses(db, row.id, now)) >= row.max_uses) return { ok: false, message: `Sorry, the code ${code} has been used up.` };
  if (email && row.max_uses_per_email !== null && (await codeUses(db, row.id, now, email)) >= row.max_uses_per_email) {
    return { ok: false, message: `Sorry, the code ${code} has already been used with this email address as many times as it can be.` };
  }
  return { ok: true, code: row, discount: { kind: row.kind, amount: row.amount } };
}

/** 14 March 2027, from yyyy-MM-dd. */
function ukDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Apply" on the event page: whether a code can be used for an order now (nothing is taken). */
export function quoteCode(input: string, eventId: number, email: string | null): Promise<CodeCheck> {
  return checkCode(getDb(), input, eventId, email, new Date());
}
