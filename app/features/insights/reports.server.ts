/**
 * The reports' figures and charts, each for a period and the same period a year before.
 * Money and events read their sources (sources.server.ts); the website reads the daily
 * totals (visit_daily) and, for the days not yet rolled up, the page views themselves.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import type { Chart, Figure } from "./chart.ts";
import { monthLabel, shortDate, type Period } from "./period.ts";
import { EVENT_SOURCES, GIFT_AID_SOURCES, MONEY_SOURCES, STREAM_LABELS, unionOf, withinDays, type DayRange } from "./sources.server.ts";
import { DIMENSION_OF, GROUPING } from "./rollup.server.ts";
import { insightsSettings } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

export interface Report {
  figures: Figure[];
  charts: Chart[];
}

export type ReportName = "money" | "events" | "supporters" | "website";

const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await getDb().execute(query)).rows as T[];
const previousOf = (period: Period): DayRange => period.previous;
/** The month index (0-based, within the period) of a day, or -1. */
const monthIndex = (period: Period, day: string) => period.months.indexOf(`${day.slice(0, 7)}-01`);
const previousMonths = (period: Period) => period.months.map((m) => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`);
const zeros = (period: Period) => period.months.map(() => 0);
const monthCategories = (period: Period) => period.months.map((m) => monthLabel(m));
/** A list as one parameter, a PostgreSQL array literal (the values here are dates and fixed names). */
const pgArray = (values: string[]) => `{${values.join(",")}}`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export async function financialYearStart(): Promise<number> {
  const [row] = await getDb().select().from(insightsSettings).limit(1);
  return row?.financial_year_start_month ?? 4;
}

export async function setFinancialYearStart(month: number): Promise<void> {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError("month");
  await getDb()
    .insert(insightsSettings)
    .values({ id: 1, financial_year_start_month: month })
    .onConflictDoUpdate({ target: insightsSettings.id, set: { financial_year_start_month: month, updated_at: new Date() } });
}

// ---------------------------------------------------------------- money

interface MoneyRow {
  month: string;
  stream: string;
  cause: string;
  /** The appeal the money came in for, or null. */
  appeal: string | null;
  pence: number;
}

async function moneyRows(range: DayRange): Promise<MoneyRow[]> {
  const rows = await rowsOf<{ month: string; stream: string; cause: string; appeal: string | null; pence: string }>(sql`
    select to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, stream, cause, appeal, sum(pence)::bigint as pence
    from (${unionOf(MONEY_SOURCES, range)}) money group by 1, 2, 3, 4`);
  return rows.map((r) => ({ ...r, pence: Number(r.pence) }));
}

async function giftAidRows(range: DayRange): Promise<{ month: string; state: string; pence: number }[]> {
  const rows = await rowsOf<{ month: string; state: string; pence: string }>(sql`
    select to_char(date_trunc('month', day), 'YYYY-MM-DD') as month, state, sum(pence)::bigint as pence
    from (${unionOf(GIFT_AID_SOURCES, range)}) gift_aid group by 1, 2`);
  return rows.map((r) => ({ ...r, pence: Number(r.pence) }));
}

async function monthlyDonors(period: Period) {
  const monthEnds = (months: string[]) => months.map((m) => `${m.slice(0, 7)}-01`);
  const query = (months: string[]) =>
    rowsOf<{ month: string; started: number; ended: number; active: number }>(sql`
      -- One pass over the monthly gifts, added up by the Millbrook month they started and
      -- ended; each month's figures are then read from those few rows (comparing every
      -- gift with every month's bounds made five years take a second).
      with months as materialized (
        select m::date as month, (m::date)::timestamp at time zone 'Europe/London' as starts
        from unnest(${pgArray(monthEnds(months))}::date[]) m),
      gifts as materialized (
        select date_trunc('month', started_at at time zone 'Europe/London')::date as started,
               date_trunc('month', ended_at at time zone 'Europe/London')::date as ended
        from monthly_gifts),
      starts as (select started as month, count(*) as n from gifts group by 1),
      ends as (select ended as month, count(*) as n from gifts where ended is not null group by 1)
      select to_char(month, 'YYYY-MM-DD') as month,
        coalesce((select n from starts s where s.month = months.month), 0)::int as started,
        coalesce((select n from ends e where e.month = months.month), 0)::int as ended,
        -- Active at the month's end: started by then, not ended by then. A month not begun
        -- yet has no end-of-month figure.
        case when starts > now() then 0 else
          (select coalesce(sum(n), 0) from starts s where s.month <= months.month) - (select coalesce(sum(n), 0) from ends e where e.month <= months.month) end::int as active
      from months order by month`);
  // Of the monthly gifts started in the same period a year (and two years) before, the
  // share still going twelve months after they started (gifts younger than that left out).
  const kept = async (range: DayRange) => {
    const [row] = await rowsOf<{ started: number; kept: number }>(sql`
      select count(*)::int as started,
             count(*) filter (where g.ended_at is null or g.ended_at >= g.started_at + interval '12 months')::int as kept
      from monthly_gifts g
      where ${withinDays(sql`g.started_at`, range)} and g.started_at + interval '12 months' <= now()`);
    return row;
  };
  const yearBack = (range: DayRange): DayRange => ({ from: `${Number(range.from.slice(0, 4)) - 1}${range.from.slice(4)}`, to: `${Number(range.to.slice(0, 4)) - 1}${range.to.slice(4)}` });
  const [now, before, keptNow, keptBefore] = await Promise.all([query(period.months), query(previousMonths(period)), kept(previousOf(period)), kept(yearBack(previousOf(period)))]);
  return { now, before, keptNow, keptBefore };
}

export async function moneyReport(period: Period): Promise<Report> {
  const [now, before, aidNow, aidBefore, donors] = await Promise.all([
    moneyRows(period),
    moneyRows(previousOf(period)),
    giftAidRows(period),
    giftAidRows(previousOf(period)),
    monthlyDonors(period),
  ]);
  const streams = [...new Set([...now, ...before].map((r) => r.stream))].sort(
    (a, b) => Object.keys(STREAM_LABELS).indexOf(a) - Object.keys(STREAM_LABELS).indexOf(b),
  );
  const byMonth = (rows: MoneyRow[], stream?: string) => {
    const values = zeros(period);
    for (const r of rows) {
      if (stream && r.stream !== stream) continue;
      const i = monthIndex(period, r.month);
      const j = i >= 0 ? i : previousMonths(period).indexOf(r.month);
      if (j >= 0) values[j] += r.pence;
    }
    return values;
  };
  const moneyIn: Chart = {
    id: "money-in",
    title: "Money in by month",
    description: "Gifts received, less refunds (on the day of the refund), by month; the grey bar is the same month a year before.",
    unit: "pence",
    kind: "bars",
    categoryLabel: "Month",
    categories: monthCategories(period),
    series: [
      ...streams.map((stream) => ({ key: stream, label: STREAM_LABELS[stream] ?? stream, values: byMonth(now, stream), stack: "now" })),
      { key: "previous", label: "Year before (all)", values: byMonth(before), stack: "before", previous: true },
    ],
  };
  const causeTotals = (rows: MoneyRow[]) => {
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(r.cause, (totals.get(r.cause) ?? 0) + r.pence);
    return totals;
  };
  const causesNow = causeTotals(now);
  const causesBefore = causeTotals(before);
  const causes = [...new Set([...causesNow.keys(), ...causesBefore.keys()])].sort((a, b) => (causesNow.get(b) ?? 0) - (causesNow.get(a) ?? 0) || a.localeCompare(b));
  const byCause: Chart = {
    id: "by-cause",
    title: "Money in by cause",
    description: "Gifts received less refunds in the period, by the cause the donor chose.",
    unit: "pence",
    kind: "rank",
    categoryLabel: "Cause",
    categories: causes,
    series: [
      { key: "now", label: "This period", values: causes.map((c) => causesNow.get(c) ?? 0), stack: "now" },
      { key: "before", label: "Year before", values: causes.map((c) => causesBefore.get(c) ?? 0), stack: "before", previous: true },
    ],
  };
  const appealTotals = (rows: MoneyRow[]) => {
    const totals = new Map<string, number>();
    for (const r of rows) if (r.appeal !== null) totals.set(r.appeal, (totals.get(r.appeal) ?? 0) + r.pence);
    return totals;
  };
  const appealsNow = appealTotals(now);
  const appealsBefore = appealTotals(before);
  const appeals = [...new Set([...appealsNow.keys(), ...appealsBefore.keys()])].sort(
    (a, b) => (appealsNow.get(b) ?? 0) - (appealsNow.get(a) ?? 0) || a.localeCompare(b),
  );
  const byAppeal: Chart = {
    id: "by-appeal",
    title: "Money in by appeal",
    description: "Gifts to an appeal's cause on the days the appeal ran, less refunds, in the period.",
    unit: "pence",
    kind: "rank",
    categoryLabel: "Appeal",
    categories: appeals,
    series: [
      { key: "now", label: "This period", values: appeals.map((c) => appealsNow.get(c) ?? 0), stack: "now" },
      { key: "before", label: "Year before", values: appeals.map((c) => appealsBefore.get(c) ?? 0), stack: "before", previous: true },
    ],
  };
  const aidByMonth = (rows: { month: string; state: string; pence: number }[], state: string | null, months: string[]) =>
    months.map((m) => sum(rows.filter((r) => r.month === m && (state === null || r.state === state)).map((r) => r.pence)));
  const giftAid: Chart = {
    id: "gift-aid",
    title: "Gift Aid claimed and waiting",
    description: "Gift Aid (25p for every £1) on gifts with a declaration, by the month of the gift: already claimed from HMRC, or waiting to be claimed.",
    unit: "pence",
    kind: "bars",
    categoryLabel: "Month",
    categories: monthCategories(period),
    series: [
      { key: "claimed", label: "Claimed", values: aidByMonth(aidNow, "claimed", period.months), stack: "now" },
      { key: "waiting", label: "Waiting to be claimed", values: aidByMonth(aidNow, "waiting", period.months), stack: "now" },
      { key: "previous", label: "Year before (all)", values: aidByMonth(aidBefore, null, previousMonths(period)), stack: "before", previous: true },
    ],
  };
  const donorsChart: Chart = {
    id: "monthly-donors",
    title: "Monthly donors",
    description: "Monthly gifts started and ended in each month, and those active at the month's end.",
    unit: "count",
    kind: "bars",
    categoryLabel: "Month",
    categories: monthCategories(period),
    series: [
      { key: "started", label: "Started", values: donors.now.map((r) => r.started), stack: "started" },
      { key: "ended", label: "Ended", values: donors.now.map((r) => r.ended), stack: "ended" },
      { key: "active", label: "Active at month end", values: donors.now.map((r) => r.active), stack: "active" },
      { key: "active-before", label: "Active a year before", values: donors.before.map((r) => r.active), stack: "active-before", previous: true },
    ],
  };
  const total = (rows: MoneyRow[], test: (r: MoneyRow) => boolean = () => true) => sum(rows.filter(test).map((r) => r.pence));
  const share = (k: { started: number; kept: number }) => (k.started === 0 ? null : (k.kept / k.started) * 100);
  const keptNow = share(donors.keptNow);
  const keptBefore = share(donors.keptBefore);
  const figures: Figure[] = [
    { label: "Money in", unit: "pence", value: total(now), previous: total(before) },
    ...streams.map((s) => ({ label: STREAM_LABELS[s] ?? s, unit: "pence" as const, value: total(now, (r) => r.stream === s), previous: total(before, (r) => r.stream === s) })),
    { label: "Gift Aid waiting to be claimed", unit: "pence", value: sum(aidNow.filter((r) => r.state === "waiting").map((r) => r.pence)), previous: null },
    { label: "Gift Aid claimed", unit: "pence", value: sum(aidNow.filter((r) => r.state === "claimed").map((r) => r.pence)), previous: sum(aidBefore.filter((r) => r.state === "claimed").map((r) => r.pence)) },
    { label: "Monthly donors at the end", unit: "count", value: donors.now.at(-1)?.active ?? 0, previous: donors.before.at(-1)?.active ?? 0 },
  ];
  if (keptNow !== null) figures.push({ label: "Monthly gifts kept after 12 months", unit: "percent", value: keptNow, previous: keptBefore });
  return { figures, charts: [moneyIn, giftAid, byCause, byAppeal, donorsChart] };
}

// ---------------------------------------------------------------- events

interface EventTotals {
  id: number;
  title: string;
  date: string;
  capacity: number | null;
  sold: number;
  income: number;
  checked_in: number;
  used_check_in: boolean;
}

async function eventRows(range: DayRange): Promise<EventTotals[]> {
  const rows = await rowsOf<EventTotals & { income: string }>(sql`
    select e.id, e.title, to_char(e.date, 'YYYY-MM-DD') as date, e.tickets_available as capacity,
           coalesce(sum(s.sold), 0)::int as sold, coalesce(sum(s.income), 0)::bigint as income,
           coalesce(sum(s.checked_in), 0)::int as checked_in, coalesce(bool_or(s.used_check_in), false) as used_check_in
    from (${unionOf(EVENT_SOURCES, range)}) s join events e on e.id = s.event_id
    group by e.id order by sold desc, e.date, e.id`);
  return rows.map((r) => ({ ...r, income: Number(r.income) }));
}

const EVENTS_SHOWN = 15;

export async function eventsReport(period: Period): Promise<Report> {
  const [now, before] = await Promise.all([eventRows(period), eventRows(previousOf(period))]);
  const shown = now.slice(0, EVENTS_SHOWN);
  const name = (e: EventTotals) => `${e.title} (${shortDate(e.date)})`;
  const withCapacity = (rows: EventTotals[]) => rows.filter((e) => e.capacity !== null);
  const sellThrough = (rows: EventTotals[]) => {
    const capped = withCapacity(rows);
    const capacity = sum(capped.map((e) => e.capacity ?? 0));
    return capacity === 0 ? null : (sum(capped.map((e) => e.sold)) / capacity) * 100;
  };
  const noShows = (rows: EventTotals[]) => rows.filter((e) => e.used_check_in);
  const noShowRate = (rows: EventTotals[]) => {
    const used = noShows(rows);
    const sold = sum(used.map((e) => e.sold));
    return sold === 0 ? null : ((sold - sum(used.map((e) => e.checked_in))) / sold) * 100;
  };
  const sales: Chart = {
    id: "tickets",
    title: "Tickets sold by event",
    description: `Confirmed tickets for events in the period (the ${EVENTS_SHOWN} that sold most).`,
    unit: "count",
    kind: "rank",
    categoryLabel: "Event",
    categories: shown.map(name),
    series: [{ key: "sold", label: "Tickets sold", values: shown.map((e) => e.sold), stack: "sold" }],
  };
  const income: Chart = {
    id: "ticket-income",
    title: "Ticket income by event",
    description: `What paid tickets brought in, for the same events.`,
    unit: "pence",
    kind: "rank",
    categoryLabel: "Event",
    categories: shown.map(name),
    series: [{ key: "income", label: "Ticket income", values: shown.map((e) => e.income), stack: "income" }],
  };
  const capped = withCapacity(shown);
  const through: Chart = {
    id: "sell-through",
    title: "Sell-through against capacity",
    description: "Tickets sold as a share of the tickets available, for the same events that had a limit.",
    unit: "percent",
    kind: "rank",
    categoryLabel: "Event",
    categories: capped.map(name),
    series: [{ key: "share", label: "Sold of capacity", values: capped.map((e) => Math.round((e.sold / (e.capacity ?? 1)) * 1000) / 10), stack: "share" }],
  };
  const checked = noShows(shown);
  const doors: Chart = {
    id: "no-shows",
    title: "Came and did not come",
    description: "For events that used door check-in: tickets checked in, and tickets sold but not checked in (no-shows).",
    unit: "count",
    kind: "rank",
    categoryLabel: "Event",
    categories: checked.map(name),
    series: [
      { key: "came", label: "Checked in", values: checked.map((e) => e.checked_in), stack: "doors" },
      { key: "no-show", label: "No-shows", values: checked.map((e) => e.sold - e.checked_in), stack: "doors" },
    ],
  };
  const figures: Figure[] = [
    { label: "Events with bookings", unit: "count", value: now.length, previous: before.length },
    { label: "Tickets sold", unit: "count", value: sum(now.map((e) => e.sold)), previous: sum(before.map((e) => e.sold)) },
    { label: "Ticket income", unit: "pence", value: sum(now.map((e) => e.income)), previous: sum(before.map((e) => e.income)) },
  ];
  const st = sellThrough(now);
  if (st !== null) figures.push({ label: "Sell-through", unit: "percent", value: st, previous: sellThrough(before) });
  const ns = noShowRate(now);
  if (ns !== null) figures.push({ label: "No-shows", unit: "percent", value: ns, previous: noShowRate(before) });
  return { figures, charts: [sales, income, through, doors] };
}

// ---------------------------------------------------------------- supporters

async function supporterSeries(months: string[]) {
  return rowsOf<{ month: string; new_supporters: number; subscribed: number; minutes: number }>(sql`
    -- Materialised, so each month's bounds are worked out once (see monthlyDonors).
    with months as materialized (
      select m::date as month,
             (m::date)::timestamp at time zone 'Europe/London' as starts,
             ((m::date + interval '1 month')::date)::timestamp at time zone 'Europe/London' as ends
      from unnest(${pgArray(months)}::date[]) m),
    changes as materialized (
      -- The consent events that change a supporter's state, added up by Millbrook month
      -- (+1 when given, -1 when withdrawn): one pass over the events, a few rows out.
      select date_trunc('month', at at time zone 'Europe/London')::date as month, sum(case when given then 1 else -1 end) as delta
      from (select at, given, lag(given) over (partition by supporter_id order by at, id) as before from consent_events) c
      where given is distinct from coalesce(before, false)
      group by 1)
    select to_char(month, 'YYYY-MM-DD') as month,
      (select count(*) from supporters s where s.created_at >= starts and s.created_at < ends)::int as new_supporters,
      case when starts > now() then 0 else (select coalesce(sum(c.delta), 0) from changes c where c.month <= months.month) end::int as subscribed,
      (select coalesce(sum(v.minutes), 0) from volunteer_signups v join volunteer_shifts sh on sh.id = v.shift_id
        where v.status = 'confirmed' and v.minutes is not null and sh.date >= month and sh.date < month + interval '1 month')::int as minutes
    from months order by month`);
}

export async function supportersReport(period: Period): Promise<Report> {
  const [now, before] = await Promise.all([supporterSeries(period.months), supporterSeries(previousMonths(period))]);
  const categories = monthCategories(period);
  const pair = (id: string, title: string, description: string, unit: Chart["unit"], pick: (r: (typeof now)[number]) => number, label: string): Chart => ({
    id,
    title,
    description,
    unit,
    kind: "bars",
    categoryLabel: "Month",
    categories,
    series: [
      { key: "now", label, values: now.map(pick), stack: "now" },
      { key: "before", label: "Year before", values: before.map(pick), stack: "before", previous: true },
    ],
  });
  const hours = (r: (typeof now)[number]) => r.minutes / 60;
  return {
    figures: [
      { label: "New supporters", unit: "count", value: sum(now.map((r) => r.new_supporters)), previous: sum(before.map((r) => r.new_supporters)) },
      { label: "Newsletter subscribers at the end", unit: "count", value: now.at(-1)?.subscribed ?? 0, previous: before.at(-1)?.subscribed ?? 0 },
      { label: "Volunteering hours", unit: "hours", value: sum(now.map(hours)), previous: sum(before.map(hours)) },
    ],
    charts: [
      pair("new-supporters", "New supporters by month", "People who became supporters (their first gift, booking, form or signup) in each month.", "count", (r) => r.new_supporters, "New supporters"),
      pair("subscribers", "Newsletter subscribers", "People who had agreed to receive the newsletter at each month's end.", "count", (r) => r.subscribed, "Subscribers"),
      pair("volunteer-hours", "Volunteering hours by month", "Hours given on shifts marked as came, by the shift's month.", "hours", hours, "Hours"),
    ],
  };
}

// ---------------------------------------------------------------- website

interface DailyRow {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/**
 * A range's figures: the whole site's totals by day (dimension "total"), and each other
 * dimension's totals by value over the whole range (day ""). Days already added up come
 * from visit_daily, the others (today, and any day the job has not reached) from
 * page_views with the same grouping; the adding up over the range is done in SQL, so a
 * year of daily rows never leaves the database.
 */
async function dailyTotals(range: DayRange, dimensions: string[]): Promise<DailyRow[]> {
  const rolledDays = await rowsOf<{ day: string }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day from visit_daily where dimension = 'total' and day between ${range.from}::date and ${range.to}::date`);
  const done = new Set(rolledDays.map((r) => r.day));
  const open = daysOf(range).filter((day) => !done.has(day) && day <= ukDate());
  const live =
    open.length === 0
      ? sql`select null::date as day, null::text as dimension, null::text as value, 0 as views, 0 as visitors where false`
      : sql`
        select day, ${DIMENSION_OF} as dimension, coalesce(path, referrer_host, utm_source, utm_campaign, device, '') as value,
          count(*)::int as views, count(distinct visitor)::int as visitors
        from page_views where day = any(${pgArray(open)}::date[])
        group by ${GROUPING}`;
  return rowsOf<DailyRow>(sql`
    with daily as (
      select day, dimension, value, views, visitors from visit_daily
      where dimension = any(${pgArray(dimensions)}::text[]) and day between ${range.from}::date and ${range.to}::date
      union all
      select day, dimension, value, views, visitors from (${live}) live
      where dimension = any(${pgArray(dimensions)}::text[]) and (dimension = 'total' or value <> ''))
    select to_char(day, 'YYYY-MM-DD') as day, dimension, value, views, visitors from daily where dimension = 'total'
    union all
    select '' as day, dimension, value, sum(views)::int, sum(visitors)::int from daily where dimension <> 'total' group by dimension, value`);
}

