/**
 * The platform's tables (PostgreSQL, Drizzle pg-core): staff accounts, sessions, one-time
 * tokens, login throttling, settings, the audit log, revisions, media,
 * what the seed wrote, Stripe events and the repeat guard of create forms. Each feature's
 * own tables are in its `app/features/<name>/table.ts`; drizzle-kit reads both.
 * After changing a table run `npm run db:generate` and commit the new SQL in drizzle/.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
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

/** Every Stripe event received, by its id: a repeated delivery is recognised and ignored. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type MediaRow = typeof media.$inferSelect;
export type ContentRevisionRow = typeof contentRevisions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/**
 * Secrets the server makes once and every instance shares (the toast cookie's signing
 * key), encrypted at rest like the TOTP secrets (app/lib/secret-box.server.ts).
 */
export const siteSecrets = pgTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
