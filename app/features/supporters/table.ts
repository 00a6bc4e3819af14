/**
 * Supporters: one record per person, matched by normalised email (lower case, no
 * surrounding spaces). Gifts, Gift Aid declarations, bookings and form submissions point
 * to it by their supporter_id column (app/db/schema.ts; the foreign keys are written in
 * the migration, since the platform's schema does not import a feature).
 * Consent to email is a list of events, never a flag: the latest one is the current state.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid, jsonb } from "drizzle-orm/pg-core";

export const supporters = pgTable(
  "supporters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised: lower case, trimmed. Unique: one supporter per address. */
    email: text("email").notNull().unique(),
    name: text("name").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    /** Set when a mail server permanently refused the address: later sends skip it. */
    email_refused_at: timestamp("email_refused_at", { withTimezone: true }),
    email_refused_reason: text("email_refused_reason"),
    /** The secret in the "email preferences" link of every email (no password needed). */
    preferences_token: text("preferences_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /**
     * Subscribed now: what the latest consent event (by its time, then id) says; false with
     * none. Kept by a trigger on consent_events (every insert, move and delete; migration
     * supporters-current-consent), never written by the application, so lists and
     * newsletter audiences read one column instead of each person's latest event.
     */
    subscribed: boolean("subscribed").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("supporters_subscribed_idx").on(t.id).where(sql`${t.subscribed}`),
    check("supporters_email_normalised", sql`${t.email} = lower(btrim(${t.email})) and ${t.email} <> ''`),
    // The list's order (name, then id) and its "contains" search (pg_trgm). `name` itself
    // is in the order's index too: PostgreSQL reads an expression index alone (an index-only
    // scan, no table page per skipped row) only when it holds the expression's column, so a
    // deep page's ids cost a few hundred index pages, not one table page per row skipped.
    // So are the columns the list's search and "subscribed" filter read (after the unique
    // id, they never change the order): a filtered page in name order skips the rows that
    // do not match in the index too (docs/decisions/350).
    index("supporters_name_id_idx").on(sql`lower(${t.name})`, t.id, t.name, t.subscribed, t.email, t.postcode),
    index("supporters_created_idx").on(t.created_at, t.id),
    index("supporters_search_trgm_idx").using("gin", sql`(lower(${t.name}) || ' ' || ${t.email} || ' ' || lower(${t.postcode})) gin_trgm_ops`),
  ],
);

/** Staff notes on a supporter. */
export const supporterNotes = pgTable(
  "supporter_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    supporter_id: uuid("supporter_id")
      .notNull()
      .references(() => supporters.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    author_email: text("author_email"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("supporter_notes_supporter_idx").on(t.supporter_id, t.created_at)],
);

/** Free-text tags ("trustee", "corporate contact"). */
export const supporterTags = pgTable(
  "supporter_tags",
  {
    supporter_id: uuid("supporter_id")
      .notNull()
      .references(() => supporters.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supporter_id, t.tag] }), index("supporter_tags_tag_idx").on(t.tag)],
);

/**
 * Consent to email news, as events: given or withdrawn, when, how (the form, page or
 * staff action) and the exact wording the person saw.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    supporter_id: uuid("supporter_id")
      .notNull()
      .references(() => supporters.id, { onDelete: "cascade" }),
    given: boolean("given").notNull(),
    /** How: "donation form", "newsletter signup (confirmed by email)", "unsubscribe link"... */
    source: text("source").notNull(),
    /** The words the person saw when they gave it (empty for a withdrawal without any). */
    wording: text("wording").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_events_supporter_at_idx").on(t.supporter_id, t.at, t.id),
    // The withdrawals since a moment (a newsletter's "unsubscribed since"), read from the index alone.
    index("consent_events_withdrawn_at_idx").on(t.at, t.supporter_id).where(sql`not ${t.given}`),
  ],
);

/**
 * Other entries of a supporter's timeline: merges, emails sent to them. Gifts, bookings,
 * forms, consent and notes are read from their own tables.
 */
export const supporterActivity = pgTable(
  "supporter_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    supporter_id: uuid("supporter_id")
      .notNull()
      .references(() => supporters.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"merged" | "email">().notNull(),
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("supporter_activity_supporter_at_idx").on(t.supporter_id, t.at, t.id)],
);

/**
 * A newsletter signup waiting for its confirmation link (double opt-in): only the hash of
 * the link's token is kept; following it records consent.
 */
export const subscriptionRequests = pgTable(
  "subscription_requests",
  {
    token_hash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    first_name: text("first_name").notNull().default(""),
    wording: text("wording").notNull(),
    source: text("source").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("subscription_requests_email_idx").on(t.email)],
);

export type SupporterRow = typeof supporters.$inferSelect;
