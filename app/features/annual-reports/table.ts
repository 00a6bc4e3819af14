import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Annual reports on /trustees: a PDF per year, uploaded by staff (or a built-in file under /reports). */
export const annualReports = pgTable("annual_reports", {
  id: serial("id").primaryKey(),
  year: integer("year").notNull(),
  title: text("title").notNull(),
  /** Public URL of the PDF. */
  file: text("file").notNull(),
  is_visible: boolean("is_visible").notNull().default(true),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AnnualReportRow = typeof annualReports.$inferSelect;
