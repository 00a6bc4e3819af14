/**
 * npm run backup / npm run restore: a site with content, a submission with a private file
 * and an uploaded image is backed up, restored into an empty database and fresh stores,
 * and the copy has the same rows, sequences and files; the restored site reads its
 * content and the private file. A restore into a database that is not empty is refused
 * and changes nothing. The same archive restores into a fresh DATA_DIR (the embedded
 * database), and a backup taken there holds the same data.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { create, extract } from "tar";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, disconnectDatabase, getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { donations } from "../../app/features/giving/table.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { offlineGifts } from "../../app/features/offline-gifts/table.ts";
import { getPublicEvent } from "../../app/features/events/events.server.ts";
import { siteJobs } from "../../app/jobs/jobs.server.ts";
import { requeueJobs } from "../../app/jobs/queue.server.ts";
import { getSubmissionFile } from "../../app/features/submissions/inbox.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import { storeImage } from "../../app/storage/images.server.ts";
import type { BackupManifest } from "../../app/system/backup.server.ts";
import { submit } from "../helpers/submissions.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

const source = setupTestDatabase();

const temp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `millbrook-${name}-`));
  fs.chmodSync(dir, 0o755); // as root, the embedded PostgreSQL (user postgres) must enter it
  return dir;
};
const sourceDir = temp("backup-source");
const restoredDir = temp("backup-restored");
const embeddedDir = temp("backup-embedded");
const work = temp("backup-archives");
const archive = path.join(work, "site.tar.gz");
const targetName = `restore_${randomUUID().replaceAll("-", "")}`;
const adminUrl = () => inject("postgresAdminUrl");
const urlOf = (database: string) => Object.assign(new URL(adminUrl()), { pathname: `/${database}` }).toString();

const saved = { ...process.env };
let eventId = 0;
let imageUrl = "";
let submissionId = "";

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.resolve("scripts", script), ...args],
      { env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "warn", ...env }, encoding: "utf8", timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Every application table's rows (as JSON, sorted) and every sequence's value. */
async function snapshot(url: string) {
  const tables = await query<{ name: string }>(url, "select tablename as name from pg_tables where schemaname = 'public' order by 1");
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    rows[name] = (await query<{ row: string }>(url, `select to_jsonb(t)::text as row from "${name}" t`)).map((r) => r.row).sort();
  }
  const sequences = await query(url, "select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1");
  const migrations = await query(url, "select hash, created_at::text from drizzle.__drizzle_migrations order by created_at");
  return { rows, sequences, migrations };
}

/** Every file under a folder with its bytes (base64), by relative path. */
function filesUnder(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, entry);
    if (fs.statSync(file).isFile()) found[entry] = fs.readFileSync(file).toString("base64");
  }
  return found;
}

async function manifestOf(file: string): Promise<BackupManifest> {
  const dir = fs.mkdtempSync(path.join(work, "m-"));
  await extract({ file, cwd: dir }, ["manifest.json"]);
  return JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as BackupManifest;
}

beforeAll(async () => {
  process.env.DATA_DIR = sourceDir;
  delete process.env.UPLOADS_DIR;
  reloadConfig();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } }).png().toBuffer();
  imageUrl = await storeImage("events", new Uint8Array(png));
  const [event] = await getDb().select({ id: events.id }).from(events).orderBy(events.id).limit(1);
  eventId = event!.id;
  await getDb().update(events).set({ image: imageUrl }).where(eq(events.id, eventId));
  const reference = await submit("nomination");
  const [row] = await getDb().select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.reference, reference));
  submissionId = row!.id;
  // Gifts, so the tables kept by triggers (donation_totals, money_daily), left out of the
  // backup, must come back the same as the restore copies the gifts in.
  const [cheque] = await getDb()
    .insert(donations)
    .values([
      { reference: "MCF-BACKUP-1", amount_pence: 2_500, mode: "one-off", email: "cheque@example.org", paid_at: new Date("2026-03-02T12:00:00Z") },
      { reference: "MCF-BACKUP-2", amount_pence: 1_000, mode: "one-off", status: "refunded", email: "card@example.org", paid_at: new Date("2026-03-03T12:00:00Z"), refunded_at: new Date("2026-04-01T12:00:00Z") },
    ])
    .returning({ id: donations.id });
  await getDb().insert(offlineGifts).values({ donation_id: cheque!.id, method: "cheque", received_on: "2026-03-02", recorded_by: "treasurer@example.org" });
  // A receipt still waiting to be sent when the backup is taken.
  expect(await requeueJobs(source.url, siteJobs(), [{ name: "mail", data: PENDING_MAIL, startAfter: new Date().toISOString() }])).toBe(1);
}, 60_000);

