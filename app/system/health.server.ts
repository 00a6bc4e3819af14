/**
 * Readiness for a load balancer (GET /healthz): the database, the file stores (each can
 * be written: a small file put and deleted, the answer kept a few seconds), the job queue
 * and the change feed (other instances' changes reach this one), each checked on its own
 * with a time limit, and the shutdown state. Any of them down, or the process shutting
 * down, makes the instance not ready (503).
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { getPool } from "../db/client.server.ts";
import { checkQueue } from "../jobs/queue.server.ts";
import { changeFeedHealth } from "../live/change-feed.server.ts";
import { privateStore, publicStore, type FileStore } from "../storage/file-store.server.ts";
import { shuttingDown } from "./lifecycle.server.ts";

const HEALTH_TIMEOUT_MS = 5_000;

export interface CheckResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Runs `check`, giving up after `timeoutMs`; how long it took and why it failed. */
async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : "unknown error",
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `select 1` against the database, giving up after 5 seconds. */
export function checkDatabase(timeoutMs = HEALTH_TIMEOUT_MS, pool?: pg.Pool): Promise<CheckResult> {
  return timed(() => (pool ?? getPool()).query("select 1"), timeoutMs);
}

/** How long a store's write check is trusted: a load balancer asks every few seconds. */
export const STORE_WRITE_CHECK_TTL_MS = 5_000;
const writeChecks = new WeakMap<FileStore, { at: number; result: Promise<void> }>();

/**
 * Can the store take a file? A small file is written under a key of its own and deleted
 * again (a read-only folder, a full disk, a bucket refusing writes all fail here). The
 * answer is kept for a few seconds, so frequent health checks do not each write.
 */
function checkStoreWritable(store: FileStore, now: number): Promise<void> {
  const kept = writeChecks.get(store);
  if (kept && now - kept.at < STORE_WRITE_CHECK_TTL_MS) return kept.result;
  const result = (async () => {
    const key = `health/probe-${randomBytes(8).toString("hex")}.png`;
    try {
      await store.put(key, PROBE, "image/png");
    } catch (error) {
      throw new Error(`cannot write: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await store.delete(key);
  })();
  result.catch(() => {});
  writeChecks.set(store, { at: now, result });
  return result;
}

/**
 * A store answers (a cheap question on every check: does a key that never exists exist?)
 * and can be written (checkStoreWritable, kept a few seconds).
 */
function checkStore(store: FileStore, timeoutMs = HEALTH_TIMEOUT_MS, now = Date.now()): Promise<CheckResult> {
  return timed(async () => {
    await store.exists("health/probe.webp");
    await checkStoreWritable(store, now);
  }, timeoutMs);
}
/** Eight bytes: the PNG signature (the store takes only accepted file types). */
const PROBE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Readiness {
  status: "ok" | "error";
  shuttingDown: boolean;
  database: CheckResult;
  storage: { ok: boolean; public: CheckResult; private: CheckResult };
  queue: CheckResult;
  changeFeed: { ok: boolean; error?: string };
}

/** Every part at once; `status` is "ok" only when all are up and no shutdown has begun. */
export async function checkReadiness(timeoutMs = HEALTH_TIMEOUT_MS): Promise<Readiness> {
  const [database, publicFiles, privateFiles, queue] = await Promise.all([
    checkDatabase(timeoutMs),
    checkStore(publicStore(), timeoutMs),
    checkStore(privateStore(), timeoutMs),
    timed(async () => {
      const queue = await checkQueue();
      if (!queue.ok) throw new Error(queue.error);
    }, timeoutMs),
  ]);
  const storage = { ok: publicFiles.ok && privateFiles.ok, public: publicFiles, private: privateFiles };
  const changeFeed = changeFeedHealth();
  const stopping = shuttingDown();
  const ok = database.ok && storage.ok && queue.ok && changeFeed.ok && !stopping;
  return { status: ok ? "ok" : "error", shuttingDown: stopping, database, storage, queue, changeFeed };
}
