/**
 * The emails sent about a booking after it is made (the reminder before the event, the
 * thank-you after it): one row per booking and kind, inserted by whichever worker claims
 * it first (the primary key makes the claim unique), so each is sent once however many
 * instances run the job, and a restart does not send it again.
 */
import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bookings } from "../bookings/table.ts";

export const BOOKING_MAIL_KINDS = ["reminder", "thank-you"] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];

export const bookingMails = pgTable(
  "booking_mails",
  {
    booking_id: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind").$type<BookingMailKind>().notNull(),
    claimed_at: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.booking_id, t.kind] }), check("booking_mails_kind_check", sql`${t.kind} in ('reminder', 'thank-you')`)],
);
