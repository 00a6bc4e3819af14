/**
 * `npm run bench:render`: the uncached render rate of public pages against
 * `express.static` serving the same bytes, in the same run, on the same server start.
 * The production server starts with PAGE_CACHE=off on a fresh database with the sample
 * content, pinned to CPU 0 (the load generator on CPU 1), like `npm run bench`'s uncached
 * row; each round loads the rendered page, then its bytes from /__bench-static, and the
 * ratio of each round is reported with the median (a busy machine moves the rates, far
 * less their ratio within a round). Also the server's CPU time per request and its peak
 * memory (VmHWM) at the end.
 *
 *   BENCH_RENDER_PAGES=/events/1,/   pages to measure (default /events/1)
 *   BENCH_RENDER_RUNS=3              rounds per page
 *   BENCH_DURATION=10                seconds per load run
 *   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   extra Node flags for the server
 *   BENCH_RENDER_SAVE=dir            write each page's HTML there (to compare before and after a change)
 *   BENCH_RENDER_STATIC=off          rendered pages only (for a CPU profile of renders alone)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuMs, DURATION, get, load, log, peakRssMb, startServer, table, type Load } from "./bench-lib.ts";

const pages = (process.env.BENCH_RENDER_PAGES ?? "/events/1").split(",").map((page) => page.trim()).filter(Boolean);
const runs = Math.max(1, Number(process.env.BENCH_RENDER_RUNS ?? 3));
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const fileName = (page: string) => (page === "/" ? "index" : page.slice(1).replaceAll(/[/?=&]/g, "-")) + ".html";
/** CPU time (ms) of a process's descendants (the embedded PostgreSQL), from /proc. */
function childrenCpuMs(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const descendants = new Set<number>([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (!descendants.has(parent) || descendants.has(child)) continue;
      descendants.add(child);
      grew = true;
    }
  }
  descendants.delete(pid);
  return [...descendants].reduce((sum, child) => sum + (cpuMs(child) ?? 0), 0);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const loadBefore = os.loadavg()[0];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-render-"));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, "data");
const staticDir = path.join(tmp, "static");
fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
fs.mkdirSync(staticDir, { recursive: true });
log(`starting the server with PAGE_CACHE=off${nodeArgs.length ? ` and ${nodeArgs.join(" ")}` : ""}...`);
const server = await startServer(dataDir, { PAGE_CACHE: "off", BENCH_STATIC_DIR: staticDir }, undefined, nodeArgs);
const rows: (string | number)[][] = [];
const startedRss = peakRssMb(server.pid);
try {
  for (const page of pages) {
    const response = await get(server.origin + page);
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    fs.writeFileSync(path.join(staticDir, fileName(page)), response.body);
    if (process.env.BENCH_RENDER_SAVE) {
      fs.mkdirSync(process.env.BENCH_RENDER_SAVE, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_RENDER_SAVE, fileName(page)), response.body);
    }
    for (let i = 0; i < 50; i++) await get(server.origin + page);
    const ratios: number[] = [];
    const cpuPerRender: number[] = [];
    const dbPerRender: number[] = [];
    const rounds: string[] = [];
    for (let i = 0; i < runs; i++) {
      const before = cpuMs(server.pid);
      const dbBefore = childrenCpuMs(server.pid);
      const rendered: Load = await load(server.origin + page);
      const after = cpuMs(server.pid);
      dbPerRender.push((childrenCpuMs(server.pid) - dbBefore) / (rendered.rps * DURATION));
      const staticLoad: Load =
        process.env.BENCH_RENDER_STATIC === "off" ? { ...rendered, rps: NaN } : await load(`${server.origin}/__bench-static/${fileName(page)}`);
      if (rendered.non2xx > 0) throw new Error(`${page}: ${rendered.non2xx} non-2xx answers`);
      ratios.push(rendered.rps / staticLoad.rps);
      if (before !== null && after !== null) cpuPerRender.push((after - before) / (rendered.rps * DURATION));
      rounds.push(`${Math.round(rendered.rps)}/${Math.round(staticLoad.rps)} (p99 ${rendered.p99} ms${rendered.errors ? `, ${rendered.errors} timeouts or errors` : ""})`);
      log(`${page} round ${i + 1}: rendered ${Math.round(rendered.rps)} req/s, express.static ${Math.round(staticLoad.rps)}: ${((rendered.rps / staticLoad.rps) * 100).toFixed(1)}%`);
    }
    rows.push([
      `\`${page}\``,
      `${(response.body.length / 1024).toFixed(1)} KB`,
      `${(median(ratios) * 100).toFixed(1)}% ${median(ratios) >= 0.2 ? "✅" : "❌"}`,
      cpuPerRender.length ? `${median(cpuPerRender).toFixed(2)} ms` : "",
      `${median(dbPerRender).toFixed(3)} ms`,
      rounds.join(", "),
    ]);
  }
} finally {
  const rss = peakRssMb(server.pid);
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(
    "\n" +
      table(["Page", "HTML", `Rendered/express.static, median of ${runs} (≥20%)`, "Server CPU per render (median)", "PostgreSQL CPU per render", "Rounds: rendered/static req/s"], rows) +
      `\n\nPeak server RSS (VmHWM): ${rss?.toFixed(0) ?? "?"} MB (target ≤250 MB); after the start, before any request: ${startedRss?.toFixed(0) ?? "?"} MB. Load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${os.loadavg()[0].toFixed(2)}.\n`,
  );
}
