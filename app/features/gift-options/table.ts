/**
 * Gift options: the processing-fee rates a donor may choose to cover, gifts dedicated in
 * memory or in honour of someone, and the failed payments of monthly gifts. Gifts and
 * monthly gifts are referred to by id (app/db/schema.ts); the foreign keys are in the
 * migration, since the platform's schema does not import a feature.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One row (id 1): the fee rates staff set in Settings; without it the defaults apply. */
export const donationFeeSettings = pgTable(
  "donation_fee_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Hundredths of a percent: 150 is 1.5%. */
    card_percent_bp: integer("card_percent_bp").notNull(),
    card_fixed_pence: integer("card_fixed_pence").notNull(),
    bacs_percent_bp: integer("bacs_percent_bp").notNull(),
    bacs_fixed_pence: integer("bacs_fixed_pence").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("donation_fee_settings_one_row", sql`${t.id} = 1`),
    check("donation_fee_settings_ranges", sql`${t.card_percent_bp} between 0 and 2000 and ${t.bacs_percent_bp} between 0 and 2000 and ${t.card_fixed_pence} between 0 and 500 and ${t.bacs_fixed_pence} between 0 and 500`),
  ],
);

/**
 * A gift dedicated to someone: for a one-off gift its donation, for a monthly gift the
 * monthly gift. The notification (to someone the donor named) is queued once, when the
 * first payment is recorded: notice_queued_at says it was.
 */
export const giftDedications = pgTable(
  "gift_dedications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    donation_id: uuid("donation_id").unique(),
    monthly_gift_id: uuid("monthly_gift_id").unique(),
    kind: text("kind").$type<"memory" | "honour">().notNull(),
    honoree_name: text("honoree_name").notNull(),
    message: text("message").notNull().default(""),
    notify_name: text("notify_name"),
    notify_email: text("notify_email"),
    /** The donor chose to show the amount in the notification. */
    show_amount: boolean("show_amount").notNull().default(false),
    notice_queued_at: timestamp("notice_queued_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("gift_dedications_one_gift", sql`(${t.donation_id} is null) <> (${t.monthly_gift_id} is null)`),
    check("gift_dedications_kind", sql`${t.kind} in ('memory', 'honour')`),
  ],
);

/** One failed invoice of a monthly gift (Stripe retries it; the donor is told once). */
export const failedPayments = pgTable(
  "failed_payments",
  {
    stripe_invoice_id: text("stripe_invoice_id").primaryKey(),
    monthly_gift_id: uuid("monthly_gift_id").notNull(),
    amount_pence: integer("amount_pence").notNull(),
    attempts: integer("attempts").notNull().default(1),
    first_failed_at: timestamp("first_failed_at", { withTimezone: true }).notNull(),
    last_failed_at: timestamp("last_failed_at", { withTimezone: true }).notNull(),
    /** The donor's email about it was queued (once per invoice). */
    donor_told_at: timestamp("donor_told_at", { withTimezone: true }),
  },
  (t) => [index("failed_payments_gift_idx").on(t.monthly_gift_id, t.last_failed_at)],
);
