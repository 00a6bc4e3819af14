/**
 * Starts the production server for the browser tests on a fresh data folder
 * (E2E_DATA_DIR), so every run begins with exactly the sample content.
 * Needs `npm run build` first (scripts/test.ts does it).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readRunningCluster } from "../../app/db/embedded-postgres.server.ts";
import { serverArgs, serverEnv } from "../../server/command.ts";

const dataDir = process.env.DATA_DIR!;

// A server left from an interrupted run: stop its database before wiping the folder.
const leftover = readRunningCluster(path.join(dataDir, "pg"));
if (leftover) {
  process.kill(leftover.pid, "SIGINT");
  for (let i = 0; i < 100 && readRunningCluster(path.join(dataDir, "pg")); i++) await new Promise((r) => setTimeout(r, 100));
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });

const child = spawn(process.execPath, serverArgs(), { stdio: "inherit", env: { ...process.env, ...serverEnv() } });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code) => process.exit(code ?? 0));
