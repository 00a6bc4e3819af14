/** What the benchmark scripts share: the server, nginx, HTTP and load helpers. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { serverArgs, serverEnv } from "../server/command.ts";
import { nginxBinary, startNginx, type Nginx } from "./nginx.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = 50;

export const cpuCount = os.cpus().length;
export const canPin = cpuCount >= 2 && spawnSync("taskset", ["--version"]).status === 0;
export const serverCpus = canPin ? "0" : null;
export const loadCpus = canPin ? (cpuCount > 2 ? `1-${cpuCount - 1}` : "1") : null;
const pinned = (cpus: string | null, command: string, args: string[]): [string, string[]] =>
  cpus ? ["taskset", ["-c", cpus, command, ...args]] : [command, args];

export function log(message: string) {
  console.log(`[bench] ${message}`);
}

// ---------------------------------------------------------------------------------------
// Server

export interface Server {
  origin: string;
  pid: number;
  /** Everything the server has printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(dataDir: string, env: Record<string, string>, cpus = serverCpus, nodeArgs: string[] = []): Promise<Server> {
  // Extra flags go after the serve script's, so a flag given twice takes the extra value.
  const serve = serverArgs();
  const [command, args] = pinned(cpus, process.execPath, [...serve.slice(0, -1), ...nodeArgs, ...serve.slice(-1)]);
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...serverEnv(), NODE_ENV: "production", LOG_LEVEL: "warn", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const poll = setInterval(() => {
      const match = /Millbrook Community Foundation: (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    origin,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Peak resident memory of a process (kB → MB), from /proc. */
export function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far (user and system, in ms, from /proc), or null. Per
 * request, it is the measure other work on the machine moves least: requests a second
 * fall when the process waits for a core, its CPU time per request much less.
 */
export function cpuMs(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The static nginx's worker process (the one that serves; the master only watches it), or null. */
export function staticNginxWorker(tmp: string): number | null {
  try {
    const master = Number(fs.readFileSync(path.join(tmp, "nginx", "nginx.pid"), "utf8"));
    return Number(fs.readFileSync(`/proc/${master}/task/${master}/children`, "utf8").trim().split(/\s+/)[0]) || null;
  } catch {
    return null;
  }
}

/**
 * The static reference: Debian's nginx with one worker serving the rendered pages from a
 * folder, pinned to the server's CPU like the app. Returns null when nginx is not installed.
 */
export async function startStaticNginx(staticDir: string, tmp: string): Promise<Nginx | null> {
  if (!nginxBinary()) return null;
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  return startNginx({
    prefix: path.join(tmp, "nginx"),
    port,
    server: `root ${staticDir};\n    default_type text/html;`,
    readyPath: "/",
    wrap: (command, args) => pinned(serverCpus, command, args),
  });
}

/** A Markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

// ---------------------------------------------------------------------------------------
// HTTP helpers

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

export function decode(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body);
  if (encoding === "gzip") return zlib.gunzipSync(response.body);
  return response.body;
}

// ---------------------------------------------------------------------------------------
// Load (autocannon in its own process, on its own CPU)

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export function load(
  url: string,
  cpus = loadCpus,
  options: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const bin = path.join(root, "node_modules/autocannon/autocannon.js");
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}=${value}`]);
  const [command, args] = pinned(cpus, process.execPath, [
    bin,
    ...["-c", String(options.connections ?? CONNECTIONS), "-d", String(options.duration ?? DURATION), "-j"],
    ...headers,
    url,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const r = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    });
  });
}

// ---------------------------------------------------------------------------------------
// Load with wrk (a second client, written in C: Debian's wrk package), on the same CPU as autocannon

/** wrk's binary (WRK_PATH, default /usr/bin/wrk), or null when it is not installed. */
export function wrkBinary(): string | null {
  const binary = process.env.WRK_PATH ?? "/usr/bin/wrk";
  return fs.existsSync(binary) ? binary : null;
}

/** wrk's durations ("812.00us", "2.10ms", "1.02s") in milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "ms" ? n : m[2] === "s" ? n * 1000 : n * 60_000;
}

/** One wrk run: one thread, CONNECTIONS connections, DURATION seconds, HTTP/1.1 keep-alive, no Accept-Encoding (like autocannon's runs). */
export function wrkLoad(url: string, cpus = loadCpus, options: { connections?: number; duration?: number } = {}): Promise<Load> {
  const binary = wrkBinary();
  if (!binary) return Promise.reject(new Error("wrk is not installed (apt-get install wrk)"));
  const [command, args] = pinned(cpus, binary, ["-t1", `-c${options.connections ?? CONNECTIONS}`, `-d${options.duration ?? DURATION}s`, "--latency", url]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      if (code !== 0 || !Number.isFinite(rps)) return reject(new Error(`wrk failed (${code}): ${err}${out}`));
      const percentile = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        rps,
        p50: percentile("50"),
        p99: percentile("99"),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
        errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
      });
    });
  });
}
