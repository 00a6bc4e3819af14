/** The craft fairs shown on /craft-fairs: upcoming ones take stall applications, past ones keep their figures. */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const craftFairs = pgTable(
  "craft_fairs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull(),
    stalls_available: integer("stalls_available").notNull().default(20),
    application_deadline: date("application_deadline", { mode: "string" }).notNull(),
    is_active: boolean("is_active").notNull().default(true),
    is_past: boolean("is_past").notNull().default(false),
    image: text("image"),
    attendance: text("attendance"),
    stallholders: text("stallholders"),
    ...timestamps,
  },
  (t) => [
    index("craft_fairs_public_idx").on(t.is_active, t.is_past, t.date),
    index("craft_fairs_admin_order_idx").on(t.date, t.time, t.id),
    check("craft_fairs_stalls_positive", sql`${t.stalls_available} > 0`),
  ],
);

export type CraftFairRow = typeof craftFairs.$inferSelect;
export type NewCraftFairRow = typeof craftFairs.$inferInsert;
