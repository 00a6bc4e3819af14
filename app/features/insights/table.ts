/**
 * Insights: the site's own visitor figures (no cookies, no stored address or user agent)
 * and the settings of the Reports area.
 *
 * page_views keeps one row per counted view for 13 months; visit_daily keeps each day's
 * totals (overall and by page, referrer site, campaign tag and device) for good, written
 * by the "visit-rollup" job once a day is over (docs/decisions/237).
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The Millbrook (Europe/London) day of the view. */
    day: date("day", { mode: "string" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The page's path, without its query. */
    path: text("path").notNull(),
    /** The host of the site the visitor came from (another site only), if the browser said. */
    referrer_host: text("referrer_host"),
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    device: text("device").$type<Device>().notNull(),
    /**
     * A hash of the address, user agent and that day's salt, which is kept in memory only
     * and forgotten when the day ends: it tells one day's visitors apart and nothing else.
     */
    visitor: text("visitor").notNull(),
  },
  (t) => [
    index("page_views_day_idx").on(t.day),
    check("page_views_device_check", sql`${t.device} in ('phone', 'tablet', 'desktop')`),
  ],
);

/** What a daily total counts: the whole site ("total", value ''), or one page, referrer site, campaign tag or device. */
export const VISIT_DIMENSIONS = ["total", "path", "referrer", "utm_source", "utm_campaign", "device"] as const;
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

export const visitDaily = pgTable(
  "visit_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").$type<VisitDimension>().notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] }), index("visit_daily_dimension_day_idx").on(t.dimension, t.day)],
);

/** One row: the month the charity's financial year starts (1 = January ... 4 = April). */
export const insightsSettings = pgTable(
  "insights_settings",
  {
    id: integer("id").primaryKey().default(1),
    financial_year_start_month: integer("financial_year_start_month").notNull().default(4),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("insights_settings_single_row", sql`${t.id} = 1`),
    check("insights_settings_month_range", sql`${t.financial_year_start_month} between 1 and 12`),
  ],
);

/**
 * Money in by Millbrook day, stream, cause and the Gift Aid due on it: a summary of
 * `donations` kept exact by triggers written in SQL in its migration (docs/decisions/250).
 * Every insert, change and delete of a gift (a refund, a Gift Aid claim, an offline
 * gift's record, an erased donor) moves its amounts here in the gift's own transaction;
 * cancelling a declaration moves the Gift Aid of the gifts it covered. A gift counts
 * `+amount` on the day it was paid and, once refunded, `-amount` on the day of its refund.
 * Derived: not in backups (a restore rebuilds it as the gifts are copied in).
 */
export const moneyDaily = pgTable(
  "money_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** one-off, monthly, offline (STREAM_LABELS). */
    stream: text("stream").notNull(),
    /** The cause's id, 0 for "where it is needed most". */
    cause_key: integer("cause_key").notNull(),
    /** The cause's title as the gift recorded it. */
    cause: text("cause").notNull(),
    /** Gifts paid that day (refunds do not change it). */
    gifts: integer("gifts").notNull(),
    /** Money in less money refunded that day. */
    pence: bigint("pence", { mode: "number" }).notNull(),
    /** Gift Aid due on the day's paid gifts with a declaration in force: not yet claimed, and claimed. */
    aid_waiting_pence: bigint("aid_waiting_pence", { mode: "number" }).notNull(),
    aid_claimed_pence: bigint("aid_claimed_pence", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.stream, t.cause_key, t.cause] })],
);
