/**
 * The visitor figures' jobs (docs/decisions/237): once a day is over its page views are
 * added up into visit_daily (the whole site, and by page, referrer site, campaign tag and
 * device), which the reports read; page views older than 13 months are deleted, their
 * daily totals kept.
 */
import { sql } from "drizzle-orm";
import { ukToday } from "../../components/site/format.ts";
import { getDb } from "../../db/client.server.ts";

export const VISIT_ROLLUP_JOB = "visit-rollup";

/** Adds up every finished day not added up yet; returns the days added. Safe to run twice at once (the lock). */
export async function rollupVisits(now = new Date()): Promise<number> {
  const today = ukToday(now);
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visit-rollup'))`);
    const result = await tx.execute(sql`
      with rolled as (select coalesce(max(day), '1900-01-01'::date) as last from visit_daily where dimension = 'total')
      insert into visit_daily (day, dimension, value, views, visitors)
      select day,
        case when grouping(path) = 0 then 'path' when grouping(referrer_host) = 0 then 'referrer' when grouping(utm_source) = 0 then 'utm_source'
             when grouping(utm_campaign) = 0 then 'utm_campaign' when grouping(device) = 0 then 'device' else 'total' end,
        coalesce(path, referrer_host, utm_source, utm_campaign, device, ''),
        count(*)::int, count(distinct visitor)::int
      from page_views
      where day > (select last from rolled) and day < ${today}::date
      group by grouping sets ((day), (day, path), (day, referrer_host), (day, utm_source), (day, utm_campaign), (day, device))
      having grouping(day) = 0 and (
        (grouping(path) + grouping(referrer_host) + grouping(utm_source) + grouping(utm_campaign) + grouping(device) = 5)
        or coalesce(path, referrer_host, utm_source, utm_campaign, device) is not null)
      on conflict do nothing`);
    const days = await tx.execute<{ n: number }>(sql`select count(distinct day)::int as n from visit_daily where dimension = 'total' and day < ${today}::date`);
    void result;
    return days.rows[0].n;
  });
}

/** Deletes page views older than 13 months (their days' totals stay); returns how many. */
export async function prunePageViews(now = new Date()): Promise<number> {
  const today = ukToday(now);
  // Totals first, so no day is lost.
  await rollupVisits(now);
  const result = await getDb().execute(sql`
    delete from page_views where day < (${today}::date - interval '13 months')::date
      and day <= (select coalesce(max(day), '1900-01-01'::date) from visit_daily where dimension = 'total')`);
  return result.rowCount ?? 0;
}

export async function runVisitJobs(now = new Date()): Promise<{ days: number; deleted: number }> {
  const days = await rollupVisits(now);
  const deleted = await prunePageViews(now);
  return { days, deleted };
}
