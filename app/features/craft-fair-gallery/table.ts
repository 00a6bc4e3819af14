import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

/** The craft fairs page's gallery, edited by staff (order, show/hide, alt text unless decorative). */
export const craftFairGallery = pgTable("craft_fair_gallery", {
  id: serial("id").primaryKey(),
  /** Public URL of the image (an upload, or a built-in file under /images). */
  image: text("image").notNull(),
  image_alt: text("image_alt").notNull().default(""),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
});

export type GalleryImageRow = typeof craftFairGallery.$inferSelect;
