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
import { siteJobs } from "../app/jobs/jobs.server.ts";
import { requeueJobs } from "../app/jobs/queue.server.ts";
import { restoreBackup } from "../app/system/backup.server.ts";
import { commandConfig, commandFailure, runOnSite } from "./backup-command.ts";

const USAGE = "Usage: npm run restore -- FILE";
const fail = commandFailure("restore");

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
const config = commandConfig("restore");

await runOnSite("restore", config, async ({ db, pool, url, stores }) => {
  const { manifest, files, pendingJobs } = await restoreBackup(db, pool, stores, archive, { passphrase: config.BACKUP_PASSPHRASE });
  // Mail and scheduled posts still owed at backup time: queued again, sent once the site runs.
  const requeued = await requeueJobs(url, siteJobs(), pendingJobs);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}): ${manifest.tables.length} tables (${rows} rows), ${files.restored} files` +
      (files.alreadyThere > 0 ? ` (${files.alreadyThere} already in the store)` : "") +
      `; ${requeued} pending ${requeued === 1 ? "job" : "jobs"} (mail, scheduled posts) queued again, to run when the site starts.`,
  );
});
