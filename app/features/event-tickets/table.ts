/**
 * Event tickets' tables: the ticket types of an event (all share the event's capacity; a
 * type may count several places per ticket and have a limit of its own), the lines of a
 * booking (how many of each type, at what price, and the attendees' names), and discount
 * codes (percentage or fixed amount off the ticket part of an order).
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";

export const eventTicketTypes = pgTable(
  "event_ticket_types",
  {
    id: serial("id").primaryKey(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** Price of one ticket in pence; 0 is free. */
    price_pence: integer("price_pence").notNull().default(0),
    /** How many of the event's places one ticket takes (a Family ticket: 4). */
    places_per_ticket: integer("places_per_ticket").notNull().default(1),
    /** The most tickets of this type sold, or null: only the event's capacity applies. */
    ticket_limit: integer("ticket_limit"),
    position: integer("position").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_ticket_types_event_idx").on(t.event_id, t.position),
    check("event_ticket_types_price_check", sql`${t.price_pence} >= 0`),
    check("event_ticket_types_places_check", sql`${t.places_per_ticket} between 1 and 10`),
    check("event_ticket_types_limit_check", sql`${t.ticket_limit} is null or ${t.ticket_limit} > 0`),
  ],
);

/** One ticket type in a booking: what was bought, as sold (name and price kept as they were). */
export const bookingLines = pgTable(
  "booking_lines",
  {
    id: serial("id").primaryKey(),
    booking_id: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    ticket_type_id: integer("ticket_type_id")
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unit_pence: integer("unit_pence").notNull(),
    places_per_ticket: integer("places_per_ticket").notNull(),
    /** Attendees' names, one per ticket, when the event asks for them (empty strings allowed). */
    attendee_names: text("attendee_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index("booking_lines_booking_idx").on(t.booking_id),
    index("booking_lines_type_idx").on(t.ticket_type_id),
    check("booking_lines_quantity_check", sql`${t.quantity} between 1 and 10`),
    check("booking_lines_unit_check", sql`${t.unit_pence} >= 0`),
  ],
);

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * A discount code. `amount` is a percentage (1–100) or pence off; `event_ids` null means
 * every event. Dates are Millbrook (Europe/London) days, both included. Uses are bookings
 * that carry the code and are confirmed or held (counted under the event's and the
 * code's lock when an order takes one).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** Upper case, as typed by staff; buyers' input is matched in upper case. */
    code: text("code").notNull(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    amount: integer("amount").notNull(),
    event_ids: integer("event_ids").array(),
    starts_on: date("starts_on", { mode: "string" }),
    ends_on: date("ends_on", { mode: "string" }),
    max_uses: integer("max_uses"),
    max_uses_per_email: integer("max_uses_per_email"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(t.code),
    check("discount_codes_kind_check", sql`${t.kind} in ('percent', 'fixed')`),
    check("discount_codes_amount_check", sql`${t.amount} > 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`),
    check("discount_codes_uses_check", sql`(${t.max_uses} is null or ${t.max_uses} > 0) and (${t.max_uses_per_email} is null or ${t.max_uses_per_email} > 0)`),
    check("discount_codes_dates_check", sql`${t.starts_on} is null or ${t.ends_on} is null or ${t.starts_on} <= ${t.ends_on}`),
  ],
);

export type TicketTypeRow = typeof eventTicketTypes.$inferSelect;
export type BookingLineRow = typeof bookingLines.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
