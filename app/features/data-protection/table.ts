/**
 * Data-protection duties: complaints about how the foundation handles personal data,
 * requests about a person's data (access, erasure...) with their deadlines, the retention
 * periods of the kinds of record that have no column in site_settings, and this feature's
 * own settings. Read by drizzle-kit (drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const COMPLAINT_STATUSES = ["received", "acknowledged", "investigating", "answered", "closed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const REQUEST_KINDS = ["access", "erasure", "correction", "objection", "restriction"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_CHANNELS = ["email", "post", "phone", "in-person"] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/** A data-protection complaint, from the public form (or recorded by staff). */
export const dpComplaints = pgTable(
  "dp_complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the person quotes: DPC-7KQ2MX9P. */
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category"),
    about: text("about").notNull(),
    /** How the person wants to be contacted: email, phone or post, with the number or address. */
    contact_by: text("contact_by").notNull().default("email"),
    contact_detail: text("contact_detail").notNull().default(""),
    status: text("status").$type<ComplaintStatus>().notNull().default("received"),
    /** When the answer is due (a London calendar date, the response time after receipt). */
    due_on: date("due_on").notNull(),
    /** When the acknowledgement email was handed to the mail server; null when none was sent. */
    acknowledged_at: timestamp("acknowledged_at", { withTimezone: true }),
    outcome: text("outcome"),
    outcome_sent_at: timestamp("outcome_sent_at", { withTimezone: true }),
    /** The staff member answering it; null: everyone with the data-protection permission. */
    responsible_user_id: uuid("responsible_user_id"),
    /** Set once by the reminder job: a week before the due date, and when it passed. */
    reminded_soon_at: timestamp("reminded_soon_at", { withTimezone: true }),
    reminded_overdue_at: timestamp("reminded_overdue_at", { withTimezone: true }),
    ip: text("ip"),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    closed_at: timestamp("closed_at", { withTimezone: true }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dp_complaints_status_due_idx").on(t.status, t.due_on),
    index("dp_complaints_email_idx").on(sql`lower(${t.email})`),
    check("dp_complaints_status_check", sql`${t.status} in ('received', 'acknowledged', 'investigating', 'answered', 'closed')`),
    check("dp_complaints_contact_check", sql`${t.contact_by} in ('email', 'phone', 'post')`),
  ],
);

/** Staff notes on a complaint, oldest first. */
export const dpComplaintNotes = pgTable(
  "dp_complaint_notes",
  {
    id: serial("id").primaryKey(),
    complaint_id: uuid("complaint_id")
      .notNull()
      .references(() => dpComplaints.id, { onDelete: "cascade" }),
    author_email: text("author_email"),
    text: text("text").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dp_complaint_notes_complaint_idx").on(t.complaint_id, t.id)],
);

/** A request about a person's data that came by email, post, phone or in person. */
export const dpRequests = pgTable(
  "dp_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** DPR-7KQ2MX9P. */
    reference: text("reference").notNull().unique(),
    kind: text("kind").$type<RequestKind>().notNull(),
    channel: text("channel").$type<RequestChannel>().notNull(),
    requester_name: text("requester_name").notNull(),
    requester_email: text("requester_email").notNull(),
    details: text("details").notNull().default(""),
    /** The London calendar date it arrived; the deadline runs from it. */
    received_on: date("received_on").notNull(),
    /** One calendar month after received_on (or the last day of a shorter month). */
    due_on: date("due_on").notNull(),
    /** Two more months, when the request is complex or one of many (with the reason). */
    extended_to: date("extended_to"),
    extension_reason: text("extension_reason"),
    answered_on: date("answered_on"),
    answered_how: text("answered_how"),
    reminded_soon_at: timestamp("reminded_soon_at", { withTimezone: true }),
    reminded_overdue_at: timestamp("reminded_overdue_at", { withTimezone: true }),
    created_by: text("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dp_requests_open_due_idx").on(t.answered_on, t.due_on),
    index("dp_requests_email_idx").on(sql`lower(${t.requester_email})`),
    check("dp_requests_kind_check", sql`${t.kind} in ('access', 'erasure', 'correction', 'objection', 'restriction')`),
    check("dp_requests_channel_check", sql`${t.channel} in ('email', 'post', 'phone', 'in-person')`),
  ],
);

/**
 * Retention periods of the kinds of record in the retention registry that site_settings
 * has no column for (bookings, gifts, complaints, requests and those features add):
 * one row per kind that staff changed; a kind without a row uses its default.
 */
export const retentionPeriods = pgTable(
  "retention_periods",
  {
    kind: text("kind").primaryKey(),
    months: integer("months").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("retention_periods_months_range", sql`${t.months} between 1 and 240`)],
);

/** This feature's settings: one row (id 1). */
export const dpSettings = pgTable(
  "dp_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Days within which a complaint is answered (at most 30). */
    complaint_response_days: integer("complaint_response_days").notNull().default(30),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("dp_settings_one_row", sql`${t.id} = 1`), check("dp_settings_days_range", sql`${t.complaint_response_days} between 1 and 30`)],
);
