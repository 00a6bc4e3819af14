/**
 * Readiness for a load balancer (GET /healthz): the database, the file stores and the
 * job queue, each checked on its own with a time limit, and the shutdown state. Any of
 * them down, or the process shutting down, makes the instance not ready (503).
 */
import type pg from "pg";
import { getPool } from "../db/client.server.ts";
import { checkQueue } from "../jobs/queue.server.ts";
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

/** A cheap question to a store (does a key that never exists exist?): it answers, or it fails. */
function checkStore(store: FileStore, timeoutMs = HEALTH_TIMEOUT_MS): Promise<CheckResult> {
  return timed(() => store.exists("health/probe.webp"), timeoutMs);
}

export interface Readiness {
  status: "ok" | "error";
  shuttingDown: boolean;
  database: CheckResult;
  storage: { ok: boolean; public: CheckResult; private: CheckResult };
  queue: CheckResult;
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
  const stopping = shuttingDown();
  const ok = database.ok && storage.ok && queue.ok && !stopping;
  return { status: ok ? "ok" : "error", shuttingDown: stopping, database, storage, queue };
}
