/** The sponsors shown on /about: kept by staff in their order, each with a link and a logo from the media library. */
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const sponsors = pgTable("sponsors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** The sponsor's website (http or https). */
  url: text("url").notNull(),
  /** Public URL of the logo (a media library item); null: the name is shown instead. */
  image: text("image"),
  /** What the logo shows, for screen readers; empty when it is decorative. */
  image_alt: text("image_alt").notNull().default(""),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SponsorRow = typeof sponsors.$inferSelect;
