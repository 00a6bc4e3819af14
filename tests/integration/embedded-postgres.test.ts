/**
 * The embedded PostgreSQL lifecycle as a user meets it: data survives a restart, a
 * server killed with SIGKILL loses no acknowledged write and the next start recovers
 * by itself, and a script attaches to a running server instead of starting another.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { clusterDirFor, openEmbeddedDatabase, readRunningCluster } from "../../app/db/embedded-postgres.server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-lifecycle-"));
fs.chmodSync(dataDir, 0o755);

async function query(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

function startWriter(title: string): Promise<{ pid: number; id: number; killed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("tests/helpers/embedded-writer.ts"), title], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /written (\d+)/.exec(out);
      if (match) resolve({ pid: child.pid!, id: Number(match[1]), killed });
    });
    // Resolves once the child is gone and reaped (a killed but unreaped child still has a pid).
    const killed = new Promise<void>((done) => child.on("exit", () => done()));
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`writer exited early (${code}): ${out}`));
    });
  });
}

afterAll(async () => {
  const running = readRunningCluster(clusterDirFor(dataDir));
  if (running) process.kill(running.pid, "SIGINT");
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("keeps data across a clean restart", async () => {
    const first = await openEmbeddedDatabase({ dataDir, mode: "own" });
    await query(first.url, "create table if not exists notes (body text)");
    await query(first.url, "insert into notes values ('kept')");
    await first.close();
    expect(readRunningCluster(clusterDirFor(dataDir))).toBeNull();

    const second = await openEmbeddedDatabase({ dataDir, mode: "own" });
    expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    await second.close();
  });

  it("loses no acknowledged write when the server is killed with SIGKILL, and recovers on the next start", async () => {
    const writer = await startWriter("Survives kill -9");
    process.kill(writer.pid, "SIGKILL");
    await writer.killed;
    // The killed process left its PostgreSQL running: the next start must take over.
    expect(readRunningCluster(clusterDirFor(dataDir))).not.toBeNull();

    const reopened = await openEmbeddedDatabase({ dataDir, mode: "own" });
    const rows = await query(reopened.url, "select title from events where id = $1", [writer.id]);
    expect(rows).toEqual([{ title: "Survives kill -9" }]);
    await reopened.close();
  });

  it("attaches to a running server instead of starting a second one on the same data", async () => {
    const owner = await openEmbeddedDatabase({ dataDir, mode: "own" });
    const before = readRunningCluster(clusterDirFor(dataDir));
    const attached = await openEmbeddedDatabase({ dataDir, mode: "attach" });
    expect(readRunningCluster(clusterDirFor(dataDir))).toEqual(before);
    expect(await query(attached.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
    await attached.close();
    // Closing the attached handle leaves the owner's server running.
    expect(readRunningCluster(clusterDirFor(dataDir))).toEqual(before);
    await expect(openEmbeddedDatabase({ dataDir, mode: "own" })).rejects.toThrow(/already running/);
    await owner.close();
  });
});

const runsAsRoot = typeof process.getuid === "function" && process.getuid() === 0;

describe.runIf(runsAsRoot)("embedded PostgreSQL run as root with a DATA_DIR closed to other users", () => {
  // `mktemp -d` makes a folder of mode 700: PostgreSQL, which runs as the postgres user,
  // cannot pass through it to reach DATA_DIR/pg.
  const closedDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-closed-"));

  afterAll(async () => {
    const clusterDir = clusterDirFor(closedDir);
    const running = readRunningCluster(clusterDir);
    if (running) process.kill(running.pid, "SIGINT");
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(closedDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(clusterDir), { recursive: true, force: true });
  });

  it("starts on the first try, keeps the data across a restart, and leaves the folder's mode alone", async () => {
    expect(fs.statSync(closedDir).mode & 0o777).toBe(0o700);
    const first = await openEmbeddedDatabase({ dataDir: closedDir, mode: "own" });
    await query(first.url, "create table notes (body text)");
    await query(first.url, "insert into notes values ('kept')");
    await first.close();

    const second = await openEmbeddedDatabase({ dataDir: closedDir, mode: "own" });
    expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    await second.close();
    expect(fs.statSync(closedDir).mode & 0o777).toBe(0o700);
  });
});
