/**
 * Appeals: a cause run for a limited time, with a goal, an end date, short updates and an
 * optional matched-giving window (gifts to the cause between two dates count double, up
 * to the matcher's cap). The matched amount is worked out from the gifts, never written
 * into them: the ledger keeps what donors gave.
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { causes } from "../causes/table.ts";

export const appeals = pgTable(
  "appeals",
  {
    id: serial("id").primaryKey(),
    cause_id: integer("cause_id")
      .notNull()
      .unique()
      .references(() => causes.id, { onDelete: "cascade" }),
    goal_pence: integer("goal_pence").notNull(),
    starts_on: date("starts_on", { mode: "string" }).notNull(),
    /** The last day of the appeal (Europe/London). */
    ends_on: date("ends_on", { mode: "string" }).notNull(),
    matcher_name: text("matcher_name").notNull().default(""),
    match_from: date("match_from", { mode: "string" }),
    match_to: date("match_to", { mode: "string" }),
    match_cap_pence: integer("match_cap_pence"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("appeals_goal_positive", sql`${t.goal_pence} > 0`),
    check("appeals_dates", sql`${t.starts_on} <= ${t.ends_on}`),
    check(
      "appeals_match",
      sql`(${t.match_from} is null and ${t.match_to} is null and ${t.match_cap_pence} is null) or (${t.match_from} <= ${t.match_to} and ${t.match_cap_pence} > 0)`,
    ),
  ],
);

export const appealUpdates = pgTable(
  "appeal_updates",
  {
    id: serial("id").primaryKey(),
    appeal_id: integer("appeal_id")
      .notNull()
      .references(() => appeals.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    posted_at: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("appeal_updates_appeal_idx").on(t.appeal_id, t.posted_at), check("appeal_updates_length", sql`length(${t.body}) between 1 and 500`)],
);