function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = new Date(`${range.from}T00:00:00Z`); d <= new Date(`${range.to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
}

const TOP = 10;

export async function websiteReport(period: Period): Promise<Report> {
  const dims = ["total", "path", "referrer", "utm_campaign", "utm_source", "device"];
  const [now, before] = await Promise.all([dailyTotals(period, dims), dailyTotals(previousOf(period), ["total", "device"])]);
  const long = period.months.length > 3;
  // Long periods by month, short ones by day.
  const buckets = long ? period.months : daysOf(period);
  const bucketOf = (day: string) => (long ? `${day.slice(0, 7)}-01` : day);
  const previousBuckets = long ? previousMonths(period) : daysOf(period.previous);
  const series = (rows: DailyRow[], keys: string[], pick: "views" | "visitors") => {
    const values = keys.map(() => 0);
    for (const r of rows) {
      if (r.dimension !== "total") continue;
      const i = keys.indexOf(bucketOf(r.day));
      if (i >= 0) values[i] += r[pick];
    }
    return values;
  };
  const totals = (rows: DailyRow[], dimension: string) => {
    const map = new Map<string, { views: number; visitors: number }>();
    for (const r of rows) {
      if (r.dimension !== dimension) continue;
      const t = map.get(r.value) ?? { views: 0, visitors: 0 };
      t.views += r.views;
      t.visitors += r.visitors;
      map.set(r.value, t);
    }
    return [...map.entries()].sort((a, b) => b[1].views - a[1].views || a[0].localeCompare(b[0]));
  };
  const rank = (id: string, title: string, description: string, categoryLabel: string, dimension: string): Chart => {
    const top = totals(now, dimension).slice(0, TOP);
    return {
      id,
      title,
      description,
      unit: "count",
      kind: "rank",
      categoryLabel,
      categories: top.map(([value]) => value),
      series: [
        { key: "views", label: "Page views", values: top.map(([, t]) => t.views), stack: "views" },
        { key: "visitors", label: "Visitors", values: top.map(([, t]) => t.visitors), stack: "visitors" },
      ],
    };
  };
  const traffic: Chart = {
    id: "traffic",
    title: long ? "Page views and visitors by month" : "Page views and visitors by day",
    description: "Page views counted without cookies; a visitor is counted once a day. The dashed line is the same period a year before.",
    unit: "count",
    kind: "line",
    categoryLabel: long ? "Month" : "Day",
    categories: long ? monthCategories(period) : buckets.map((d) => shortDate(d)),
    series: [
      { key: "views", label: "Page views", values: series(now, buckets, "views"), stack: "views" },
      { key: "visitors", label: "Visitors", values: series(now, buckets, "visitors"), stack: "visitors" },
      { key: "views-before", label: "Page views a year before", values: series(before, previousBuckets, "views"), stack: "views-before", previous: true },
    ],
  };
  const deviceTotals = (rows: DailyRow[]) => new Map(totals(rows, "device"));
  const devicesNow = deviceTotals(now);
  const devicesBefore = deviceTotals(before);
  const devices: Chart = {
    id: "devices",
    title: "Phones, tablets and computers",
    description: "Page views by the kind of device they came from.",
    unit: "count",
    kind: "rank",
    categoryLabel: "Device",
    categories: ["Phones", "Tablets", "Computers"],
    series: [
      { key: "now", label: "Page views", values: ["phone", "tablet", "desktop"].map((d) => devicesNow.get(d)?.views ?? 0), stack: "now" },
      { key: "before", label: "Year before", values: ["phone", "tablet", "desktop"].map((d) => devicesBefore.get(d)?.views ?? 0), stack: "before", previous: true },
    ],
  };
  const views = (rows: DailyRow[]) => sum(rows.filter((r) => r.dimension === "total").map((r) => r.views));
  const visitors = (rows: DailyRow[]) => sum(rows.filter((r) => r.dimension === "total").map((r) => r.visitors));
  return {
    figures: [
      { label: "Page views", unit: "count", value: views(now), previous: views(before) },
      { label: "Visitors (daily, added up)", unit: "count", value: visitors(now), previous: visitors(before) },
    ],
    charts: [
      traffic,
      rank("top-pages", "Top pages", `The ${TOP} most-read pages.`, "Page", "path"),
      rank("referrers", "Where visitors came from", `Other websites that sent the most visitors (the ${TOP} first).`, "Website", "referrer"),
      rank("campaigns", "Campaign tags", "Page views that arrived through a link with a utm_campaign tag.", "Campaign", "utm_campaign"),
      devices,
    ],
  };
}

export async function report(name: ReportName, period: Period): Promise<Report> {
  if (name === "money") return moneyReport(period);
  if (name === "events") return eventsReport(period);
  if (name === "supporters") return supportersReport(period);
  return websiteReport(period);
}
