/** The legal pages (privacy notice, terms, accessibility, cookies), each at its own address. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Legal pages (privacy notice, terms, accessibility, cookies): a title and a body in simple markup. */
export const legalPages = pgTable("legal_pages", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  ...timestamps,
});

export type LegalPageRow = typeof legalPages.$inferSelect;
