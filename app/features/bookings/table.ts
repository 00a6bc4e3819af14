/** Ticket bookings for events: held while the buyer pays, confirmed, cancelled or refunded. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { events } from "../events/table.ts";
import { giftAidDeclarations } from "../giving/table.ts";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const BOOKING_STATUSES = ["held", "confirmed", "cancelled", "refunded", "expired"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Ticket bookings. A free booking is confirmed at once; a paid one is "held" while the
 * buyer is in Stripe Checkout (until hold_expires_at) and confirmed only by Stripe's
 * webhook. Held (unexpired) and confirmed bookings count against tickets_available.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the buyer reads out at the door: MCF-7K3Q-9XPD. */
    reference: text("reference").notNull().unique(),
    event_id: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Places taken (each ticket's places per ticket, added up): what counts against the capacity. */
    quantity: integer("quantity").notNull(),
    /** What the buyer pays: tickets − discount + donation. */
    amount_pence: integer("amount_pence").notNull().default(0),
    /** The discount code used (app/features/event-tickets); the foreign key is in the migration. */
    discount_code_id: integer("discount_code_id"),
    /** Taken off the ticket part by the code (never more than the tickets cost). */
    discount_pence: integer("discount_pence").notNull().default(0),
    /** A donation added to the order: the only part that can be Gift Aided. */
    donation_pence: integer("donation_pence").notNull().default(0),
    /** The Gift Aid declaration made for the donation part, if any. */
    gift_aid_declaration_id: uuid("gift_aid_declaration_id").references(() => giftAidDeclarations.id),
    /** People of the party who have arrived (group check-in: "3 of 5 arrived"). */
    checked_in_count: integer("checked_in_count").notNull().default(0),
    status: text("status").$type<BookingStatus>().notNull(),
    hold_expires_at: timestamp("hold_expires_at", { withTimezone: true }),
    stripe_checkout_session_id: text("stripe_checkout_session_id").unique(),
    stripe_payment_intent_id: text("stripe_payment_intent_id"),
    /** SHA-256 of the token in the buyer's booking link (view and cancel); the token is never stored. */
    cancel_token_hash: text("cancel_token_hash").notNull().unique(),
    /**
     * SHA-256 of the booking form's request key (made in the buyer's browser): the same form
     * sent again (a retry after an error) finds this booking instead of making another.
     */
    request_key_hash: text("request_key_hash").unique(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    checked_in_at: timestamp("checked_in_at", { withTimezone: true }),
    /**
     * Keyed hash (HMAC with a site secret) of the address the booking came from (IPv6 by
     * its /64): counts a client's tickets per event, never shown; cleared on erasure.
     */
    client_hash: text("client_hash"),
    /**
     * A payment that arrived after its hold was released (the tickets were sold): the
     * refund is owed from this time until Stripe has made it (the "booking-refund" job
     * retries it); staff see every refund still owed.
     */
    refund_owed_since: timestamp("refund_owed_since", { withTimezone: true }),
    /** Why the last try of an owed refund failed. */
    refund_error: text("refund_error"),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
    ...timestamps,
  },
  (t) => [
    index("bookings_event_status_idx").on(t.event_id, t.status),
    index("bookings_event_client_idx").on(t.event_id, t.client_hash),
    index("bookings_supporter_idx").on(t.supporter_id),
    index("bookings_email_idx").on(sql`lower(${t.email})`),
    index("bookings_payment_intent_idx").on(t.stripe_payment_intent_id),
    check("bookings_places_range", sql`${t.quantity} between 1 and 100`),
    check("bookings_amount_non_negative", sql`${t.amount_pence} >= 0`),
    check("bookings_discount_donation_non_negative", sql`${t.discount_pence} >= 0 and ${t.donation_pence} >= 0`),
    check("bookings_checked_in_range", sql`${t.checked_in_count} between 0 and ${t.quantity}`),
    index("bookings_discount_code_idx").on(t.discount_code_id),
    check("bookings_status_check", sql`${t.status} in ('held', 'confirmed', 'cancelled', 'refunded', 'expired')`),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
