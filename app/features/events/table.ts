/** The events shown on /events: what, when and where, and how visitors get tickets. */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const BOOKING_MODES = ["none", "free", "paid", "external"] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time").notNull(),
    /** When it ends (HH:mm, the same day), if staff set it; the calendar file uses it. */
    end_time: text("end_time"),
    description: text("description").notNull(),
    long_description: text("long_description"),
    location: text("location").notNull(),
    location_address: text("location_address"),
    organizer: text("organizer"),
    /** Free text shown for events with no booking ("Free", "£10", "Pay on the door"). */
    ticket_price: text("ticket_price"),
    /** How to get tickets when there is no online booking ("Pay on the door", "Tickets from the church office"). */
    ticket_info: text("ticket_info"),
    tickets_available: integer("tickets_available"),
    /** How visitors get tickets: none (the price text only), free booking, paid tickets, or a link out. */
    booking_mode: text("booking_mode").$type<BookingMode>().notNull().default("none"),
    /** The price of one paid ticket, in pence (set only when booking_mode is "paid"). */
    ticket_price_pence: integer("ticket_price_pence"),
    /** Where tickets are sold when booking_mode is "external". */
    booking_url: text("booking_url"),
    /** Staff ask buyers for each ticket's attendee name (shown at check-in and in the CSV). */
    attendee_names: boolean("attendee_names").notNull().default(false),
    category: text("category").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    is_past: boolean("is_past").notNull().default(false),
    image: text("image"),
    /** The series this date belongs to (app/features/event-series); the foreign key is in the migration. */
    series_id: integer("series_id"),
    /** Staff switched on the thank-you email after the event (with a link to give). */
    thank_you_email: boolean("thank_you_email").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("events_series_idx").on(t.series_id, t.date),
    index("events_public_idx").on(t.is_active, t.is_past, t.date),
    index("events_admin_order_idx").on(t.date, t.time, t.id),
    check("events_tickets_positive", sql`${t.tickets_available} is null or ${t.tickets_available} > 0`),
    check("events_booking_mode_check", sql`${t.booking_mode} in ('none', 'free', 'paid', 'external')`),
    check(
      "events_ticket_price_pence_check",
      sql`(${t.booking_mode} = 'paid') = (${t.ticket_price_pence} is not null) and (${t.ticket_price_pence} is null or ${t.ticket_price_pence} > 0)`,
    ),
    check("events_booking_url_check", sql`${t.booking_mode} <> 'external' or ${t.booking_url} is not null`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
