/**
 * The job queue: pg-boss on the site's own PostgreSQL database, in its own schema
 * (`pgboss`), so every instance of the site shares one queue and each job runs once, on
 * whichever instance takes it. The process entry starts it with the job table
 * (app/jobs/jobs.server.ts); the domain only sends jobs (`enqueue`), which works from the
 * server entry and from the route bundle alike (the running queue is kept on globalThis,
 * like the database pool).
 *
 * Nothing here knows the jobs themselves, so the domain can import it without a cycle.
 */
import type { Job, JobResult, PgBoss, Queue, SendOptions } from "pg-boss";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { logger } from "../lib/logger.server.ts";

/** pg-boss's schema, beside the site's tables in the same database. */
const QUEUE_SCHEMA = "pgboss";

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Runs one job; throwing fails the attempt (retried as the queue options say). */
  run(data: T, job: Job<T>): Promise<unknown>;
  /**
   * Retries, backoff, retention for this queue's jobs; how long one may run
   * (expireInSeconds), and the heartbeat its worker keeps while it runs (heartbeatSeconds:
   * a job whose process died is handed back once the heartbeat is that late); its policy
   * ("exclusive": one waiting or active job per singleton key).
   */
  queue?: Pick<Queue, "retryLimit" | "retryDelay" | "retryBackoff" | "retryDelayMax" | "deleteAfterSeconds" | "notify" | "policy" | "expireInSeconds" | "heartbeatSeconds">;
  /**
   * Jobs of this queue run at once on each instance. When set, a worker takes a batch (as
   * many, at least two), runs that many at a time, settles each job on its own, and fetches
   * again at once while it finds a full batch, so a backlog drains without polling pauses.
   * Unset: one job at a time, each fetch after the polling interval unless a job was queued.
   */
  concurrency?: () => number;
  /** A cron expression (UTC): the job is sent on that schedule, once across all instances. */
  cron?: string;
  /** Also sent once when an instance starts (at most once in ten minutes across instances). */
  runAtStart?: boolean;
}

export interface QueueStartOptions {
  /** How often idle workers look for new jobs (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often the cron schedules are checked (seconds). */
  cronMonitorIntervalSeconds?: number;
  /**
   * How often expired jobs and jobs whose heartbeat stopped (their process died) are
   * handed back for a retry (seconds; default 10).
   */
  superviseIntervalSeconds?: number;
}

interface RunningQueue {
  boss: PgBoss;
  stopping: boolean;
  /** The last error pg-boss reported (a lost connection, a failed maintenance pass). */
  lastError: { at: Date; message: string } | null;
}

const KEY = Symbol.for("millbrook.queue");
type Holder = { [KEY]?: RunningQueue };
const holder = globalThis as Holder;

/**
 * Starts a queue on the database at `url`: creates pg-boss's schema on first use,
 * the queues of `jobs`, their workers and cron schedules. Returns the handle that stops it.
 */
