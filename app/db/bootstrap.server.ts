/**
 * Opens the database for a process: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL server under DATA_DIR. Then applies migrations, the first-start seed and the
 * sections added later (the sample content the caller passes: app/samples.server.ts
 * collects it) and the media library's backfill.
 */
import type pg from "pg";
import type { AppConfig } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { prepareSecretKey } from "../lib/secret-box.server.ts";
import { connectDatabase, disconnectDatabase, type Database } from "./client.server.ts";
import { openEmbeddedDatabase } from "./embedded-postgres.server.ts";
import { backfillMedia } from "./media-backfill.server.ts";
import { runMigrations } from "./migrate.server.ts";
import { seedIfEmpty, seedNewSections, type SampleSection } from "./seed.server.ts";

export interface OpenDatabase {
  db: Database;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export async function openDatabase(
  config: AppConfig,
  options: { mode: "own" | "attach"; seed: false } | { mode: "own" | "attach"; seed?: true; samples: readonly SampleSection[] },
): Promise<OpenDatabase> {
  // The key for secrets at rest, kept outside the database (a missing one stops the start here).
  prepareSecretKey(config, !config.DATABASE_URL);
  const opened = await connectOnly(config, options.mode);
  try {
    await runMigrations(opened.db, opened.pool);
    if (options.seed !== false) {
      if (await seedIfEmpty(opened.db, options.samples)) logger.info("sample content written (first start)");
      const sections = await seedNewSections(opened.db, options.samples);
      if (sections.length > 0) logger.info({ sections }, "starting content written");
      const added = await backfillMedia(opened.db);
      if (added > 0) logger.info({ added }, "images and documents added to the media library");
    }
    return opened;
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

/**
 * Connects to the database as it is: no migrations, no seed, no secret key (backup and
 * restore, which must leave a running site's database and a fresh one untouched).
 */
export async function connectOnly(config: AppConfig, mode: "own" | "attach"): Promise<OpenDatabase & { pool: pg.Pool }> {
  const embedded = !config.DATABASE_URL;
  const opened = embedded
    ? await openEmbeddedDatabase({ dataDir: config.dataDir, mode, port: config.EMBEDDED_PG_PORT })
    : { url: config.DATABASE_URL!, close: async () => {} };
  const { db, pool } = connectDatabase(opened.url);
  return {
    db,
    pool,
    url: opened.url,
    embedded,
    close: async () => {
      await disconnectDatabase().catch(() => {});
      await opened.close();
    },
  };
}
