/**
 * The one database schema (PostgreSQL, Drizzle pg-core).
 * Tables follow the spec's names and columns (events, craft_fairs, site_settings,
 * admin_users) plus what real software needs: users, sessions, one-time tokens,
 * login throttling, form submissions and an audit log.
 * After changing this file run `npm run db:generate` and commit the new SQL in drizzle/.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { StaffPermission } from "../auth/access.ts";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const STAFF_ROLES = ["administrator", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];


export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The staff member's name as they sign their work (a news post's author); set on My account. */
    name: text("name"),
    password_hash: text("password_hash"),
    last_login_at: timestamp("last_login_at", { withTimezone: true }),
    /**
     * Set when an administrator (or the reset command) removed the account's second factors:
     * the password alone no longer leads to enrolment; the one-time "enrol" link sent to the
     * owner does. Cleared when a new factor is enrolled.
     */
    enrol_by_link: boolean("enrol_by_link").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<StaffRole>().notNull().default("editor"),
    /** The permissions granted to an editor (STAFF_PERMISSIONS in app/auth/access.ts). Administrators have them all. */
    permissions: text("permissions").array().$type<StaffPermission[]>().notNull().default(sql`'{}'::text[]`),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("admin_users_role_check", sql`${t.role} in ('administrator', 'editor')`),
    check(
      "admin_users_permissions_check",
      sql`${t.permissions} <@ array['submissions', 'check-in', 'supporters', 'donations', 'data-protection']::text[]`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    token_hash: text("token_hash").notNull().unique(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    user_agent: text("user_agent"),
    /**
     * Null: a full staff session. "verify": the password was right and the second factor
     * is still to be checked; "enrol": the account must enrol a second factor first.
     * A pending session reaches nothing but its own step.
     */
    pending: text("pending").$type<"verify" | "enrol">(),
    /** When this session last proved its owner (password or second factor): re-authentication. */
    verified_at: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sessions_user_idx").on(t.user_id),
    check("sessions_pending_check", sql`${t.pending} is null or ${t.pending} in ('verify', 'enrol')`),
  ],
);

/**
 * Second factors of staff accounts (authenticator apps, TOTP). A row without
 * confirmed_at is an enrolment in progress; only confirmed rows count.
 */
export const staffFactors = pgTable(
  "staff_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"totp">().notNull().default("totp"),
    /**
     * The TOTP secret, encrypted with AES-256-GCM under a key kept outside the database
     * (`app/lib/secret-box.server.ts`). Rows written before encryption hold the Base32
     * secret as is until the next start or their next use.
     */
    secret: text("secret").notNull(),
    /** The last 30-second step a code was accepted for: a code works once. */
    last_step: bigint("last_step", { mode: "number" }),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_factors_user_idx").on(t.user_id), check("staff_factors_kind_check", sql`${t.kind} in ('totp')`)],
);

/**
 * Passkeys (WebAuthn credentials) of staff accounts: a second factor after the password,
 * or the whole sign-in (a discoverable credential with user verification).
 */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id (base64url), as the browser reports it. */
    credential_id: text("credential_id").notNull().unique(),
    /** The COSE public key (base64url). */
    public_key: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for authenticators that keep none). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** How the browser can reach the authenticator (internal, usb, hybrid...). */
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    /** The name the owner gave it. */
    name: text("name").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("staff_passkeys_user_idx").on(t.user_id)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is used once (deleted when
 * answered) and only for its purpose and session; unanswered ones expire.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challenge: text("challenge").notNull().unique(),
    purpose: text("purpose").$type<"sign-in" | "verify" | "register" | "reauth">().notNull(),
    /** The session that asked (null for a sign-in with a passkey alone). */
    session_id: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expires_at),
    check("webauthn_challenges_purpose_check", sql`${t.purpose} in ('sign-in', 'verify', 'register', 'reauth')`),
  ],
);

/** Single-use recovery codes (SHA-256 only), ten per enrolment. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.user_id)],
);

/** Security notices for a staff member (password, factor or role changed), shown at their next sign-in. */
export const staffNotices = pgTable(
  "staff_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    seen_at: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [index("staff_notices_user_idx").on(t.user_id)],
);

