/** The Community Fund's grants, shown on /community-fund. */
import { boolean, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

export const fundRecipients = pgTable("fund_recipients", {
  id: serial("id").primaryKey(),
  year: integer("year").notNull(),
  name: text("name").notNull(),
  purpose: text("purpose").notNull(),
  /** The grant, in pence. */
  amount_pence: integer("amount_pence").notNull(),
  /** Awarded (promised) or funded (paid). */
  status: text("status").$type<"awarded" | "funded">().notNull().default("funded"),
  sort_order: integer("sort_order").notNull().default(0),
  is_visible: boolean("is_visible").notNull().default(true),
});

export type FundRecipientRow = typeof fundRecipients.$inferSelect;
