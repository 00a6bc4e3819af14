/**
 * Applies the generated SQL migrations in drizzle/ (idempotent). An advisory lock keeps
 * two processes starting at once from migrating together.
 */
import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { projectRoot } from "../lib/project-root.server.ts";
import type { Database } from "./client.server.ts";

const MIGRATIONS_LOCK = 727_001;
export const migrationsFolder = path.join(projectRoot, "drizzle");

export async function runMigrations(db: Database, pool: pg.Pool, folder = migrationsFolder) {
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]).catch(() => {});
    lock.release();
  }
}
