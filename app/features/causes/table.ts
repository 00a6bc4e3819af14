/** The causes a gift can go to: shown on the home page, /causes and /support, edited by staff. */
import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

export const causes = pgTable("causes", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  /** Public URL of the image; null: no image (the card shows a plain panel). */
  image: text("image"),
  /** What the image shows, for screen readers; empty when it is decorative. */
  image_alt: text("image_alt").notNull().default(""),
  /** Pence raised off the site, entered by staff; paid gifts to the cause are added when read. */
  raised_pence: integer("raised_pence").notNull().default(0),
  /** The goal, in pence. */
  goal_pence: integer("goal_pence").notNull(),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
});

export type CauseRow = typeof causes.$inferSelect;
