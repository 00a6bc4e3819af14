/**
 * Donors' own access to their giving, without a password: a sign-in link mailed to the
 * address (only its SHA-256 is kept; single use, 30 minutes), the short-lived session it
 * starts (only the cookie token's SHA-256 is kept), and the state of a monthly gift that
 * Stripe reports beyond the ledger's columns (a pause and when it ends).
 */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const donorSignInLinks = pgTable(
  "donor_sign_in_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token_hash: text("token_hash").notNull().unique(),
    /** Normalised (lower case, trimmed). */
    email: text("email").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("donor_sign_in_links_email_idx").on(t.email)],
);

export const donorSessions = pgTable(
  "donor_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token_hash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("donor_sessions_expires_idx").on(t.expires_at)],
);

/**
 * A monthly gift's pause, as Stripe last reported it (customer.subscription.updated):
 * collection paused until `paused_until`. One row per gift; no row or a null date: not paused.
 * The foreign key to monthly_gifts is in the migration (the platform's schema does not import a feature).
 */
export const monthlyGiftPauses = pgTable("monthly_gift_pauses", {
  monthly_gift_id: uuid("monthly_gift_id").primaryKey(),
  paused_until: timestamp("paused_until", { withTimezone: true }),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
