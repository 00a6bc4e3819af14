/**
 * Backups and restores: one .tar.gz holding the database and the uploaded files.
 *
 *   manifest.json               format, app version, time, tables (columns, rows),
 *                               sequences, applied migrations, files (size, sha256),
 *                               how many pending jobs
 *   database/<table>.copy       each application table in COPY text format
 *   pending-jobs.json           the work still to be done: queued mail and scheduled
 *                               news posts (waiting, retrying or running at the time), which
 *                               a restore queues again (the job queue's own tables are not kept)
 *   files/public/<key>          the public store (uploaded images)
 *   files/private/<key>         the private store (form submission files)
 *
 * The database is read in one REPEATABLE READ READ ONLY transaction, so every table comes
 * from the same snapshot while the site goes on writing; it is dumped in Node (COPY TO
 * STDOUT) rather than with pg_dump, whose version must match the server's
 * (docs/decisions/105-backups-logical-dump-in-node.md). Files go through the store
 * interface, so disk and S3-compatible stores are backed up and restored alike. With a
 * passphrase the archive is encrypted (backup-encryption.server.ts).
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { create as createTar, extract as extractTar } from "tar";
import type { Database } from "../db/client.server.ts";
import { migrationsFolder, runMigrations } from "../db/migrate.server.ts";
import { projectRoot } from "../lib/project-root.server.ts";
import { isValidKey, type FileStore } from "../storage/store.ts";
import { BackupDecryptionError, decryptBackup, isEncryptedBackup, writeEncrypted } from "./backup-encryption.server.ts";

const FORMAT = 1;

type StoreName = "public" | "private";
export type BackupStores = Record<StoreName, FileStore>;

export interface BackupManifest {
  format: number;
  appVersion: string;
  createdAt: string;
  tables: { name: string; columns: string[]; rows: number }[];
  /** Jobs in pending-jobs.json (absent in backups made before they were kept). */
  pendingJobs?: number;
  sequences: { name: string; value: string; isCalled: boolean }[];
  /** The applied migrations (drizzle's journal in the database): their hash and time stamp. */
  migrations: { hash: string; createdAt: string }[];
  files: { store: StoreName; key: string; size: number; sha256: string; contentType: string }[];
}

/** A backup or restore that cannot go ahead, with a message for the person running it. */
export class BackupError extends Error {}

