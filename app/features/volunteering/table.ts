/**
 * Volunteering's tables: opportunities (a volunteer role's piece of work, with its shifts),
 * the volunteers (one row per email address: the person staff know, with the background
 * check they saw), sign-ups (one row per person and shift: as given at sign-up, its manage
 * link's hash, its status, and afterwards attendance and minutes given), the roles that need
 * a background check, and the one setting (how long before a shift sign-up closes).
 *
 * A sign-up keeps its shift, status and minutes when its person is erased: the name, email,
 * phone and volunteer link go, so the hours still count in anonymous totals.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { volunteerRoles } from "../volunteer-roles/table.ts";

export const volunteerOpportunities = pgTable(
  "volunteer_opportunities",
  {
    id: serial("id").primaryKey(),
    role_id: integer("role_id")
      .notNull()
      .references(() => volunteerRoles.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    /** Shown on /volunteer while it has shifts open to sign-up. */
    is_published: boolean("is_published").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The staff list's pages, by title.
  (t) => [index("volunteer_opportunities_role_idx").on(t.role_id), index("volunteer_opportunities_title_idx").on(t.title, t.id)],
);

/** A shift: a Millbrook (Europe/London) date, start and end time on that day, and the places needed. */
export const volunteerShifts = pgTable(
  "volunteer_shifts",
  {
    id: serial("id").primaryKey(),
    opportunity_id: integer("opportunity_id")
      .notNull()
      .references(() => volunteerOpportunities.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    start_time: text("start_time").notNull(),
    end_time: text("end_time").notNull(),
    places: integer("places").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("volunteer_shifts_date_idx").on(t.date, t.start_time),
    index("volunteer_shifts_opportunity_idx").on(t.opportunity_id, t.date),
    check("volunteer_shifts_places_positive", sql`${t.places} between 1 and 500`),
    check("volunteer_shifts_times", sql`${t.start_time} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.end_time} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.start_time} < ${t.end_time}`),
  ],
);

/**
 * A volunteer: one row per email address (lower case), made by their first sign-up or by
 * staff. The background check is recorded as seen (its date and expiry), never stored.
 */
export const volunteers = pgTable(
  "volunteers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    check_seen_on: date("check_seen_on", { mode: "string" }),
    check_expires_on: date("check_expires_on", { mode: "string" }),
    // Each sign-up links its supporter (volunteer_signups.supporter_id), found by this email.
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("volunteers_email_idx").on(t.email),
    // The volunteers screen's pages, by name.
    index("volunteers_name_idx").on(t.name, t.id),
    check("volunteers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const SIGNUP_STATUSES = ["confirmed", "cancelled"] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
export const ATTENDANCE = ["came", "no_show"] as const;
export type Attendance = (typeof ATTENDANCE)[number];

export const volunteerSignups = pgTable(
  "volunteer_signups",
  {
    id: serial("id").primaryKey(),
    shift_id: integer("shift_id")
      .notNull()
      .references(() => volunteerShifts.id, { onDelete: "restrict" }),
    /** Null once the person is erased (the minutes stay, anonymous). */
    volunteer_id: integer("volunteer_id").references(() => volunteers.id, { onDelete: "set null" }),
    /** As given at sign-up (null once erased). */
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    /** SHA-256 of the manage link's token; the sign-ups made together share it. */
    manage_token_hash: text("manage_token_hash").notNull(),
    status: text("status").$type<SignupStatus>().notNull().default("confirmed"),
    /** "public" (the Volunteer page) or "staff" (added by hand). */
    source: text("source").notNull().default("public"),
    attendance: text("attendance").$type<Attendance>(),
    /** Minutes given (hours × 60); null unless the volunteer came. */
    minutes: integer("minutes"),
    reminder_sent_at: timestamp("reminder_sent_at", { withTimezone: true }),
    /**
     * The supporter (app/features/supporters) the sign-up's email found or made, in the
     * sign-up's transaction; the foreign key (on delete set null) is in the migration, since
     * a feature's table does not import another feature's. Null once the person is erased.
     */
    supporter_id: uuid("supporter_id"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("volunteer_signups_shift_idx").on(t.shift_id, t.status),
    // Hours given: the attended sign-ups of a period's shifts, read from the index alone.
    index("volunteer_signups_hours_idx")
      .on(t.shift_id, t.volunteer_id, t.minutes)
      .where(sql`${t.status} = 'confirmed' and ${t.attendance} = 'came'`),
    index("volunteer_signups_volunteer_idx").on(t.volunteer_id),
    index("volunteer_signups_token_idx").on(t.manage_token_hash),
    index("volunteer_signups_email_idx").on(t.email),
    index("volunteer_signups_supporter_idx").on(t.supporter_id),
    uniqueIndex("volunteer_signups_once_idx").on(t.shift_id, t.volunteer_id).where(sql`${t.status} = 'confirmed'`),
    check("volunteer_signups_status", sql`${t.status} in ('confirmed', 'cancelled')`),
    check("volunteer_signups_attendance", sql`${t.attendance} is null or ${t.attendance} in ('came', 'no_show')`),
    check("volunteer_signups_minutes", sql`${t.minutes} is null or (${t.minutes} between 0 and 1440 and ${t.attendance} = 'came')`),
  ],
);

/** The volunteer roles whose volunteers need a background check seen by staff. */
export const volunteerRoleChecks = pgTable("volunteer_role_checks", {
  role_id: integer("role_id")
    .primaryKey()
    .references(() => volunteerRoles.id, { onDelete: "cascade" }),
});

/** One row: how many hours before a shift starts sign-up closes. */
export const volunteerSettings = pgTable(
  "volunteer_settings",
  {
    id: integer("id").primaryKey().default(1),
    close_hours_before: integer("close_hours_before").notNull().default(24),
  },
  (t) => [check("volunteer_settings_single_row", sql`${t.id} = 1`), check("volunteer_settings_close_range", sql`${t.close_hours_before} between 0 and 336`)],
);

export type OpportunityRow = typeof volunteerOpportunities.$inferSelect;
export type ShiftRow = typeof volunteerShifts.$inferSelect;
export type VolunteerRow = typeof volunteers.$inferSelect;
export type SignupRow = typeof volunteerSignups.$inferSelect;
