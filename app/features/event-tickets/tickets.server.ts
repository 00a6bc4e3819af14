/**
 * Ticket types and discount codes on the server: reading an event's types (an event that
 * books online without types of its own sells one "Ticket" at its price), checking a code
 * for an order, and counting its uses. Orders call these inside their transaction, after
 * locking the event row; a code's row is locked next (lock order: event, code, bookings),
 * so its uses are counted as exactly as the places.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import type { DiscountCodeInput, TicketTypeInput } from "./tickets.schema.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { codeDatesState, type Discount } from "../bookings/index.ts";
import { bookingLines, discountCodes, eventTicketTypes, type DiscountCodeRow, type TicketTypeRow } from "./table.ts";

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
function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

function liveUse(now: Date) {
  return sql`(${bookings.status} = 'confirmed' or (${bookings.status} = 'held' and ${bookings.hold_expires_at} > ${now}))`;
}

/** Uses of a code: bookings confirmed or still held that carry it (of one email, when given). */
async function codeUses(db: Executor, codeId: number, now: Date, email?: string): Promise<number> {
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

const UK_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** 14 March 2027, from yyyy-MM-dd. */
function ukDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return UK_DATE.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Apply" on the event page: whether a code can be used for an order now (nothing is taken). */
export function quoteCode(input: string, eventId: number, email: string | null): Promise<CodeCheck> {
  return checkCode(getDb(), input, eventId, email, new Date());
}

// ---- Staff: ticket types and codes ---------------------------------------------------

/** An event's stored types with tickets sold or held of each (a type with tickets cannot be deleted). */
export async function ticketTypesForStaff(eventId: number) {
  const [event] = await getDb().select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  const types = await getDb().select().from(eventTicketTypes).where(eq(eventTicketTypes.event_id, eventId)).orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  const sold = await getDb()
    .select({ typeId: bookingLines.ticket_type_id, tickets: sql<number>`sum(${bookingLines.quantity})::int` })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.booking_id))
    .where(and(eq(bookings.event_id, eventId), inArray(bookings.status, ["confirmed", "held"])))
    .groupBy(bookingLines.ticket_type_id);
  const byType = new Map(sold.map((s) => [s.typeId, s.tickets]));
  return { event, types: types.map((t) => ({ ...t, sold: byType.get(t.id) ?? 0 })) };
}

/** Adds a type to an event, or changes one (under the event's lock, like an order). */
export async function saveTicketType(eventId: number, typeId: number | null, input: TicketTypeInput, actor: AuditActor): Promise<"saved" | "not-found"> {
  const saved = await getDb().transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return false;
    const values = { name: input.name, description: input.description, price_pence: input.price, places_per_ticket: input.places, ticket_limit: input.limit, position: input.position };
    if (typeId === null) {
      // The first stored type replaces the event's implicit one.
      await ensureTicketTypes(tx, event);
      await tx.insert(eventTicketTypes).values({ event_id: eventId, ...values });
    } else {
      const [row] = await tx
        .update(eventTicketTypes)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(eventTicketTypes.id, typeId), eq(eventTicketTypes.event_id, eventId)))
        .returning({ id: eventTicketTypes.id });
      if (!row) return false;
    }
    await recordAudit(actor, "event.ticket_types", { entity: "event", entityId: eventId, details: { type: input.name } }, tx);
    return true;
  });
  if (saved) publishChange("events");
  return saved ? "saved" : "not-found";
}

