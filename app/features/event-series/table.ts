/**
 * A series of events: the rule its dates follow (weekly, fortnightly, or monthly on the
 * nth weekday, until a date or for a number of dates). Each date is an ordinary event row
 * (its own capacity and bookings) with events.series_id naming the series.
 */
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const SERIES_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const eventSeries = pgTable(
  "event_series",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    frequency: text("frequency").$type<SeriesFrequency>().notNull(),
    /** The first date (yyyy-MM-dd, a Millbrook date). */
    starts_on: date("starts_on", { mode: "string" }).notNull(),
    /** Monthly only: which weekday of the month (1 to 4, or -1 for the last); the weekday is the first date's. */
    month_week: integer("month_week"),
    /** The last date it may fall on, or the number of dates (one of them). */
    until: date("until", { mode: "string" }),
    count: integer("count"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("event_series_frequency_check", sql`${t.frequency} in ('weekly', 'fortnightly', 'monthly')`),
    check("event_series_end_check", sql`(${t.until} is null) <> (${t.count} is null)`),
    check("event_series_count_range", sql`${t.count} is null or ${t.count} between 1 and 104`),
    check("event_series_month_week_check", sql`${t.month_week} is null or ${t.month_week} in (-1, 1, 2, 3, 4)`),
  ],
);
