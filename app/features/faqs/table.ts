/** The FAQ of the Support page. */
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Questions and answers shown on the Support page, in order. */
export const faqs = pgTable("faqs", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
  ...timestamps,
});

export type FaqRow = typeof faqs.$inferSelect;
