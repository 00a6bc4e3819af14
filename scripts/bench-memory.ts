/**
 * Where the uncached server's memory goes: starts the built server (`npm run build` first)
 * with PAGE_CACHE=off, as `npm run bench` does for its uncached runs, loads `/events/1`
 * with autocannon (50 connections, BENCH_DURATION s, BENCH_UNCACHED_RUNS runs, server and
 * client sharing the cores), and samples the server's /proc/<pid>/status and
 * smaps_rollup every 100 ms. Late in the last run (at 70% of its time) it asks V8 for a
 * heap snapshot (the server runs with --heapsnapshot-signal=SIGUSR2; the snapshot costs
 * memory of its own, so sampling stops there) and then
 * summarises the snapshot by constructor, so the JavaScript heap can be told from native
 * memory and what holds the heap named.
 *
 *   npm run bench:memory                       prints the figures and the top constructors
 *   BENCH_SNAPSHOT=0 node scripts/bench-memory.ts   only the figures (no snapshot)
 *   BENCH_NODE_ARGS="--flag" node scripts/bench-memory.ts   the server with extra V8 flags
 *   BENCH_SNAPSHOT_FILE=/tmp/x.heapsnapshot ...      keeps the snapshot
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { load, log, startServer, get, type Load } from "./bench-lib.ts";

const PAGE = "/events/1";
const RUNS = Math.max(1, Number(process.env.BENCH_UNCACHED_RUNS ?? 3));
const SNAPSHOT = process.env.BENCH_SNAPSHOT !== "0";

interface Sample {
  rssKb: number;
  hwmKb: number;
  rollup: Record<string, number>;
}

function sample(pid: number): Sample | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const rollup: Record<string, number> = {};
    for (const line of fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").split("\n")) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m) rollup[m[1]] = Number(m[2]);
    }
    return { rssKb: field("VmRSS"), hwmKb: field("VmHWM"), rollup };
  } catch {
    return null;
  }
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** The snapshot's self sizes summed by node type and constructor name: the heap's largest holders. */
export function summariseSnapshot(file: string, top = 25): string {
  const snap = JSON.parse(fs.readFileSync(file, "utf8")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const types = snap.snapshot.meta.node_types[0];
  const groups = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]];
    const name = type === "object" || type === "native" || type === "closure" ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`;
    const bytes = snap.nodes[i + sizeAt];
    total += bytes;
    const key = `${type}: ${name.slice(0, 80)}`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += bytes;
    groups.set(key, group);
  }
  const rows = [...groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top);
  return [
    `heap snapshot: ${(total / 1048576).toFixed(1)} MB in ${(snap.nodes.length / width).toLocaleString("en-GB")} objects`,
    ...rows.map(([key, g]) => `  ${(g.bytes / 1048576).toFixed(2).padStart(7)} MB ${String(g.count).padStart(8)}  ${key}`),
  ].join("\n");
}

/**
 * V8's heap from its --trace-gc lines ("Scavenge 60.1 (75.2) -> 52.3 (76.0) MB"): the most
 * the heap held before a collection, the most it had committed, what full collections left.
 */
export function gcSummary(output: string): string {
  const lines = [...output.matchAll(/(Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep)[^\d]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g)];
  if (lines.length === 0) return "no --trace-gc lines";
  const max = (values: number[]) => Math.max(...values).toFixed(1);
  const full = lines.filter((m) => m[1].startsWith("Mark"));
  return [
    `V8 heap (--trace-gc, ${lines.length} collections, ${full.length} full): at most ${max(lines.map((m) => Number(m[2])))} MB used before a collection, ${max(lines.map((m) => Number(m[3])))} MB committed`,
    full.length ? `  full collections left ${full.slice(-5).map((m) => m[4]).join(", ")} MB live (the last five)` : "",
  ].join("\n");
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-memory-"));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const server = await startServer(dataDir, { PAGE_CACHE: "off" }, null, ["--trace-gc", `--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${tmp}`, ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)]);
  const loadBefore = os.loadavg()[0];
  try {
    for (let i = 0; i < 20; i++) await get(server.origin + PAGE);
    const start = sample(server.pid);
    log(`after 20 warm-up requests: RSS ${mb(start?.rssKb ?? 0)}`);
    let peak: Sample | null = null;
    let snapshotAt: Sample | null = null;
    const runs: Load[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const last = run === RUNS;
      const timer = setInterval(() => {
        if (snapshotAt) return;
        const s = sample(server.pid);
        if (!s) return;
        if (!peak || s.rssKb > peak.rssKb) peak = s;
      }, 100);
      // In the last run, once the load has run for most of its time, snapshot at the RSS reached so far.
      const snap = last && SNAPSHOT
        ? setTimeout(() => {
            snapshotAt = sample(server.pid);
            process.kill(server.pid, "SIGUSR2");
          }, Number(process.env.BENCH_DURATION ?? 10) * 700)
        : null;
      runs.push(await load(server.origin + PAGE, null));
      clearInterval(timer);
      if (snap) clearTimeout(snap);
      log(`run ${run}: ${runs.at(-1)!.rps.toFixed(0)} req/s, peak so far ${mb((peak as Sample | null)?.rssKb ?? 0)}`);
    }
    const end = sample(server.pid);
    const p = peak as Sample | null;
    console.log(`\nload average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after; ${RUNS} runs: ${runs.map((r) => r.rps.toFixed(0)).join(", ")} req/s`);
    console.log(`VmHWM ${mb(end?.hwmKb ?? 0)} (what npm run bench reports; includes the snapshot's own cost when one was taken)`);
    if (p) {
      console.log(`highest sampled RSS before the snapshot: ${mb(p.rssKb)}; smaps_rollup then: Anonymous ${mb(p.rollup.Anonymous ?? 0)}, file-backed ${mb((p.rollup.Rss ?? 0) - (p.rollup.Anonymous ?? 0))}`);
    }
    console.log(gcSummary(server.output()));
    const at = snapshotAt as Sample | null;
    if (at) console.log(`at the snapshot: RSS ${mb(at.rssKb)}, Anonymous ${mb(at.rollup.Anonymous ?? 0)}`);
    if (SNAPSHOT) {
      // The snapshot is written after the signal; wait for the file to be complete.
      let file: string | undefined;
      for (let i = 0; i < 600 && !file; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const found = fs.readdirSync(tmp).find((f) => f.endsWith(".heapsnapshot"));
        if (found) {
          const size = fs.statSync(path.join(tmp, found)).size;
          await new Promise((r) => setTimeout(r, 1000));
          if (fs.statSync(path.join(tmp, found)).size === size && size > 0) file = path.join(tmp, found);
        }
      }
      if (file) {
        const keep = process.env.BENCH_SNAPSHOT_FILE;
        if (keep) fs.copyFileSync(file, keep);
        console.log(summariseSnapshot(file));
      } else console.log("no heap snapshot written");
    }
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
