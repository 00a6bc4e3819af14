/** Giving: donations (one-off and monthly), Gift Aid declarations and claims, and the giving settings. */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Giving: the settings staff edit (one row, id 1). */
export const givingSettings = pgTable(
  "giving_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** The largest online donation, in pence (default £5,000). */
    max_donation_pence: integer("max_donation_pence").notNull().default(500_000),
    /** Bank transfer and cheque details, shown when online giving is off. */
    other_ways_text: text("other_ways_text").notNull().default(""),
    /** Money raised off the site (events, cheques...), in pence: added to the home page's "raised" figure. */
    offline_raised_pence: integer("offline_raised_pence").notNull().default(650_000),
    /** Tickets one client (an address, or an email) may hold or book for one event. */
    max_tickets_per_client: integer("max_tickets_per_client").notNull().default(10),
    /** How long places offered to someone on a waitlist are held for them (hours). */
    waitlist_offer_hours: integer("waitlist_offer_hours").notNull().default(12),
    /** How long before an event its bookings are sent their reminder (hours). */
    reminder_hours_before: integer("reminder_hours_before").notNull().default(24),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("giving_settings_single_row", sql`${t.id} = 1`),
    check("giving_settings_max_range", sql`${t.max_donation_pence} between 100 and 100000000`),
    check("giving_settings_tickets_per_client_range", sql`${t.max_tickets_per_client} between 1 and 1000`),
    check("giving_settings_waitlist_offer_hours_range", sql`${t.waitlist_offer_hours} between 1 and 168`),
    check("giving_settings_reminder_hours_range", sql`${t.reminder_hours_before} between 1 and 168`),
  ],
);

/**
 * A donor's Gift Aid declaration (HMRC's enduring model wording, the text kept as shown).
 * Never deleted while a claimed gift needs it; cancelling sets cancelled_at.
 */
export const giftAidDeclarations = pgTable(
  "gift_aid_declarations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    first_name: text("first_name").notNull(),
    last_name: text("last_name").notNull(),
    house: text("house").notNull(),
    postcode: text("postcode").notNull(),
    declaration_text: text("declaration_text").notNull(),
    made_at: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
  },
  (t) => [index("gift_aid_declarations_email_idx").on(sql`lower(${t.email})`), index("gift_aid_declarations_supporter_idx").on(t.supporter_id)],
);

