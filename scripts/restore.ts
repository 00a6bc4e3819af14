/**
 * npm run restore -- FILE
 *
 * Rebuilds a site from a backup made by `npm run backup`: into a fresh DATA_DIR (the
 * embedded database) or the empty database named by DATABASE_URL, and into the
 * configured file stores (disk or bucket). Refuses a database that is not empty.
 * Secrets at rest are encrypted with SECRET_ENCRYPTION_KEY (or DATA_DIR's key file),
 * which backups do not hold: give the restored site the old site's key. An encrypted
 * backup needs BACKUP_PASSPHRASE, the passphrase it was made with.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { connectOnly } from "../app/db/bootstrap.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { privateStore, publicStore } from "../app/storage/file-store.server.ts";
import { BackupError, restoreBackup } from "../app/system/backup.server.ts";

const USAGE = "Usage: npm run restore -- FILE";

function fail(message: string, code = 2): never {
  console.error(`restore: ${message}`);
  process.exit(code);
}

let archive: string;
try {
  const { values, positionals } = parseArgs({ options: { help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: true });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) fail(`name one backup file.\n${USAGE}`);
  archive = path.resolve(positionals[0]!);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

let config;
try {
  config = readConfig();
} catch (error) {
  fail((error as Error).message);
}

const database = await connectOnly(config, "attach").catch((error: unknown) =>
  fail(`could not open the database: ${(error as Error).message}`, 1),
);
let exitCode = 0;
try {
  const { manifest, files } = await restoreBackup(database.db, database.pool, { public: publicStore(), private: privateStore() }, archive, {
    passphrase: config.BACKUP_PASSPHRASE,
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}): ${manifest.tables.length} tables (${rows} rows), ${files.restored} files` +
      (files.alreadyThere > 0 ? ` (${files.alreadyThere} already in the store)` : "") +
      ".",
  );
} catch (error) {
  console.error(`restore: ${error instanceof BackupError ? error.message : (error as Error).stack}`);
  exitCode = 1;
} finally {
  await database.close().catch(() => {});
}
process.exit(exitCode);
