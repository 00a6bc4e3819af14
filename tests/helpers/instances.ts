/**
 * Several instances of the site as production runs them: `startInstances(n)` starts n
 * production server processes (build/node/main.js, as `npm run serve` does; needs
 * `npm run build`) on one PostgreSQL database, with an S3-compatible server on loopback
 * for the files (S3_*), behind nginx on loopback as a round-robin load balancer
 * (TRUST_PROXY=1). The database is a fresh one on TEST_DATABASE_URL's server, or on an
 * embedded PostgreSQL server started for the purpose.
 *
 * Ports: the balancer on `basePort`, instance i on `basePort + 1 + i`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openEmbeddedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { projectRoot } from "../../app/lib/project-root.server.ts";
import { serverArgs, serverEnv } from "../../server/command.ts";
import { startNginx, type Nginx } from "../../scripts/nginx.ts";
import { startS3Server, type TestS3 } from "./s3-server.ts";

/** On a shared database a production server needs a key for secrets at rest: one for all instances. */
const SECRET_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

export interface Instance {
  name: string;
  origin: string;
  pid: number;
  output(): string;
  /** Sends `signal` (SIGTERM by default) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Instances {
  /** The load balancer's address: what visitors use. */
  origin: string;
  instances: Instance[];
  databaseUrl: string;
  s3: TestS3;
  stop(): Promise<void>;
}

async function freshDatabase(work: string): Promise<{ url: string; close(): Promise<void> }> {
  const name = `multi_${randomUUID().replaceAll("-", "")}`;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let embedded: { close(): Promise<void> } | undefined;
  if (!adminUrl) {
    const dataDir = path.join(work, "postgres");
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const opened = await openEmbeddedDatabase({ dataDir, mode: "own", database: "postgres" });
    adminUrl = opened.url;
    embedded = opened;
  }
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    close: async () => {
      await admin(`drop database if exists ${name} with (force)`).catch(() => {});
      await embedded?.close();
    },
  };
}

function startInstance(name: string, port: number, env: Record<string, string>, dataDir: string): Promise<Instance> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: projectRoot,
    env: { ...process.env, ...serverEnv(), NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise<Instance>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} did not start:\n${output}`)), 120_000);
    const poll = setInterval(() => {
      if (!/Millbrook Community Foundation: http/.test(output)) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({
        name,
        origin: `http://localhost:${port}`,
        pid: child.pid!,
        output: () => output,
        stop: (signal = "SIGTERM") =>
          new Promise<void>((done) => {
            child.removeAllListeners("exit");
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill(signal);
          }),
      });
    }, 50);
    child.once("exit", (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited (${code}):\n${output}`));
    });
  });
}

function startBalancer(work: string, port: number, upstreams: number[]) {
  return startNginx({
    prefix: path.join(work, "nginx"),
    port,
    readyPath: "/robots.txt",
    http: `upstream site {
    ${upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n    ")}
    keepalive 32;
  }`,
    server: `client_max_body_size 28m;
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }`,
  });
}

/** Starts `count` instances behind nginx (see the file comment). `env` is added to every instance's environment. */
export async function startInstances(count: number, options: { basePort: number; env?: Record<string, string> }): Promise<Instances> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-instances-"));
  fs.chmodSync(work, 0o755);
  const database = await freshDatabase(work);
  const s3 = await startS3Server();
  const ports = Array.from({ length: count }, (_, i) => options.basePort + 1 + i);
  // Behind a proxy in production, the site needs its public address (the balancer's).
  const env = { ...s3.env, DATABASE_URL: database.url, SECRET_ENCRYPTION_KEY, TRUST_PROXY: "1", PUBLIC_URL: `http://127.0.0.1:${options.basePort}`, ...options.env };
  let instances: Instance[] = [];
  let balancer: Nginx | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await s3.stop();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    // All at once, as a deployment starts them: the migrations run once, under their lock.
    const started = await Promise.allSettled(
      ports.map((port, i) => startInstance(String.fromCharCode(65 + i), port, env, path.join(work, `instance-${i}`))),
    );
    instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    balancer = await startBalancer(work, options.basePort, ports);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: balancer.origin, instances, databaseUrl: database.url, s3, stop };
}
