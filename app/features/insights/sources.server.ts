/**
 * Where the reports' money and events figures come from: one list each, one query per
 * source (docs/decisions/235). A new kind of income (offline gifts, small-donation
 * collections, an appeal's own gifts) is one more entry in MONEY_SOURCES; a new way of
 * taking Gift Aid (the small donations scheme) one more entry in GIFT_AID_SOURCES; a new
 * way of selling places (ticket types, waitlists) changes or adds an entry in
 * EVENT_SOURCES. Nothing else in the reports, the CSVs or the trustees' summary changes.
 */
import { sql, type SQL } from "drizzle-orm";

/** A day range in Millbrook time, inclusive (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** `column` (a timestamptz) within the range's Millbrook days: written so an index on the column is used. */
export function withinDays(column: SQL, range: DayRange): SQL {
  return sql`${column} >= (${range.from}::date)::timestamp at time zone 'Europe/London' and ${column} < ((${range.to}::date + 1)::timestamp at time zone 'Europe/London')`;
}

/** The Millbrook day of a timestamptz column. */
const londonDay = (column: SQL) => sql`(${column} at time zone 'Europe/London')::date`;

/** The streams of money in, as the reports name them (a source may add its own). */
export const STREAM_LABELS: Record<string, string> = {
  "one-off": "One-off gifts",
  monthly: "Monthly gifts",
  offline: "Offline gifts",
};

export interface MoneySource {
  key: string;
  /**
   * Rows (day date, stream text, cause text, appeal text, pence bigint) of money in (and
   * out again: a refund is negative, on the day it was made) within the range.
   */
  rows(range: DayRange): SQL;
}

export const MONEY_SOURCES: MoneySource[] = [
  {
    // Gifts made on the site (Checkout), each paid monthly invoice and each gift staff
    // recorded by hand (cash, cheque, bank transfer or a collection: the 'offline' stream),
    // on the day paid; a refunded gift goes out again on the day of its refund. Read from
    // money_daily, the ledger's daily summary kept by triggers (docs/decisions/250). A gift
    // to an appeal's cause on a day of the appeal is money in for that appeal.
    key: "gifts",
    rows: (range) => sql`
      select m.day, m.stream, m.cause, case when a.id is not null then m.cause end as appeal, m.pence
      from money_daily m left join appeals a on a.cause_id = m.cause_key and m.day between a.starts_on and a.ends_on
      where m.day between ${range.from}::date and ${range.to}::date and m.pence <> 0`,
  },
];

export interface GiftAidSource {
  key: string;
  /** Rows (day date, state 'claimed' | 'waiting', pence bigint): the Gift Aid due on gifts of the range, by the gift's day. */
  rows(range: DayRange): SQL;
}

export const GIFT_AID_SOURCES: GiftAidSource[] = [
  {
    // 25p for every £1 of a paid gift with a declaration in force on the day of the gift
    // (money_daily keeps it by the gift's day, waiting or claimed).
    key: "declared-gifts",
    rows: (range) => sql`
      select day, 'waiting' as state, aid_waiting_pence as pence from money_daily
      where day between ${range.from}::date and ${range.to}::date and aid_waiting_pence <> 0
      union all
      select day, 'claimed', aid_claimed_pence from money_daily
      where day between ${range.from}::date and ${range.to}::date and aid_claimed_pence <> 0`,
  },
  {
    // The Small Donations Scheme: the top-up claimed on collections, on the day it was claimed.
    key: "small-donations",
    rows: (range) => sql`
      select ${londonDay(sql`created_at`)} as day, 'claimed' as state, top_up_pence::bigint as pence
      from small_donation_claims where ${withinDays(sql`created_at`, range)}`,
  },
];

export interface EventSource {
  key: string;
  /**
   * Rows (event_id int, sold int, income bigint, checked_in int, used_check_in bool) for
   * events whose day is in the range. Capacity comes from the event.
   */
  rows(range: DayRange): SQL;
}

export const EVENT_SOURCES: EventSource[] = [
  {
    // Confirmed bookings (free or paid); refunded and cancelled ones are not sold.
    key: "bookings",
    rows: (range) => sql`
      select b.event_id, sum(b.quantity)::int as sold, sum(b.amount_pence)::bigint as income,
             coalesce(sum(b.quantity) filter (where b.checked_in_at is not null), 0)::int as checked_in,
             bool_or(b.checked_in_at is not null) as used_check_in
      from bookings b join events e on e.id = b.event_id
      where b.status = 'confirmed' and e.date between ${range.from}::date and ${range.to}::date
      group by b.event_id`,
  },
];

/** The sources' rows together, ready for a query to add up. */
export function unionOf<T extends { rows(range: DayRange): SQL }>(sources: T[], range: DayRange): SQL {
  return sql.join(
    sources.map((source) => sql`(${source.rows(range)})`),
    sql` union all `,
  );
}
