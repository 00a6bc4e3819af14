/**
 * npm run backup [-- --out FILE]
 *
 * Writes one archive (.tar.gz) with the database and the uploaded files (public and
 * private stores, on disk or in the bucket). Safe while the site runs: the database is
 * read from one consistent snapshot, and with the embedded database the script attaches
 * to the running server's PostgreSQL (or starts it for the time of the backup).
 * With BACKUP_PASSPHRASE set the archive is encrypted (AES-256-GCM, key from the
 * passphrase through scrypt); restore needs the same passphrase.
 * Default FILE: millbrook-backup-<date and time>.tar.gz (.tar.gz.enc when encrypted) in
 * the current folder.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { writeBackup } from "../app/system/backup.server.ts";
import { commandConfig, commandFailure, runOnSite } from "./backup-command.ts";

const USAGE = "Usage: npm run backup [-- --out FILE]";
const fail = commandFailure("backup");
const config = commandConfig("backup");

let out: string;
try {
  const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace(/-\d+Z$/, "Z");
  out = path.resolve(values.out ?? `millbrook-backup-${stamp}.tar.gz${config.BACKUP_PASSPHRASE ? ".enc" : ""}`);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

await runOnSite("backup", config, async ({ pool, stores }) => {
  const manifest = await writeBackup(pool, stores, out, { passphrase: config.BACKUP_PASSPHRASE });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written to ${out}${config.BACKUP_PASSPHRASE ? " (encrypted)" : ""}: ${manifest.tables.length} tables (${rows} rows), ${manifest.files.length} files.`,
  );
});
