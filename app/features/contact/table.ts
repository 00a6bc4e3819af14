/** The footer's contact details, one row staff edit. */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** The footer's address and phone, and the email addresses the pages show (one row). */
export const contactDetails = pgTable(
  "contact_details",
  {
    id: integer("id").primaryKey().default(1),
    /** One line per row of the postal address. */
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    events_email: text("events_email").notNull().default(""),
    craft_fairs_email: text("craft_fairs_email").notNull().default(""),
    awards_email: text("awards_email").notNull().default(""),
    fund_email: text("fund_email").notNull().default(""),
    trustees_email: text("trustees_email").notNull().default(""),
    ...timestamps,
  },
  (t) => [check("contact_details_single_row", sql`${t.id} = 1`)],
);

export type ContactDetailsRow = typeof contactDetails.$inferSelect;