/** A Gift Aid claim made to HMRC: the gifts it covered point to it (donations.claim_id). */
export const giftAidClaims = pgTable("gift_aid_claims", {
  id: serial("id").primaryKey(),
  from_date: date("from_date").notNull(),
  to_date: date("to_date").notNull(),
  gift_count: integer("gift_count").notNull(),
  total_pence: integer("total_pence").notNull(),
  claimed_by: text("claimed_by"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a donor filled in before going to Checkout, kept so that Cancel brings the form
 * back and the webhook knows the cause and Gift Aid details (they never go to Stripe).
 */
export const donationCheckouts = pgTable("donation_checkouts", {
  token: text("token").primaryKey(),
  reference: text("reference").notNull().unique(),
  mode: text("mode").$type<"one-off" | "monthly">().notNull(),
  amount_pence: integer("amount_pence").notNull(),
  values: jsonb("values").$type<Record<string, string>>().notNull(),
  stripe_session_id: text("stripe_session_id"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A monthly gift (a Stripe subscription). Each paid invoice is a row in donations. */
export const monthlyGifts = pgTable(
  "monthly_gifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    stripe_subscription_id: text("stripe_subscription_id").notNull().unique(),
    /** The Checkout session that started it (the thank-you page looks up only sessions the site knows). */
    stripe_checkout_session_id: text("stripe_checkout_session_id"),
    stripe_customer_id: text("stripe_customer_id"),
    email: text("email").notNull(),
    amount_pence: integer("amount_pence").notNull(),
    cause_id: integer("cause_id"),
    cause_title: text("cause_title"),
    declaration_id: uuid("declaration_id").references(() => giftAidDeclarations.id),
    /** The random token in the donor's "stop my monthly gift" link (in every receipt). */
    stop_token: text("stop_token").notNull().unique(),
    status: text("status").$type<"active" | "ended">().notNull().default("active"),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp("ended_at", { withTimezone: true }),
    /** How the donor pays: a card, or Direct Debit (Bacs). */
    payment_method: text("payment_method").$type<"card" | "bacs_debit">().notNull().default("card"),
    /** Set while Stripe reports a payment failed (past due or unpaid); cleared when it is active again. */
    at_risk_since: timestamp("at_risk_since", { withTimezone: true }),
    /** Why it ended: the donor or staff stopped it, or Stripe ended it after failed payments. */
    ended_reason: text("ended_reason").$type<"stopped" | "payment-failed">(),
    /** Of amount_pence, what the donor added to cover the processing fee. */
    fee_covered_pence: integer("fee_covered_pence").notNull().default(0),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
  },
  (t) => [index("monthly_gifts_supporter_idx").on(t.supporter_id, t.status)],
);

/** One gift confirmed by Stripe: a paid Checkout session or a paid monthly invoice. */
export const donations = pgTable(
  "donations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    amount_pence: integer("amount_pence").notNull(),
    currency: text("currency").notNull().default("gbp"),
    mode: text("mode").$type<"one-off" | "monthly">().notNull(),
    status: text("status").$type<"paid" | "refunded">().notNull().default("paid"),
    email: text("email").notNull(),
    cause_id: integer("cause_id"),
    cause_title: text("cause_title"),
    declaration_id: uuid("declaration_id").references(() => giftAidDeclarations.id),
    monthly_gift_id: uuid("monthly_gift_id").references(() => monthlyGifts.id),
    claim_id: integer("claim_id").references(() => giftAidClaims.id),
    stripe_checkout_session_id: text("stripe_checkout_session_id"),
    stripe_invoice_id: text("stripe_invoice_id").unique(),
    stripe_payment_intent_id: text("stripe_payment_intent_id"),
    paid_at: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
    refunded_at: timestamp("refunded_at", { withTimezone: true }),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
    /** Of amount_pence, what the donor added to cover the processing fee. */
    fee_covered_pence: integer("fee_covered_pence").notNull().default(0),
    /**
     * The gift has an offline_gifts row (staff recorded it by hand). Kept by a trigger on
     * offline_gifts, never written by the application: the reports' money summary
     * (money_daily) needs to know, when a gift changes or goes, which stream it was in.
     */
    offline: boolean("offline").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("donations_amount_positive", sql`${t.amount_pence} > 0`),
    // A supporter's gifts; with the status, "gave (in the last 12 months)" is read from the index alone.
    index("donations_supporter_paid_idx").on(t.supporter_id, t.paid_at, t.status),
    uniqueIndex("donations_checkout_session_idx").on(t.stripe_checkout_session_id),
    // The ledger's order (newest first, the reference breaking ties) and its date filter.
    index("donations_paid_at_reference_idx").on(t.paid_at, t.reference),
    index("donations_email_idx").on(sql`lower(${t.email})`),
    index("donations_payment_intent_idx").on(t.stripe_payment_intent_id),
    index("donations_cause_idx").on(t.cause_id, t.status),
    index("donations_declaration_idx").on(t.declaration_id),
    // The ledger search ("contains", ILIKE); pg_trgm.
    index("donations_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("donations_reference_trgm_idx").using("gin", t.reference.op("gin_trgm_ops")),
  ],
);

/**
 * The ledger's totals by status, type, Gift Aid and cause, kept by a trigger on donations
 * (written in SQL in its migration: every insert, change and delete of a gift moves its
 * amount here in the same transaction). The Donations screen's totals without a date or
 * a search read these few rows instead of adding up every gift. Derived: not in backups
 * (a restore rebuilds it as the gifts are copied in).
 */
export const donationTotals = pgTable(
  "donation_totals",
  {
    status: text("status").notNull(),
    mode: text("mode").notNull(),
    gift_aid: boolean("gift_aid").notNull(),
    /** The cause's id, 0 for "where it is needed most". */
    cause_key: integer("cause_key").notNull(),
    gifts: integer("gifts").notNull(),
    pence: bigint("pence", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.mode, t.gift_aid, t.cause_key] })],
);

export type DonationRow = typeof donations.$inferSelect;
export type GiftAidDeclarationRow = typeof giftAidDeclarations.$inferSelect;
export type MonthlyGiftRow = typeof monthlyGifts.$inferSelect;
