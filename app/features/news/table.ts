/** News posts, shown on /news, the home page and the RSS feed. */
import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * News posts. `body` is HTML from the rich-text editor, sanitised before it is stored
 * (and again when it is shown). A post is public when it is published and its
 * `published_at` has come: a later time schedules it.
 */
export const newsPosts = pgTable(
  "news_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    /** Public URL of the cover image; null: none. */
    image: text("image"),
    /** What the cover shows, for screen readers; empty when it is decorative. */
    image_alt: text("image_alt").notNull().default(""),
    author: text("author").notNull(),
    /** "draft" or "published". */
    status: text("status").notNull().default("draft"),
    /** When a published post appears (may be in the future); set when it is published. */
    published_at: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("news_posts_slug_idx").on(t.slug),
    index("news_posts_public_idx").on(t.status, t.published_at),
    check("news_posts_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

export type NewsPostRow = typeof newsPosts.$inferSelect;