/** One-time links: first-run setup, invitations (set password), password resets and re-enrolment after a second-factor reset. */
export const oneTimeTokens = pgTable("one_time_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  token_hash: text("token_hash").notNull().unique(),
  purpose: text("purpose").$type<"setup" | "invite" | "reset" | "enrol">().notNull(),
  user_id: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  created_by: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  used_at: timestamp("used_at", { withTimezone: true }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-in counters, keyed by "email:<address>" or "ip:<address>". */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blocked_until: timestamp("blocked_until", { withTimezone: true }),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The next free write time of each staff member (writes at least 500 ms apart), shared by
 * every instance; rows a minute old are deleted by the hourly housekeeping.
 */
export const writeSpacing = pgTable("write_spacing", {
  user_key: text("user_key").primaryKey(),
  next_at: timestamp("next_at", { withTimezone: true }).notNull(),
});

/**
 * Counters over a time window, changed by one atomic statement each: public form posts
 * per address, repeated refusals written to the audit log once per period. A row whose
 * window is over is deleted by the hourly housekeeping.
 */
export const rateCounters = pgTable("rate_counters", {
  key: text("key").primaryKey(),
  window_start: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  window_seconds: integer("window_seconds").notNull(),
  count: integer("count").notNull().default(0),
  /** What the housekeeping needs to write a summary (aggregated audit entries). */
  meta: jsonb("meta").$type<Record<string, unknown>>(),
});

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

export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    site_name: text("site_name").notNull(),
    tagline: text("tagline").notNull(),
    site_description: text("site_description").notNull().default(""),
    about_description: text("about_description").notNull().default(""),
    contact_email: text("contact_email").notNull(),
    social_facebook: text("social_facebook").notNull().default(""),
    social_twitter: text("social_twitter").notNull().default(""),
    social_instagram: text("social_instagram").notNull().default(""),
    facebook_url: text("facebook_url").notNull().default(""),
    twitter_url: text("twitter_url").notNull().default(""),
    instagram_url: text("instagram_url").notNull().default(""),
    hero_title: text("hero_title").notNull(),
    hero_subtitle: text("hero_subtitle").notNull(),
    hero_image_url: text("hero_image_url"),
    about_image_url: text("about_image_url"),
    charity_number: text("charity_number").notNull().default(""),
    maintenance_mode: boolean("maintenance_mode").notNull().default(false),
    /** Every staff member, editors too, must use a second factor (administrators always must). */
    require_two_factor: boolean("require_two_factor").notNull().default(false),
    /** Months a submission of each kind is kept after its last change (data protection). */
    retention_months_volunteer: integer("retention_months_volunteer").notNull().default(12),
    retention_months_stall_application: integer("retention_months_stall_application").notNull().default(12),
    retention_months_nomination: integer("retention_months_nomination").notNull().default(12),
    /** Months an audit log entry is kept (the purge is the only delete the database allows). */
    retention_months_audit_log: integer("retention_months_audit_log").notNull().default(24),
    ...timestamps,
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id} = 1`),
    check("site_settings_audit_retention_range", sql`${t.retention_months_audit_log} between 12 and 120`),
    check(
      "site_settings_retention_range",
      sql`${t.retention_months_volunteer} between 1 and 120 and ${t.retention_months_stall_application} between 1 and 120 and ${t.retention_months_nomination} between 1 and 120`,
    ),
  ],
);

/**
 * Sections whose starting content has been written once (fresh install, or the first start
 * after the section was added). The starting content is never written again, so a section
 * staff have emptied stays empty.
 */
export const contentSeeded = pgTable("content_seeded", {
  section: text("section").primaryKey(),
  seeded_at: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const MEDIA_KINDS = ["image", "pdf"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The media library: every image and PDF staff upload, once, to be used anywhere. `url`
 * is the file's public address (an upload in the store, or a built-in file under
 * /images); content rows point at it by that address. An image has alt text unless it
 * is decorative; public pages crop it (CSS object-fit: cover) around the focal point,
 * given in percent from the left and from the top.
 */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<MediaKind>().notNull(),
    url: text("url").notNull(),
    filename: text("filename").notNull().default(""),
    alt: text("alt").notNull().default(""),
    decorative: boolean("decorative").notNull().default(false),
    focal_x: integer("focal_x").notNull().default(50),
    focal_y: integer("focal_y").notNull().default(50),
    width: integer("width"),
    height: integer("height"),
    byte_size: integer("byte_size"),
    uploaded_by: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_url_idx").on(t.url),
    index("media_recent_idx").on(t.created_at, t.id),
    check("media_kind_check", sql`${t.kind} in ('image', 'pdf')`),
    check("media_focal_check", sql`${t.focal_x} between 0 and 100 and ${t.focal_y} between 0 and 100`),
  ],
);

/**
 * Page texts edited by staff, one row per text ("home.hero_primary_label"). A text with
 * no row shows its built-in default (app/domain/page-texts/page-texts.ts), so a fresh
 * install and an older one show the same words until staff change them.
 */
export const pageTexts = pgTable("page_texts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Revisions of staff-edited content: one row per saved version of one item (a page's
 * texts, a cause, a trustee), keyed by content type and id, with who saved it.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    content_type: text("content_type").notNull(),
    content_id: text("content_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    actor_email: text("actor_email"),
    /** The item as it was before its first recorded change (the starting or built-in text). */
    is_original: boolean("is_original").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_revisions_item_idx").on(t.content_type, t.content_id, t.id)],
);

export const SUBMISSION_KINDS = ["volunteer", "stall_application", "nomination"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export const SUBMISSION_STATUSES = ["new", "in_review", "accepted", "declined", "archived"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    kind: text("kind").$type<SubmissionKind>().notNull(),
    status: text("status").$type<SubmissionStatus>().notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    files: jsonb("files").$type<{ key: string; name: string; type: string; size: number }[]>().notNull().default([]),
    note: text("note").notNull().default(""),
    ip: text("ip"),
    /** The supporter (app/features/supporters), matched by normalised email; the foreign key is in the migration. */
    supporter_id: uuid("supporter_id"),
    ...timestamps,
  },
  (t) => [
    index("form_submissions_supporter_idx").on(t.supporter_id),
    index("form_submissions_kind_status_idx").on(t.kind, t.status, t.created_at),
    // A status alone: the dashboard's count of new submissions, the inbox's status filter.
    index("form_submissions_status_idx").on(t.status, t.created_at, t.id),
    index("form_submissions_email_idx").on(sql`lower(${t.email})`),
    index("form_submissions_created_idx").on(t.created_at, t.id),
    // The inbox search ("contains", ILIKE); pg_trgm. Find-by-email's index on the field
    // values (submission_field_values) is written in SQL in the migrations.
    index("form_submissions_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("form_submissions_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("form_submissions_reference_trgm_idx").using("gin", t.reference.op("gin_trgm_ops")),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor_user_id: uuid("actor_user_id"),
    actor_email: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity"),
    entity_id: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
  },
  (t) => [
    // The log's order (newest first, id breaking ties), and one person's entries in it.
    index("audit_log_at_id_idx").on(t.at, t.id),
    index("audit_log_actor_idx").on(t.actor_user_id),
    index("audit_log_actor_email_at_idx").on(sql`lower(${t.actor_email})`, t.at, t.id),
  ],
);

/**
 * Idempotency keys of create forms: each create form carries a random submission_id;
 * the first submission records it with the created row, a resubmission finds it and
 * creates nothing.
 */
export const submissionKeys = pgTable("submission_keys", {
  key: text("key").primaryKey(),
  entity: text("entity").notNull(),
  entity_id: integer("entity_id"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    index("donations_supporter_paid_idx").on(t.supporter_id, t.paid_at),
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

/** Every Stripe event received, by its id: a repeated delivery is recognised and ignored. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type EventRow = typeof events.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type PageTextRow = typeof pageTexts.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type ContentRevisionRow = typeof contentRevisions.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;
export type GiftAidDeclarationRow = typeof giftAidDeclarations.$inferSelect;
export type MonthlyGiftRow = typeof monthlyGifts.$inferSelect;

/**
 * Secrets the server makes once and every instance shares (the toast cookie's signing
 * key), encrypted at rest like the TOTP secrets (app/lib/secret-box.server.ts).
 */
export const siteSecrets = pgTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