const PENDING_MAIL = { to: "donor@example.org", subject: "Thank you for your donation", text: "Your receipt." };

afterAll(async () => {
  Object.assign(process.env, saved);
  reloadConfig();
  await stopListening();
  await query(adminUrl(), `drop database if exists ${targetName} with (force)`).catch(() => {});
  for (const dir of [sourceDir, restoredDir, embeddedDir, work]) fs.rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("backs up a site and restores it into an empty database and fresh stores, rows, sequences and files alike", async () => {
    const backup = await run("backup.ts", ["--out", archive], { DATABASE_URL: source.url, DATA_DIR: sourceDir });
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    const fileCount = Object.keys({ ...filesUnder(path.join(sourceDir, "uploads")), ...filesUnder(path.join(sourceDir, "private-uploads")) }).length;
    expect(fileCount).toBeGreaterThanOrEqual(2);
    expect(backup.out).toMatch(new RegExp(`^Backup written to .*site\\.tar\\.gz: \\d+ tables \\(\\d+ rows\\), ${fileCount} files\\.$`, "m"));

    const manifest = await manifestOf(archive);
    expect(manifest.format).toBe(1);
    expect(manifest.files.map((f) => `${f.store}/${f.key}`)).toContain(`public/${imageUrl.slice("/uploads/".length)}`);
    expect(manifest.files.filter((f) => f.store === "private")).toHaveLength(1);
    expect(manifest.tables.find((t) => t.name === "form_submissions")?.rows).toBeGreaterThanOrEqual(1);
    expect(manifest.pendingJobs).toBe(1);

    await query(adminUrl(), `create database ${targetName}`);
    const restore = await run("restore.ts", [archive], { DATABASE_URL: urlOf(targetName), DATA_DIR: restoredDir });
    expect(restore.err).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(`Restored the backup of ${manifest.createdAt}`);
    expect(restore.out).toContain(`${fileCount} files; 1 pending job (mail, scheduled posts) queued again, to run when the site starts.`);
    // The mail owed at backup time waits in the restored site's queue.
    expect(await query(urlOf(targetName), "select name, data, state from pgboss.job where name = 'mail'")).toEqual([{ name: "mail", data: PENDING_MAIL, state: "created" }]);

    expect(await snapshot(urlOf(targetName))).toEqual(await snapshot(source.url));
    expect(filesUnder(path.join(restoredDir, "uploads"))).toEqual(filesUnder(path.join(sourceDir, "uploads")));
    expect(filesUnder(path.join(restoredDir, "private-uploads"))).toEqual(filesUnder(path.join(sourceDir, "private-uploads")));
  }, 180_000);

  it("the restored site reads its content and its private file", async () => {
    await disconnectDatabase();
    connectDatabase(urlOf(targetName), { max: 2 });
    process.env.DATA_DIR = restoredDir;
    reloadConfig();
    const event = await getPublicEvent(eventId);
    expect(event?.image).toBe(imageUrl);
    const file = await getSubmissionFile(submissionId, 0);
    expect(file?.type).toBe("application/pdf");
    expect(await new Response(file!.body).text()).toContain("%PDF-1.4");
  });

  it("refuses a database that is not empty and changes nothing", async () => {
    const before = await snapshot(urlOf(targetName));
    const again = await run("restore.ts", [archive], { DATABASE_URL: urlOf(targetName), DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.err).toContain("restore: The database is not empty");
    expect(await snapshot(urlOf(targetName))).toEqual(before);

    const notABackup = path.join(work, "not-a-backup.tar.gz");
    fs.writeFileSync(notABackup, "hello");
    const bad = await run("restore.ts", [notABackup], { DATABASE_URL: urlOf(targetName), DATA_DIR: restoredDir });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("Cannot read the archive");

    // An archive that lost a file its manifest lists is refused before anything is written.
    const unpacked = fs.mkdtempSync(path.join(work, "cut-"));
    await extract({ file: archive, cwd: unpacked });
    const privateDir = path.join(unpacked, "files", "private", "submissions");
    fs.rmSync(path.join(privateDir, fs.readdirSync(privateDir)[0]!));
    const cut = path.join(work, "cut.tar.gz");
    await create({ gzip: true, file: cut, cwd: unpacked }, fs.readdirSync(unpacked));
    await query(adminUrl(), `create database ${targetName}_cut`);
    try {
      const incomplete = await run("restore.ts", [cut], { DATABASE_URL: urlOf(`${targetName}_cut`), DATA_DIR: path.join(work, "cut-data") });
      expect(incomplete.code).toBe(1);
      expect(incomplete.err).toMatch(/restore: The backup is incomplete: files\/private\/submissions\/.+, listed in its manifest, is missing\. Nothing was changed\./);
      expect(await query(urlOf(`${targetName}_cut`), "select tablename from pg_tables where schemaname = 'public'")).toEqual([]);
    } finally {
      await query(adminUrl(), `drop database if exists ${targetName}_cut with (force)`);
    }
  }, 120_000);

  it("restores into a fresh DATA_DIR with the embedded database, and backs that up again", async () => {
    const restore = await run("restore.ts", [archive], { DATA_DIR: embeddedDir });
    expect(restore.err).toBe("");
    expect(restore.code).toBe(0);
    const second = path.join(work, "again.tar.gz");
    const backup = await run("backup.ts", ["--out", second], { DATA_DIR: embeddedDir });
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    const [first, again] = [await manifestOf(archive), await manifestOf(second)];
    expect(again.tables).toEqual(first.tables);
    expect(again.sequences).toEqual(first.sequences);
    expect(again.migrations).toEqual(first.migrations);
    expect(again.files).toEqual(first.files);
  }, 180_000);

  it("with BACKUP_PASSPHRASE the archive is encrypted; restore needs the same passphrase and refuses a changed byte", async () => {
    const passphrase = "correct horse battery staple";
    const sealed = path.join(work, "sealed.tar.gz.enc");
    const backup = await run("backup.ts", ["--out", sealed], { DATABASE_URL: source.url, DATA_DIR: sourceDir, BACKUP_PASSPHRASE: passphrase });
    expect(backup.err).toBe("");
    expect(backup.out).toMatch(/^Backup written to .*sealed\.tar\.gz\.enc \(encrypted\): /m);
    const bytes = fs.readFileSync(sealed);
    expect(bytes.subarray(0, 6).toString("latin1")).toBe("MCFBAK");
    await expect(extract({ file: sealed, cwd: fs.mkdtempSync(path.join(work, "x-")) })).rejects.toThrow();

    const target = `${targetName}_sealed`;
    await query(adminUrl(), `create database ${target}`);
    try {
      const env = { DATABASE_URL: urlOf(target), DATA_DIR: path.join(work, "sealed-data") };
      const empty = async () => query(urlOf(target), "select tablename from pg_tables where schemaname = 'public'");

      const without = await run("restore.ts", [sealed], env);
      expect(without.code).toBe(1);
      expect(without.err).toContain("is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was changed.");
      const wrong = await run("restore.ts", [sealed], { ...env, BACKUP_PASSPHRASE: "not the passphrase at all" });
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain("the passphrase is wrong or the file was changed. Nothing was changed.");
      const changed = path.join(work, "changed.tar.gz.enc");
      const copy = Buffer.from(bytes);
      copy[Math.floor(copy.length / 2)]! ^= 1;
      fs.writeFileSync(changed, copy);
      const tampered = await run("restore.ts", [changed], { ...env, BACKUP_PASSPHRASE: passphrase });
      expect(tampered.code).toBe(1);
      expect(tampered.err).toContain("the passphrase is wrong or the file was changed");
      expect(await empty()).toEqual([]);

      const restore = await run("restore.ts", [sealed], { ...env, BACKUP_PASSPHRASE: passphrase });
      expect(restore.err).toBe("");
      expect(restore.code).toBe(0);
      expect(await snapshot(urlOf(target))).toEqual(await snapshot(source.url));
    } finally {
      await query(adminUrl(), `drop database if exists ${target} with (force)`);
    }
  }, 180_000);
});
