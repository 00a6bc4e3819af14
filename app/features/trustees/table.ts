/** The board of trustees shown on /trustees and /about. */
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** The board of trustees, edited by staff (order, show/hide, photo with alt text). */
export const trustees = pgTable("trustees", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  bio: text("bio").notNull(),
  /** Public URL of the photo; null: no photo (the page shows a placeholder). */
  image: text("image"),
  /** What the photo shows, for screen readers; empty when the photo is decorative. */
  image_alt: text("image_alt").notNull().default(""),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
  ...timestamps,
});

export type TrusteeRow = typeof trustees.$inferSelect;
