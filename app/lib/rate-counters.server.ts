/**
 * Counters over a time window (rate_counters), each hit one atomic statement: the row is
 * locked by INSERT ... ON CONFLICT DO UPDATE, so parallel requests, in this process or
 * another one sharing the database, are counted one after the other and none of them can
 * slip between a check and a write. A hit after the window is over starts a new window.
 */
import { sql } from "drizzle-orm";
import { getDb, type Database } from "../db/client.server.ts";
import { rateCounters } from "../db/schema.ts";

export interface CounterHit {
  /** This hit's number in the current window (1 for the first). */
  count: number;
  windowStart: Date;
  /** The window this hit closed, when it started a new one. */
  previous: { count: number; windowStart: Date; meta: Record<string, unknown> | null } | null;
}

type Executor = Pick<Database, "execute">;

/** Counts one hit of `key` in a window of `windowSeconds`. */
export async function hitCounter(
  key: string,
  windowSeconds: number,
  options: { meta?: Record<string, unknown>; db?: Executor } = {},
): Promise<CounterHit> {
  const db = options.db ?? getDb();
  const meta = options.meta ? JSON.stringify(options.meta) : null;
  const result = await db.execute<{
    count: number;
    window_start: string | Date;
    prev_count: number | null;
    prev_start: string | Date | null;
    prev_meta: Record<string, unknown> | null;
    prev_expired: boolean | null;
  }>(sql`
    with prev as (
      select count, window_start, meta, window_start <= now() - make_interval(secs => window_seconds) as expired
      from ${rateCounters} where key = ${key} for update
    )
    insert into ${rateCounters} (key, window_start, window_seconds, count, meta)
    values (${key}, now(), ${windowSeconds}, 1, ${meta}::jsonb)
    on conflict (key) do update set
      count = case when ${rateCounters.window_start} <= now() - make_interval(secs => ${rateCounters.window_seconds}) then 1 else ${rateCounters.count} + 1 end,
      window_start = case when ${rateCounters.window_start} <= now() - make_interval(secs => ${rateCounters.window_seconds}) then now() else ${rateCounters.window_start} end,
      window_seconds = excluded.window_seconds,
      meta = coalesce(excluded.meta, ${rateCounters.meta})
    returning count, window_start,
      (select count from prev) as prev_count,
      (select window_start from prev) as prev_start,
      (select meta from prev) as prev_meta,
      (select expired from prev) as prev_expired`);
  const row = result.rows[0];
  return {
    count: Number(row.count),
    windowStart: new Date(row.window_start),
    previous:
      row.prev_expired && row.prev_count !== null && row.prev_start !== null
        ? { count: Number(row.prev_count), windowStart: new Date(row.prev_start), meta: row.prev_meta }
        : null,
  };
}

/** Gives back one hit of the current window (a request that turned out not to count). */
export async function releaseHit(key: string) {
  await getDb().execute(sql`update ${rateCounters} set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * Deletes every counter whose window is over and returns them (the housekeeping writes
 * the summaries of aggregated audit entries from what it gets back).
 */
export async function deleteFinishedCounters(): Promise<{ key: string; count: number; windowStart: Date; meta: Record<string, unknown> | null }[]> {
  const result = await getDb().execute<{ key: string; count: number; window_start: string | Date; meta: Record<string, unknown> | null }>(sql`
    delete from ${rateCounters}
    where window_start <= now() - make_interval(secs => window_seconds)
    returning key, count, window_start, meta`);
  return result.rows.map((r) => ({ key: r.key, count: Number(r.count), windowStart: new Date(r.window_start), meta: r.meta }));
}
