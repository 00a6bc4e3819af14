/**
 * For browser tests that need a server of their own (fresh data folder, own port): a
 * real server process, started as `npm run serve` starts it (server/command.ts). Needs `npm run build`.
 * Without DATA_DIR in `env`, a temporary data folder is made and removed on stop.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverArgs, serverEnv } from "../../server/command.ts";

export interface OwnServer {
  origin: string;
  dataDir: string;
  /** The server process's id (for reading its memory). */
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Sends SIGTERM and waits for the process to end; its exit code. */
  stop: () => Promise<number | null>;
}

/** On a database of its own (DATABASE_URL) a production server needs a key for secrets at rest: one for all test servers. */
const TEST_SECRET_ENCRYPTION_KEY = Buffer.alloc(32, 42).toString("base64");

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const madeDataDir = env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-own-"));
  const dataDir = env.DATA_DIR ?? madeDataDir!;
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      ...serverEnv(),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: "0",
      ...(env.DATABASE_URL ? { SECRET_ENCRYPTION_KEY: TEST_SECRET_ENCRYPTION_KEY } : {}),
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const origin = await new Promise<string>((resolve, reject) => {
    const finish = () => {
      clearInterval(poll);
      clearTimeout(timer);
    };
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const poll = setInterval(() => {
      const match = /Millbrook Community Foundation: (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        finish();
        resolve(match[1]);
      }
    }, 50);
    child.on("exit", (code) => {
      finish();
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    origin,
    dataDir,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          if (madeDataDir) fs.rmSync(madeDataDir, { recursive: true, force: true });
          resolve(child.exitCode);
        };
        child.removeAllListeners("exit");
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.on("exit", done);
        child.kill("SIGTERM");
      }),
  };
}
