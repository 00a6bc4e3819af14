/**
 * The visitor figures' jobs (docs/decisions/237): once a day is over its page views are
 * added up into visit_daily (the whole site, and by page, referrer site, campaign tag and
 * device), which the reports read; page views older than 13 months are deleted, their
 * daily totals kept.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { ukDate } from "../../lib/uk-time.ts";

export const VISIT_ROLLUP_JOB = "visit-rollup";

/** The daily totals' groups: the whole day, and the day by page, referrer site, utm source, utm campaign and device. */
export const GROUPING = sql`grouping sets ((day), (day, path), (day, referrer_host), (day, utm_source), (day, utm_campaign), (day, device))`;
/** Which group a row of GROUPING is. */
export const DIMENSION_OF = sql`case when grouping(path) = 0 then 'path' when grouping(referrer_host) = 0 then 'referrer' when grouping(utm_source) = 0 then 'utm_source'
  when grouping(utm_campaign) = 0 then 'utm_campaign' when grouping(device) = 0 then 'device' else 'total' end`;

/**
 * Adds up every finished day that has page views and no totals yet (whatever its order:
 * sample views or a restored backup may bring older days); returns the days added. Safe to
 * run twice at once (the lock).
 */
export async function rollupVisits(now = new Date()): Promise<number> {
  const today = ukDate(now);
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visit-rollup'))`);
    // The finished days that have page views but no totals yet (one index probe a day).
    const pending = await tx.execute<{ day: string }>(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series((select min(day) from page_views), ${today}::date - 1, interval '1 day') d
      where exists (select 1 from page_views v where v.day = d::date)
        and not exists (select 1 from visit_daily t where t.dimension = 'total' and t.day = d::date)`);
    const days = pending.rows.map((r) => r.day);
    if (days.length === 0) return 0;
    await tx.execute(sql`
      insert into visit_daily (day, dimension, value, views, visitors)
      select day, ${DIMENSION_OF}, coalesce(path, referrer_host, utm_source, utm_campaign, device, ''), count(*)::int, count(distinct visitor)::int
      from page_views
      where day = any(${`{${days.join(",")}}`}::date[])
      group by ${GROUPING}
      having grouping(path) + grouping(referrer_host) + grouping(utm_source) + grouping(utm_campaign) + grouping(device) = 5
          or coalesce(path, referrer_host, utm_source, utm_campaign, device) is not null
      on conflict do nothing`);
    return days.length;
  });
}

/** Deletes page views older than 13 months (their days' totals stay); returns how many. */
export async function prunePageViews(now = new Date()): Promise<number> {
  const today = ukDate(now);
  // Totals first, so no day is lost.
  await rollupVisits(now);
  const result = await getDb().execute(sql`
    delete from page_views v where v.day < (${today}::date - interval '13 months')::date
      and exists (select 1 from visit_daily t where t.dimension = 'total' and t.day = v.day)`);
  return result.rowCount ?? 0;
}

export async function runVisitJobs(now = new Date()): Promise<{ days: number; deleted: number }> {
  const days = await rollupVisits(now);
  const deleted = await prunePageViews(now);
  return { days, deleted };
}
