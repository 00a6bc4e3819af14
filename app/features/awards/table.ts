/** The Community Awards: past winners, and the current round (one row). */
import { sql } from "drizzle-orm";
import { check, date, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Past winners, shown on /awards by year. */
export const awardWinners = pgTable("award_winners", {
  id: serial("id").primaryKey(),
  year: integer("year").notNull(),
  category: text("category").notNull(),
  name: text("name").notNull(),
  achievement: text("achievement").notNull(),
  /** Public URL of the photo; null: no photo (the page shows a placeholder). */
  image: text("image"),
});

/** The current round of the Community Awards (one row): its dates and categories. */
export const awardRound = pgTable(
  "award_round",
  {
    id: integer("id").primaryKey().default(1),
    nominations_open: date("nominations_open", { mode: "string" }).notNull(),
    /** The last day nominations are taken (UK date); from the next day the form is closed. */
    nominations_close: date("nominations_close", { mode: "string" }).notNull(),
    ceremony_date: date("ceremony_date", { mode: "string" }).notNull(),
    ceremony_time: text("ceremony_time").notNull().default(""),
    venue: text("venue").notNull().default(""),
    /** The categories, in order: { id, title, description }. */
    categories: jsonb("categories").$type<{ id: string; title: string; description: string }[]>().notNull(),
    ...timestamps,
  },
  (t) => [check("award_round_single_row", sql`${t.id} = 1`)],
);

export type AwardWinnerRow = typeof awardWinners.$inferSelect;
export type AwardRoundRow = typeof awardRound.$inferSelect;
