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
import type { Job, PgBoss, Queue, SendOptions } from "pg-boss";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { logger } from "../lib/logger.server.ts";

/** pg-boss's schema, beside the site's tables in the same database. */
const QUEUE_SCHEMA = "pgboss";

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Runs one job; throwing fails the attempt (retried as the queue options say). */
  run(data: T, job: Job<T>): Promise<unknown>;
  /** Retries, backoff, retention for this queue's jobs; its policy ("exclusive": one waiting or active job per singleton key). */
  queue?: Pick<Queue, "policy" | "retryLimit" | "retryDelay" | "retryBackoff" | "retryDelayMax" | "deleteAfterSeconds" | "notify">;
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
    await boss.work<object>(job.name, { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, batchSize: 1 }, async ([item]) => {
      try {
        return await job.run(item.data, item);
      } catch (error) {
        logger.warn({ err: error, job: job.name, id: item.id }, "job failed");
        throw error;
      }
    });
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
  lastCompleted: Date | null;
}

/** Jobs per queue by state, and each queue's last completed run (read from pg-boss's tables). */
export async function queueStatus(names: string[]): Promise<QueueStatus[]> {
  const schema = sql.identifier(QUEUE_SCHEMA);
  const result = await getDb().execute<{ name: string; waiting: string; active: string; failed: string; last_completed: Date | string | null }>(sql`
    select name,
      count(*) filter (where state in ('created', 'retry')) as waiting,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed,
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

/** Deletes a failed job of queue `name`; false when there is no such failed job. */
export async function deleteFailedJob(name: string, id: string): Promise<boolean> {
  if (!UUID_RE.test(id)) return false;
  const result = await getDb().execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${name} and id = ${id}::uuid and state = 'failed'`);
  return (result.rowCount ?? 0) > 0;
}