export interface BackupOptions {
  /** Encrypts the archive (backup) or decrypts it (restore); BACKUP_PASSPHRASE. */
  passphrase?: string | undefined;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const columnList = (columns: string[]) => columns.map(ident).join(", ");

function appVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

/** A job still to be done when the backup was taken: queued again by a restore. */
interface PendingJob {
  name: string;
  data: object;
  /** Not before this time (ISO); a time already past means at once. */
  startAfter: string;
}

/**
 * The queues whose waiting jobs are work the site owes someone: mail (receipts,
 * confirmations, notices) and scheduled news posts. Periodic jobs are not kept: their
 * schedules run again on their own.
 */
const CARRIED_QUEUES = ["mail", "news-publish"];

/** Tables kept by triggers from other tables: a restore rebuilds them as it copies those in. */
const DERIVED_TABLES = ["donation_totals", "money_daily"];

async function applicationTables(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where n.nspname = 'public' and c.relkind = 'r' and c.relname <> all($1)
    group by c.relname
    order by c.relname`, [DERIVED_TABLES]);
  return rows;
}

/** Copies a stream to a file, returning its sha256 and size. */
async function saveWithHash(body: ReadableStream<Uint8Array>, file: string) {
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await fs.mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), tap, createWriteStream(file, { mode: 0o600 }));
  return { sha256: hash.digest("hex"), size };
}

/**
 * Writes a backup of the database behind `pool` and of the two stores to `outFile`
 * (written beside it first and renamed, so a failed backup leaves no half archive),
 * encrypted when a passphrase is given.
 */
export async function writeBackup(pool: pg.Pool, stores: BackupStores, outFile: string, options: BackupOptions = {}): Promise<BackupManifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "millbrook-backup-"));
  try {
    const manifest: BackupManifest = {
      format: FORMAT,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      tables: [],
      sequences: [],
      migrations: [],
      files: [],
    };
    await fs.mkdir(path.join(staging, "database"));
    const client = await pool.connect();
    try {
      await client.query("begin isolation level repeatable read read only");
      for (const table of await applicationTables(client)) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table.name)}`);
        const stream = client.query(copyTo(`copy ${ident(table.name)} (${columnList(table.columns)}) to stdout`));
        await pipeline(stream, createWriteStream(path.join(staging, "database", `${table.name}.copy`), { mode: 0o600 }));
        manifest.tables.push({ ...table, rows: Number(rows[0]!.n) });
      }
      const sequences = await client.query<{ name: string; value: string | null; is_called: boolean }>(`
        select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as is_called
        from pg_sequences where schemaname = 'public' order by sequencename`);
      manifest.sequences = sequences.rows.map((s) => ({ name: s.name, value: s.value!, isCalled: s.is_called }));
      const journal = await client.query<{ hash: string; created_at: string }>(
        `select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`,
      );
      manifest.migrations = journal.rows.map((m) => ({ hash: m.hash, createdAt: m.created_at }));
      // Jobs waiting, retrying or running now (one running is sent again after a restore:
      // a message twice is better than none), from the same snapshot.
      const queue = await client.query<{ present: boolean }>("select to_regclass('pgboss.job') is not null as present");
      const pending: PendingJob[] = [];
      if (queue.rows[0]!.present) {
        const jobs = await client.query<{ name: string; data: object; start_after: Date }>(
          `select name, data, start_after from pgboss.job where state in ('created', 'retry', 'active') and name = any($1) order by created_on`,
          [CARRIED_QUEUES],
        );
        for (const job of jobs.rows) pending.push({ name: job.name, data: job.data ?? {}, startAfter: new Date(job.start_after).toISOString() });
      }
      await fs.writeFile(path.join(staging, "pending-jobs.json"), JSON.stringify(pending), { mode: 0o600 });
      manifest.pendingJobs = pending.length;
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }

    // Files after the snapshot: one added since is kept (unused), one deleted since is missing (and not needed).
    for (const store of ["public", "private"] as const) {
      for await (const { key } of stores[store].list()) {
        const file = await stores[store].get(key);
        if (!file) continue;
        const saved = await saveWithHash(file.body, path.join(staging, "files", store, ...key.split("/")));
        manifest.files.push({ store, key, contentType: file.contentType, ...saved });
      }
    }

    await fs.writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    const partial = `${outFile}.partial`;
    const entries = ["manifest.json", "database", "pending-jobs.json", ...(manifest.files.length > 0 ? ["files"] : [])];
    if (options.passphrase) await writeEncrypted(createTar({ gzip: true, cwd: staging, portable: true }, entries), partial, options.passphrase);
    else await createTar({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, entries);
    await fs.rename(partial, outFile);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function readPendingJobs(file: string): Promise<PendingJob[]> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return []; // a backup made before pending jobs were kept
  }
  const jobs = JSON.parse(text) as PendingJob[];
  if (!Array.isArray(jobs) || jobs.some((j) => !CARRIED_QUEUES.includes(j.name) || typeof j.data !== "object" || Number.isNaN(Date.parse(j.startAfter)))) {
    throw new BackupError("The backup's pending-jobs.json cannot be read.");
  }
  return jobs;
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError("This is not a backup of this site (its manifest.json cannot be read).");
  }
  if (manifest.format !== FORMAT) {
    throw new BackupError(`This backup has format ${String(manifest.format)}; this version of the site reads format ${FORMAT}.`);
  }
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name)) throw new BackupError(`The backup names an unexpected table: ${table.name}`);
  }
  for (const file of manifest.files) {
    if (!isValidKey(file.key) || (file.store !== "public" && file.store !== "private")) {
      throw new BackupError(`The backup holds an unexpected file: ${file.store}/${file.key}`);
    }
  }
  return manifest;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/**
 * A copy of the migrations folder that stops at the backup's level (its last applied
 * migration), so the data is copied into the schema it was taken from. Refuses a backup
 * made by a newer version of the site (a migration this version does not have).
 */
async function migrationsUpTo(manifest: BackupManifest, into: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = manifest.migrations.find((m) => !known.has(Number(m.createdAt)));
  if (unknown) {
    throw new BackupError(
      `This backup was made by a newer version of the site (its database has a migration from ${new Date(Number(unknown.createdAt)).toISOString()} that this version does not know). Restore it with that version or a later one.`,
    );
  }
  const level = Math.max(0, ...manifest.migrations.map((m) => Number(m.createdAt)));
  const entries = journal.entries.filter((e) => e.when <= level);
  const folder = path.join(into, "migrations");
  await fs.mkdir(path.join(folder, "meta"), { recursive: true });
  await fs.writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await fs.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** Application tables ordered so that every table comes after the tables it refers to. */
async function foreignKeyOrder(client: pg.PoolClient, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new BackupError(`The tables ${path.join(", ")} refer to each other in a cycle.`);
    for (const edge of rows) if (edge.child === name) visit(edge.parent, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name, []);
  return ordered.filter((name) => names.includes(name));
}

/** The archive to read: `archive` itself, or its decrypted copy in `staging` when it is encrypted. */
async function decryptedArchive(archive: string, staging: string, passphrase: string | undefined): Promise<string> {
  const encrypted = await isEncryptedBackup(archive).catch((error: unknown) => {
    throw new BackupError(`Cannot read the archive ${archive}: ${(error as Error).message}`);
  });
  if (!encrypted) return archive;
  if (!passphrase) throw new BackupError(`${archive} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was changed.`);
  const out = path.join(staging, "archive.tar.gz");
  try {
    await decryptBackup(archive, out, passphrase);
  } catch (error) {
    if (error instanceof BackupDecryptionError) throw new BackupError(`Cannot decrypt ${archive}: ${error.message}. Nothing was changed.`);
    throw error;
  }
  return out;
}

/** Counts what the target database holds already: a restore goes only into an empty one. */
async function existingTables(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`
    select (select count(*) from pg_tables where schemaname = 'public')
         + (select count(*) from pg_tables where schemaname = 'drizzle') as n`);
  return Number(rows[0]!.n);
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: { restored: number; alreadyThere: number };
  /** Work still to be done at backup time, for the caller to queue again (requeueJobs). */
  pendingJobs: PendingJob[];
}

