/**
 * What `npm run backup` and `npm run restore` share: the configuration, the database
 * (attached to the running embedded server, or DATABASE_URL), the two file stores, and
 * how a failure is reported (a BackupError's message as is, anything else with its stack;
 * exit code 2 for a wrong command line, 1 for a failed run).
 */
import type { Database } from "../app/db/client.server.ts";
import { connectOnly } from "../app/db/bootstrap.server.ts";
import { readConfig, type AppConfig } from "../app/lib/config.server.ts";
import { privateStore, publicStore } from "../app/storage/file-store.server.ts";
import { BackupError, type BackupStores } from "../app/system/backup.server.ts";
import type pg from "pg";

export function commandFailure(command: string) {
  return (message: string, code = 2): never => {
    console.error(`${command}: ${message}`);
    process.exit(code);
  };
}

/** The configuration, or the script ends with its problem. */
export function commandConfig(command: string): AppConfig {
  try {
    return readConfig();
  } catch (error) {
    return commandFailure(command)((error as Error).message);
  }
}

/** Runs `work` on the site's database and stores, then ends the process with its outcome. */
export async function runOnSite(
  command: string,
  config: AppConfig,
  work: (site: { db: Database; pool: pg.Pool; url: string; stores: BackupStores }) => Promise<void>,
): Promise<never> {
  const database = await connectOnly(config, "attach").catch((error: unknown) =>
    commandFailure(command)(`could not open the database: ${(error as Error).message}`, 1),
  );
  let exitCode = 0;
  try {
    await work({ db: database.db, pool: database.pool, url: database.url, stores: { public: publicStore(), private: privateStore() } });
  } catch (error) {
    console.error(`${command}: ${error instanceof BackupError ? error.message : (error as Error).stack}`);
    exitCode = 1;
  } finally {
    await database.close().catch(() => {});
  }
  process.exit(exitCode);
}