export async function startQueue(url: string, jobs: JobDefinition[], options: QueueStartOptions = {}): Promise<{ boss: PgBoss; stop: (timeoutMs?: number) => Promise<void> }> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  // Loaded here, not with the module: the route bundle and the command-line scripts send
  // jobs through this module but never start a queue.
  const { PgBoss } = await import("pg-boss");
  const boss = new PgBoss({
    connectionString: url,
    schema: QUEUE_SCHEMA,
    application_name: "millbrook-jobs",
    max: 4,
    useListenNotify: true,
    registerInstance: false,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.max(1, Math.min(5, pollingIntervalSeconds)),
    // pg-boss's default is a minute for each: a dead worker's jobs come back sooner.
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 10,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 10,
  });
  const running: RunningQueue = { boss, stopping: false, lastError: null };
  boss.on("error", (error: Error) => {
    running.lastError = { at: new Date(), message: error.message };
    logger.warn({ err: error }, "job queue error");
  });
  await boss.start();
  for (const job of jobs) {
    const queueOptions = { notify: false, ...job.queue };
    await boss.createQueue(job.name, queueOptions);
    // Carries changed retry options to a queue made by an earlier version of the site
    // (its policy is fixed when it is created).
    const { policy: _policy, ...updatable } = queueOptions;
    await boss.updateQueue(job.name, updatable);
    const run = async (item: Job<object>) => {
      try {
        return await job.run(item.data, item);
      } catch (error) {
        logger.warn({ err: error, job: job.name, id: item.id }, "job failed");
        throw error;
      }
    };
    const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
    if (!job.concurrency) {
      await boss.work<object>(job.name, { ...polling, batchSize: 1 }, async ([item]) => run(item));
    } else {
      // Batches of at least two, so a full one is fetched again at once (pg-boss bursts only
      // then); within a batch, `concurrency` run at a time.
      const concurrency = Math.max(1, job.concurrency());
      await boss.work<object>(job.name, { ...polling, batchSize: Math.max(2, concurrency), burstWhenBatchFull: true, perJobResults: true }, async (items) => {
        const results: JobResult[] = [];
        let next = 0;
        const lane = async () => {
          while (next < items.length) {
            const item = items[next++];
            try {
              results.push({ id: item.id, status: "completed", output: toOutput(await run(item)) });
            } catch (error) {
              results.push({ id: item.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
        return results;
      });
    }
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
    else await boss.unschedule(job.name).catch(() => {});
    if (job.runAtStart) await boss.send(job.name, {}, { singletonKey: "start", singletonSeconds: 600 });
  }
  holder[KEY] = running;
  return {
    boss,
    stop: async (timeoutMs = 10_000) => {
      running.stopping = true;
      // Graceful: workers stop taking jobs and the running ones may finish within the
      // limit; a job still running then is handed back when its expiry passes.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
      if (holder[KEY] === running) delete holder[KEY];
    },
  };
}

/**
 * Queues `jobs` again on the database at `url` (a restore: the work a backup says was
 * still to be done), without running any: pg-boss's schema and the queues are made if
 * missing, and the server's workers send them once it starts. Returns how many were queued.
 */
export async function requeueJobs(url: string, definitions: JobDefinition[], jobs: { name: string; data: object; startAfter: string }[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const { PgBoss } = await import("pg-boss");
  const boss = new PgBoss({ connectionString: url, schema: QUEUE_SCHEMA, application_name: "millbrook-restore", max: 2, supervise: false, schedule: false, registerInstance: false });
  boss.on("error", (error: Error) => logger.warn({ err: error }, "job queue error"));
  await boss.start();
  try {
    let queued = 0;
    for (const definition of definitions.filter((d) => jobs.some((j) => j.name === d.name))) {
      await boss.createQueue(definition.name, { notify: false, ...definition.queue });
    }
    for (const job of jobs) {
      const startAfter = new Date(job.startAfter);
      if (await boss.send(job.name, job.data, startAfter.getTime() > Date.now() ? { startAfter } : {})) queued++;
    }
    return queued;
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** What a job's run returned, as pg-boss stores it (an object, or nothing). */
function toOutput(value: unknown): object | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "object" ? value : { value };
}

/**
 * Sends a job; the id, or null when this process runs no queue (a command-line script,
 * a test without one) or pg-boss dropped it as a duplicate (a singleton).
 */
export async function enqueue(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
  const running = holder[KEY];
  if (!running || running.stopping) return null;
  return running.boss.send(name, data, options);
}

/** Whether this process runs a queue that takes jobs. */
export function queueRunning(): boolean {
  const running = holder[KEY];
  return Boolean(running && !running.stopping);
}

export interface QueueHealth {
  ok: boolean;
  error?: string;
}

/** The queue as a load balancer should see it: running here and its schema reachable. */
export async function checkQueue(): Promise<QueueHealth> {
  const running = holder[KEY];
  if (!running) return { ok: false, error: "the job queue is not running" };
  if (running.stopping) return { ok: false, error: "the job queue is stopping" };
  try {
    await getDb().execute(sql`select 1 from ${sql.identifier(QUEUE_SCHEMA)}.version limit 1`);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "unknown error" };
  }
}

export interface QueueStatus {
  name: string;
  /** Created or waiting for a retry (including those deferred to a later time). */
  waiting: number;
  active: number;
  /** Failed after their last retry, still kept. */
  failed: number;
  /**
   * Active, but held by a process that seems gone: its heartbeat is late, or it has run
   * past its expiry. The queue hands them back by itself (heartbeat within a minute,
   * expiry at the next supervision); many, or for long, means no instance is supervising.
   */
  stuck: number;
  lastCompleted: Date | null;
}

/** Jobs per queue by state, and each queue's last completed run (read from pg-boss's tables). */
export async function queueStatus(names: string[]): Promise<QueueStatus[]> {
  const schema = sql.identifier(QUEUE_SCHEMA);
  const result = await getDb().execute<{ name: string; waiting: string; active: string; failed: string; stuck: string; last_completed: Date | string | null }>(sql`
    select name,
      count(*) filter (where state in ('created', 'retry')) as waiting,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed,
      count(*) filter (where state = 'active' and (
        (heartbeat_seconds is not null and coalesce(heartbeat_on, started_on) < now() - heartbeat_seconds * interval '1 second')
        or started_on < now() - expire_seconds * interval '1 second')) as stuck,
      max(completed_on) filter (where state = 'completed') as last_completed
    from ${schema}.job group by name`);
  const byName = new Map(result.rows.map((row) => [row.name, row]));
  return names.map((name) => {
    const row = byName.get(name);
    return {
      name,
      waiting: Number(row?.waiting ?? 0),
      active: Number(row?.active ?? 0),
      failed: Number(row?.failed ?? 0),
      stuck: Number(row?.stuck ?? 0),
      lastCompleted: row?.last_completed ? new Date(row.last_completed) : null,
    };
  });
}

export interface FailedJob<T> {
  id: string;
  data: T;
  /** The error of the last attempt. */
  error: string;
  failedAt: Date;
  attempts: number;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The jobs of queue `name` that failed after their last retry and are still kept, newest
 * first: the newest `limit`, or with `id` only that job (none for an id that is not one).
 */
export async function failedJobs<T>(name: string, { limit = 100, id }: { limit?: number; id?: string } = {}): Promise<FailedJob<T>[]> {
  if (id !== undefined && !UUID_RE.test(id)) return [];
  const result = await getDb().execute<{ id: string; data: T; output: unknown; completed_on: Date | string; retry_count: number }>(sql`
    select id, data, output, completed_on, retry_count from ${sql.identifier(QUEUE_SCHEMA)}.job
    where name = ${name} and state = 'failed' ${id === undefined ? sql`` : sql`and id = ${id}::uuid`}
    order by completed_on desc limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    data: row.data,
    error: errorText(row.output),
    failedAt: new Date(row.completed_on),
    attempts: row.retry_count + 1,
  }));
}

function errorText(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string") return output.message;
  return typeof output === "string" ? output : "unknown error";
}

/**
 * Sends a failed job of queue `name` to be run again (once more, at once). False when
 * there is no such failed job, or this process runs no queue.
 */
export async function retryFailedJob(name: string, id: string): Promise<boolean> {
  const running = holder[KEY];
  if (!UUID_RE.test(id) || !running || running.stopping) return false;
  // (pg-boss answers { affected }, which its typings leave out.)
  const response = (await running.boss.retry(name, [id])) as { affected?: number };
  return (response.affected ?? 0) > 0;
}

/**
 * Deletes the jobs of queue `name` whose data lists `hash` in its `about` array, in every
 * state (an erasure: waiting, retrying, failed and completed ones alike). How many went.
 */
export async function deleteJobsAbout(name: string, hash: string): Promise<number> {
  // A database whose queue never started (a command-line erasure on a fresh install) has no job table.
  const exists = await getDb().execute<{ table: string | null }>(sql`select to_regclass(${`${QUEUE_SCHEMA}.job`})::text as table`);
  if (!exists.rows[0]?.table) return 0;
  const result = await getDb().execute(
    sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${name} and jsonb_typeof(data->'about') = 'array' and data->'about' ? ${hash}`,
  );
  return result.rowCount ?? 0;
}

/** Deletes a failed job of queue `name`; false when there is no such failed job. */
export async function deleteFailedJob(name: string, id: string): Promise<boolean> {
  if (!UUID_RE.test(id)) return false;
  const result = await getDb().execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${name} and id = ${id}::uuid and state = 'failed'`);
  return (result.rowCount ?? 0) > 0;
}