/**
 * Restores `archive` into the empty database behind `db`/`pool` and into the stores:
 * applies the migrations up to the backup's level, copies every table in one transaction
 * (tables in foreign-key order), sets the sequences, puts the files back (each checked
 * against its sha256), then applies the newer migrations of this version.
 */
export async function restoreBackup(db: Database, pool: pg.Pool, stores: BackupStores, archive: string, options: BackupOptions = {}): Promise<RestoreResult> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "millbrook-restore-"));
  try {
    const tarFile = await decryptedArchive(archive, staging, options.passphrase);
    try {
      await extractTar({ file: tarFile, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`Cannot read the archive ${archive}: ${(error as Error).message}`);
    }
    const manifestText = await fs.readFile(path.join(staging, "manifest.json"), "utf8").catch(() => {
      throw new BackupError(`${archive} is not a backup of this site (it has no manifest.json).`);
    });
    const manifest = parseManifest(manifestText);
    const listed = [
      ...manifest.tables.map((t) => path.join("database", `${t.name}.copy`)),
      ...manifest.files.map((f) => path.join("files", f.store, ...f.key.split("/"))),
    ];
    for (const entry of listed) {
      await fs.access(path.join(staging, entry)).catch(() => {
        throw new BackupError(`The backup is incomplete: ${entry}, listed in its manifest, is missing. Nothing was changed.`);
      });
    }
    const migrations = await migrationsUpTo(manifest, staging);

    const check = await pool.connect();
    try {
      const tables = await existingTables(check);
      if (tables > 0) {
        throw new BackupError(
          `The database is not empty (it has ${tables} tables). Restore into a fresh DATA_DIR (embedded database) or an empty database (DATABASE_URL); nothing was changed.`,
        );
      }
    } finally {
      check.release();
    }

    await runMigrations(db, pool, migrations);

    const client = await pool.connect();
    try {
      await client.query("begin");
      const present = new Set((await applicationTables(client)).map((t) => t.name));
      const missing = manifest.tables.find((t) => !present.has(t.name));
      if (missing) throw new BackupError(`The backup has a table this database lacks after its migrations: ${missing.name}`);
      // Migrations may write starting rows; the backup's rows replace them.
      const filled: string[] = [];
      for (const table of manifest.tables) {
        const { rows } = await client.query<{ any: boolean }>(`select exists (select from ${ident(table.name)}) as any`);
        if (rows[0]!.any) filled.push(table.name);
      }
      if (filled.length > 0) await client.query(`truncate ${filled.map(ident).join(", ")} cascade`);
      const byName = new Map(manifest.tables.map((t) => [t.name, t]));
      for (const name of await foreignKeyOrder(client, [...byName.keys()])) {
        const table = byName.get(name)!;
        const sink = client.query(copyFrom(`copy ${ident(name)} (${columnList(table.columns)}) from stdin`));
        await pipeline(createReadStream(path.join(staging, "database", `${name}.copy`)), sink);
      }
      for (const sequence of manifest.sequences) {
        await client.query("select setval($1::regclass, $2::bigint, $3)", [ident(sequence.name), sequence.value, sequence.isCalled]);
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }

    const files = { restored: 0, alreadyThere: 0 };
    for (const entry of manifest.files) {
      const store = stores[entry.store];
      if (await store.exists(entry.key)) {
        files.alreadyThere++;
        continue;
      }
      const data = await fs.readFile(path.join(staging, "files", entry.store, ...entry.key.split("/")));
      if (createHash("sha256").update(data).digest("hex") !== entry.sha256) {
        throw new BackupError(`The file ${entry.store}/${entry.key} in the backup is damaged (its sha256 does not match).`);
      }
      await store.put(entry.key, data, entry.contentType);
      files.restored++;
    }

    await runMigrations(db, pool);
    return { manifest, files, pendingJobs: await readPendingJobs(path.join(staging, "pending-jobs.json")) };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
