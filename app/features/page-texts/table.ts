/** The page texts staff edit (the home page's hero, the Support page's headings ...). */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Page texts edited by staff, one row per text ("home.hero_primary_label"). A text with
 * no row shows its built-in default (page-texts.ts), so a fresh install and an older one
 * show the same words until staff change them.
 */
export const pageTexts = pgTable("page_texts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PageTextRow = typeof pageTexts.$inferSelect;