/** Removes a type that has no tickets sold or held, and not the last one. */
export async function deleteTicketType(eventId: number, typeId: number, actor: AuditActor): Promise<"deleted" | "has-tickets" | "last" | "not-found"> {
  const outcome = await getDb().transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
    if (!event) return "not-found" as const;
    const types = await tx.select({ id: eventTicketTypes.id }).from(eventTicketTypes).where(eq(eventTicketTypes.event_id, eventId));
    if (!types.some((t) => t.id === typeId)) return "not-found" as const;
    if (types.length === 1) return "last" as const;
    const [used] = await tx.select({ id: bookingLines.id }).from(bookingLines).where(eq(bookingLines.ticket_type_id, typeId)).limit(1);
    if (used) return "has-tickets" as const;
    await tx.delete(eventTicketTypes).where(eq(eventTicketTypes.id, typeId));
    await recordAudit(actor, "event.ticket_types", { entity: "event", entityId: eventId, details: { deleted: typeId } }, tx);
    return "deleted" as const;
  });
  if (outcome === "deleted") publishChange("events");
  return outcome;
}

/** Switches asking each ticket's attendee name on or off for an event. */
export async function setAttendeeNames(eventId: number, on: boolean, actor: AuditActor): Promise<void> {
  await getDb().update(events).set({ attendee_names: on, updated_at: new Date() }).where(eq(events.id, eventId));
  await recordAudit(actor, "event.ticket_types", { entity: "event", entityId: eventId, details: { attendeeNames: on } });
  publishChange("events");
}

/** Every code, newest first, with its uses so far (confirmed and held orders). */
export async function listDiscountCodes(now: Date = new Date()) {
  const rows = await getDb().select().from(discountCodes).orderBy(desc(discountCodes.created_at), desc(discountCodes.id));
  const titles = new Map((await getDb().select({ id: events.id, title: events.title }).from(events)).map((e) => [e.id, e.title]));
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      uses: await codeUses(getDb(), row.id, now),
      events: row.event_ids ? row.event_ids.map((id) => titles.get(id) ?? `Event ${id}`) : null,
    })),
  );
}

export async function createDiscountCode(input: DiscountCodeInput, actor: AuditActor): Promise<"created" | "taken"> {
  const [row] = await getDb()
    .insert(discountCodes)
    .values({
      code: input.code,
      kind: input.kind,
      amount: input.amount,
      event_ids: input.event === null ? null : [input.event],
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      max_uses: input.max_uses,
      max_uses_per_email: input.max_uses_per_email,
    })
    .onConflictDoNothing()
    .returning({ id: discountCodes.id });
  if (!row) return "taken";
  await recordAudit(actor, "discount_code.create", { entity: "discount_code", entityId: row.id, details: { code: input.code } });
  return "created";
}

/** Deletes a code never used; a used one stays (its bookings name it). */
export async function deleteDiscountCode(id: number, actor: AuditActor): Promise<"deleted" | "used" | "not-found"> {
  const [used] = await getDb().select({ id: bookings.id }).from(bookings).where(eq(bookings.discount_code_id, id)).limit(1);
  if (used) return "used";
  const [row] = await getDb().delete(discountCodes).where(eq(discountCodes.id, id)).returning({ code: discountCodes.code });
  if (!row) return "not-found";
  await recordAudit(actor, "discount_code.delete", { entity: "discount_code", entityId: id, details: { code: row.code } });
  return "deleted";
}

/** Events that sell tickets here, for the code form's choice. */
export function ticketedEvents() {
  return getDb()
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(and(inArray(events.booking_mode, ["free", "paid"]), eq(events.is_past, false)))
    .orderBy(asc(events.date));
}

/** After the event form is saved: an event with exactly one stored type keeps it at the form's price. */
export async function followSinglePrice(tx: Transaction, event: Pick<EventRow, "id" | "booking_mode" | "ticket_price_pence">): Promise<void> {
  if (event.booking_mode !== "paid" && event.booking_mode !== "free") return;
  const types = await tx.select({ id: eventTicketTypes.id }).from(eventTicketTypes).where(eq(eventTicketTypes.event_id, event.id));
  if (types.length !== 1) return;
  await tx
    .update(eventTicketTypes)
    .set({ price_pence: event.booking_mode === "paid" ? (event.ticket_price_pence ?? 0) : 0, updated_at: new Date() })
    .where(eq(eventTicketTypes.id, types[0].id));
}
