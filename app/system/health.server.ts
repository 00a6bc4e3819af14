import type pg from "pg";
import { getPool } from "../db/client.server.ts";

export const HEALTH_TIMEOUT_MS = 5_000;

export interface DatabaseHealth {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Runs `select 1` against the database, giving up after 5 seconds. */
export async function checkDatabase(timeoutMs = HEALTH_TIMEOUT_MS, pool: pg.Pool = getPool()): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      pool.query("select 1"),
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
