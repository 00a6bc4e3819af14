/**
 * An event's waitlist: one row per person waiting for places (name, email, places wanted,
 * linked to a supporter). When places come back the first in line who fit are offered
 * them: the row becomes "offered" and its places are held for them until
 * offer_expires_at (they count against the event's capacity: placesTaken in
 * app/features/bookings/places.server.ts). Booking from the offer makes it "booked"; an
 * offer that runs out becomes "lapsed" and the places pass on; staff may "remove" a row.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { events } from "../events/table.ts";

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "lapsed", "removed"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Places wanted (the unit capacity is counted in). */
    places: integer("places").notNull(),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    /** When the places were offered, and until when they are held for this person. */
    offered_at: timestamp("offered_at", { withTimezone: true }),
    offer_expires_at: timestamp("offer_expires_at", { withTimezone: true }),
    /** SHA-256 of the token in the offer's link; the token is never stored. */
    offer_token_hash: text("offer_token_hash").unique(),
    /** When the offer's email was queued (null: it could not be, staff see it). */
    offer_mailed_at: timestamp("offer_mailed_at", { withTimezone: true }),
    /** How many times this person has been offered places (a lapsed offer can come round again by hand). */
    offers: integer("offers").notNull().default(0),
    /** The booking made from the offer. */
    booking_id: uuid("booking_id"),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("waitlist_entries_event_idx").on(t.event_id, t.status, t.created_at),
    index("waitlist_entries_supporter_idx").on(t.supporter_id),
    check("waitlist_entries_places_range", sql`${t.places} between 1 and 100`),
    check("waitlist_entries_status_check", sql`${t.status} in ('waiting', 'offered', 'booked', 'lapsed', 'removed')`),
    check("waitlist_entries_offer_check", sql`${t.status} <> 'offered' or ${t.offer_expires_at} is not null`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
