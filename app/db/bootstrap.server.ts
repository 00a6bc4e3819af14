/**
 * Opens the database for a process: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL server under DATA_DIR. Then applies migrations, the first-start seed and the
 * media library's backfill.
 */
import type { AppConfig } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { prepareSecretKey } from "../lib/secret-box.server.ts";
import { connectDatabase, disconnectDatabase, type Database } from "./client.server.ts";
import { openEmbeddedDatabase } from "./embedded-postgres.server.ts";
import { backfillMedia } from "./media-backfill.server.ts";
import { runMigrations } from "./migrate.server.ts";
import { seedIfEmpty, seedNewSections } from "./seed.server.ts";

export interface OpenDatabase {
  db: Database;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export async function openDatabase(
  config: AppConfig,
  options: { mode: "own" | "attach"; seed?: boolean },
): Promise<OpenDatabase> {
  const embedded = !config.DATABASE_URL;
  // The key for secrets at rest, kept outside the database (a missing one stops the start here).
  prepareSecretKey(config, embedded);
  const opened = embedded
    ? await openEmbeddedDatabase({ dataDir: config.dataDir, mode: options.mode, port: config.EMBEDDED_PG_PORT })
    : { url: config.DATABASE_URL!, close: async () => {} };
  try {
    const { db, pool } = connectDatabase(opened.url);
    await runMigrations(db, pool);
    if (options.seed !== false) {
      if (await seedIfEmpty(db)) logger.info("sample content written (first start)");
      const sections = await seedNewSections(db);
      if (sections.length > 0) logger.info({ sections }, "starting content written");
      const added = await backfillMedia(db);
      if (added > 0) logger.info({ added }, "images and documents added to the media library");
    }
    return {
      db,
      url: opened.url,
      embedded,
      close: async () => {
        await disconnectDatabase();
        await opened.close();
      },
    };
  } catch (error) {
    await disconnectDatabase().catch(() => {});
    await opened.close().catch(() => {});
    throw error;
  }
}
