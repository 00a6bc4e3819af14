/**
 * Newsletters: an email written by staff (subject, preview text, a sanitised HTML body),
 * sent to everyone subscribed or to a segment, and its recipients: one row per
 * newsletter and supporter, listed when the send starts and claimed before each message
 * goes, so a send that stops halfway carries on without sending anyone a second copy.
 */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { supporters } from "../supporters/table.ts";
import type { Audience } from "./audience.ts";

export type NewsletterStatus = "draft" | "scheduled" | "sending" | "sent";

export const newsletters = pgTable(
  "newsletters",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    preview_text: text("preview_text").notNull().default(""),
    /** Sanitised HTML (the news sanitiser), as the rich-text editor writes it. */
    body: text("body").notNull(),
    status: text("status").$type<NewsletterStatus>().notNull().default("draft"),
    audience: jsonb("audience").$type<Audience>().notNull().default({ kind: "all" }),
    /** When a scheduled newsletter is to go. */
    send_at: timestamp("send_at", { withTimezone: true }),
    /** When sending started: the recipients were listed then, once. */
    listed_at: timestamp("listed_at", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** Who pressed Send (the staff member's email). */
    sent_by: text("sent_by"),
    /** The public archive: the address (/newsletters/<slug>) and when staff published it there. */
    slug: text("slug").unique(),
    published_at: timestamp("published_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletters_published_idx").on(t.published_at).where(sql`${t.published_at} is not null`)],
);

/**
 * pending: listed, not yet claimed; sending: claimed by a sender (a row left so by a
 * process that died is never sent again: it becomes "interrupted"); sent; failed (the mail
 * server or the connection failed three times); refused (the server refused the address
 * permanently); skipped (unsubscribed or refused before their turn came).
 */
export type RecipientStatus = "pending" | "sending" | "sent" | "failed" | "refused" | "skipped" | "interrupted";

export const newsletterRecipients = pgTable(
  "newsletter_recipients",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    newsletter_id: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    supporter_id: uuid("supporter_id")
      .notNull()
      .references(() => supporters.id, { onDelete: "cascade" }),
    /** The address as it was when listed (find, export and erase by email look it up). */
    email: text("email").notNull(),
    status: text("status").$type<RecipientStatus>().notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    error: text("error"),
    claimed_at: timestamp("claimed_at", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_recipients_once_idx").on(t.newsletter_id, t.supporter_id),
    index("newsletter_recipients_next_idx").on(t.newsletter_id, t.status, t.id),
    index("newsletter_recipients_email_idx").on(t.email),
    index("newsletter_recipients_supporter_idx").on(t.supporter_id),
  ],
);
