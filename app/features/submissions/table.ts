/** What the public sends through the site's forms (volunteering, stall applications, nominations): the staff inbox. */
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

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
