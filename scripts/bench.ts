/**
 * `npm run bench`: builds the site, starts the production server on a fresh embedded
 * database with the sample content, and measures in the same run:
 *   (a) cached public pages: requests/s, p50/p99 latency (autocannon, 50 connections)
 *   (b) the same bytes served as a plain static file by nginx, one worker (the reference),
 *       and by the same server through express.static (a second row, for comparison)
 *   (c) the ratio a/b against nginx, with autocannon and again with wrk (Debian's wrk
 *       package; the wrk columns are left empty without it)
 *   (d) compressed JavaScript and total transfer bytes of every public page (the sitemap's
 *       and a few more) and of the main admin screens (scripts/bench-weight.ts)
 *   (e) peak server memory (VmHWM of the server process)
 *   (f) Lighthouse scores (mobile) in Debian's Chromium
 *   (g) uncached render rate of /events/1 (a server start with PAGE_CACHE=off): on one
 *       core like the rest, then with both cores (the target's "on 2 cores")
 *   (h) the large site (scripts/bench-large.ts): the same pages and the admin screens on
 *       years of data
 *   (i) mail (scripts/bench-mail.ts): messages a second through the job queue to an SMTP
 *       server on loopback, and the time from queued to received
 *   (j) public p99 while an editor saves every second, against p99 without edits
 *       (scripts/bench-editing.ts)
 * Prints a table and writes bench/results.md.
 *
 *   BENCH_DURATION=10       seconds per load run
 *   BENCH_SKIP_BUILD=1      reuse the existing build
 *   BENCH_SKIP_LIGHTHOUSE=1 skip (f)
 *   BENCH_LIGHTHOUSE_RUNS=3 Lighthouse runs for each page (each figure's median is
 *                           reported), BENCH_LIGHTHOUSE_PAGES=/a,/b for some pages only
 *                           (scripts/bench-lighthouse.ts)
 *   BENCH_UNCACHED_RUNS=3   load runs per uncached setup (the median run by req/s is reported)
 *   CHROMIUM_PATH           Chromium binary (default /usr/bin/chromium)
 *   NGINX_PATH              nginx binary (default /usr/sbin/nginx, Debian's nginx-light)
 *   BENCH_SKIP_LARGE=1      skip the large-site part (scripts/bench-large.ts)
 *   BENCH_SKIP_INSTANCES=1  skip the two-instances part (scripts/bench-instances.ts)
 *   BENCH_SKIP_MAIL=1       skip the mail part (scripts/bench-mail.ts)
 *   BENCH_SKIP_EDITING=1    skip the editing part (scripts/bench-editing.ts)
 *   BENCH_EDITING_DURATION=60  seconds of each of its two load runs
 *   BENCH_SKIP_UNCACHED=1   skip (g), the uncached starts
 *   BENCH_SKIP_WEIGHTS=1    skip (d), the page weights (the throughput rows alone: with
 *                           the other skips, a quick before/after of the cached rows)
 *
 * One or more sections alone: `npm run bench -- --only lighthouse` (or BENCH_ONLY=lighthouse;
 * a comma-separated list of lighthouse, editing, large, instances, mail). It prints them and
 * replaces only those sections of bench/results.md; the throughput, weight and memory
 * sections need the whole run.
 *
 * On a 2-core machine the server (with its PostgreSQL child processes) is pinned to
 * CPU 0 and the load generator to CPU 1 (taskset), so neither starves the other.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverArgs, serverEnv } from "../server/command.ts";
import {
  canPin,
  CONNECTIONS,
  cpuCount,
  cpuMs,
  DURATION,
  get,
  load,
  loadCpus,
  log,
  peakRssMb,
  root,
  serverCpus,
  startStaticNginx,
  startServer,
  staticNginxWorker,
  table,
  wrkBinary,
  wrkLoad,
  type Load,
  type Server,
} from "./bench-lib.ts";
import { editingSection } from "./bench-editing.ts";
import { instancesSection } from "./bench-instances.ts";
import { largeSiteSection } from "./bench-large.ts";
import { mailSection } from "./bench-mail.ts";
import { ADMIN_JS_LIMIT, publicPagesToWeigh, publicWeightTable, weigh, weighWithPayments, type Weight } from "./bench-weight.ts";
import { lighthouseSection, MAIN_PAGES, spliceSection } from "./bench-lighthouse.ts";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { createSignedInAccount } from "../tests/helpers/staff.ts";

const PAGES = MAIN_PAGES;
// Admin screens weighed as an administrator (the news form is the one with the rich-text editor).
const ADMIN_PAGES = ["/admin/dashboard", "/admin/events", "/admin/events/new", "/admin/news", "/admin/news/new", "/admin/settings", "/admin/donations"];
const UNCACHED_PAGE = "/events/1";
// The uncached rate swings with other work on the machine: the median of a few runs.
const UNCACHED_RUNS = Math.max(1, Number(process.env.BENCH_UNCACHED_RUNS ?? 3));

// ---------------------------------------------------------------------------------------
// Sections run alone (--only)

const SECTIONS: Record<string, { skipEnv: string; run: () => Promise<string> }> = {
  lighthouse: { skipEnv: "BENCH_SKIP_LIGHTHOUSE", run: lighthouseSection },
  editing: { skipEnv: "BENCH_SKIP_EDITING", run: editingSection },
  large: { skipEnv: "BENCH_SKIP_LARGE", run: largeSiteSection },
  instances: { skipEnv: "BENCH_SKIP_INSTANCES", run: instancesSection },
  mail: { skipEnv: "BENCH_SKIP_MAIL", run: mailSection },
};

function onlySections(): string[] | null {
  const index = process.argv.indexOf("--only");
  const value = index >= 0 ? process.argv[index + 1] : process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length) ?? process.env.BENCH_ONLY;
  if (!value) return null;
  const names = value.split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(name in SECTIONS));
  if (unknown.length || !names.length) throw new Error(`--only takes ${Object.keys(SECTIONS).join(", ")} (comma-separated), not "${value}"`);
  return names;
}

/** Skipped by its BENCH_SKIP_… variable. */
const skip = (_name: string, env: string) => process.env[env] === "1";

async function runOnly(names: string[]) {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (npm run build)...");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
  }
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.trim();
  const commit = git(["rev-parse", "--short", "HEAD"]) + (git(["status", "--porcelain", "--untracked-files=no"]) ? " (with uncommitted changes)" : "");
  const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const file = path.join(root, "bench/results.md");
  let results = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n";
  for (const name of names) {
    const section = await SECTIONS[name]!.run();
    // The section says when and where it was measured, since the rest of the file may be older.
    const [heading, ...rest] = section.split("\n");
    const dated = [heading, "", `Run alone (\`npm run bench -- --only ${name}\`) on ${date}, commit ${commit}.`, ...rest].join("\n");
    console.log(`\n${dated}`);
    results = spliceSection(results, dated);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, results);
  log(`${names.join(", ")}: written into bench/results.md`);
}

// ---------------------------------------------------------------------------------------
// Run

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const fileName = (page: string) => (page === "/" ? "index" : page.slice(1).replaceAll("/", "-")) + ".html";

async function main() {
  const only = onlySections();
  if (only) return runOnly(only);
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (npm run build)...");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("build failed");
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-"));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  const staticDir = path.join(tmp, "static");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  fs.mkdirSync(staticDir, { recursive: true });

  // Uncached: once with the server on one core (pinned, like the cached runs), once with
  // the server and the load generator sharing both cores (the target's "on 2 cores").
  const uncached: { label: string; load: Load; runs: Load[]; checked: boolean; pinned: boolean }[] = [];
  let uncachedRss: number | null | undefined;
  const cached = new Map<string, Load>();
  const reference = new Map<string, Load>();
  const nginxReference = new Map<string, Load>();
  const wrkCached = new Map<string, Load>();
  const wrkNginx = new Map<string, Load>();
  // Server CPU time per request (ms) in the autocannon runs: the app's process, and nginx's worker.
  const cpuCached = new Map<string, number>();
  const cpuNginx = new Map<string, number>();
  // The same in the wrk runs.
  const wrkCpuCached = new Map<string, number>();
  const wrkCpuNginx = new Map<string, number>();
  /** Runs `measure` and records the CPU time `pid` used per request meanwhile. */
  const withCpu = async (pid: number | null, into: Map<string, number>, page: string, measure: () => Promise<Load>) => {
    const before = cpuMs(pid);
    const result = await measure();
    const after = cpuMs(pid);
    if (before !== null && after !== null && result.rps > 0) into.set(page, (after - before) / (result.rps * DURATION));
    return result;
  };
  const wrk = wrkBinary();
  const statuses = new Map<string, number>();
  const weights = new Map<string, Weight>();
  const adminWeights = new Map<string, Weight>();
  let peakRss: number | null | undefined;

  // (g) Uncached render: a server with the page cache switched off.
  const uncachedSetups = [
    { label: canPin ? "one core (server on CPU 0, load generator on CPU 1)" : "unpinned", serverCpus, loadCpus, checked: !canPin },
    ...(canPin ? [{ label: `${cpuCount} cores (server and load generator share them)`, serverCpus: null, loadCpus: null, checked: true }] : []),
  ];
  let server: Server;
  for (const setup of process.env.BENCH_SKIP_UNCACHED === "1" ? [] : uncachedSetups) {
    log(`starting the server with PAGE_CACHE=off on ${setup.label} (database in ${dataDir})...`);
    server = await startServer(dataDir, { PAGE_CACHE: "off" }, setup.serverCpus);
    try {
      for (let i = 0; i < 20; i++) await get(server.origin + UNCACHED_PAGE);
      log(`load: ${UNCACHED_PAGE} uncached`);
      const runs: Load[] = [];
      for (let i = 0; i < UNCACHED_RUNS; i++) runs.push(await load(server.origin + UNCACHED_PAGE, setup.loadCpus));
      runs.sort((a, b) => a.rps - b.rps);
      uncached.push({ label: setup.label, load: runs[Math.floor(runs.length / 2)]!, runs, checked: setup.checked, pinned: setup.serverCpus !== null });
      uncachedRss = Math.max(uncachedRss ?? 0, peakRssMb(server.pid) ?? 0) || null;
    } finally {
      await server.stop();
    }
  }

  log("starting the server with the page cache on...");
  server = await startServer(dataDir, { BENCH_STATIC_DIR: staticDir });
  try {
    for (const page of PAGES) {
      const response = await get(server.origin + page);
      statuses.set(page, response.status);
      fs.writeFileSync(path.join(staticDir, fileName(page)), response.body);
      for (let i = 0; i < 20; i++) await get(server.origin + page);
      await get(`${server.origin}/__bench-static/${fileName(page)}`);
    }
    const nginx = await startStaticNginx(staticDir, tmp);
    if (!nginx) log("nginx not found: install Debian's nginx-light for the static reference");
    const nginxWorker = nginx ? staticNginxWorker(tmp) : null;
    try {
      for (const page of PAGES) {
        log(`load: ${page} (page cache), then the same bytes from nginx and from express.static`);
        cached.set(page, await withCpu(server.pid, cpuCached, page, () => load(server.origin + page)));
        if (nginx) nginxReference.set(page, await withCpu(nginxWorker, cpuNginx, page, () => load(`${nginx.origin}/${fileName(page)}`)));
        reference.set(page, await load(`${server.origin}/__bench-static/${fileName(page)}`));
        if (wrk) {
          log(`load: ${page} (page cache), then the same bytes from nginx, with wrk`);
          wrkCached.set(page, await withCpu(server.pid, wrkCpuCached, page, () => wrkLoad(server.origin + page)));
          if (nginx) wrkNginx.set(page, await withCpu(nginxWorker, wrkCpuNginx, page, () => wrkLoad(`${nginx.origin}/${fileName(page)}`)));
        }
      }
    } finally {
      await nginx?.stop();
    }
    // Every public page (the sitemap's and a few more, scripts/bench-weight.ts).
    const weighPages = process.env.BENCH_SKIP_WEIGHTS === "1" ? [] : await publicPagesToWeigh(server.origin);
    for (const page of weighPages) weights.set(page, await weigh(server.origin, page));
    if (process.env.BENCH_SKIP_WEIGHTS !== "1") {
      try {
        const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }), { mode: "attach", seed: false });
        try {
          const admin = await createSignedInAccount({ role: "administrator", email: "bench-weigh@example.org" });
          const cookie = `${admin.cookie.name}=${admin.cookie.value}`;
          for (const page of ADMIN_PAGES) adminWeights.set(page, await weigh(server.origin, page, { cookie, onDemand: true }));
        } finally {
          await database.close();
        }
      } catch (error) {
        log(`admin screens not weighed: ${String(error)}`);
      }
    }
    peakRss = peakRssMb(server.pid);
  } finally {
    await server.stop();
  }
  try {
    for (const [page, weight] of await weighWithPayments(dataDir)) weights.set(page, weight);
  } catch (error) {
    log(`pages with payments on not weighed: ${String(error)}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const editing = process.env.BENCH_SKIP_EDITING === "1" ? "## Public latency while an editor saves every second\n\nskipped (BENCH_SKIP_EDITING=1)\n" : await editingSection();
  const largeSite = process.env.BENCH_SKIP_LARGE === "1" ? "## Large site\n\nskipped (BENCH_SKIP_LARGE=1)\n" : await largeSiteSection();
  const instances = process.env.BENCH_SKIP_INSTANCES === "1" ? "## Two instances behind nginx\n\nskipped (BENCH_SKIP_INSTANCES=1)\n" : await instancesSection();
  const mail = process.env.BENCH_SKIP_MAIL === "1" ? "## Mail\n\nskipped (BENCH_SKIP_MAIL=1)\n" : await mailSection();

  // Report
  const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.trim();
  const commit = git(["rev-parse", "--short", "HEAD"]) + (git(["status", "--porcelain", "--untracked-files=no"]) ? " (with uncommitted changes)" : "");
  const cpus = os.cpus();
  const machine = `${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.platform()} ${os.release()}`;
  const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";

  const pass = (ok: boolean) => (ok ? "✅" : "❌");
  const throughputRows = PAGES.map((page) => {
    const a = cached.get(page)!;
    const n = nginxReference.get(page);
    const b = reference.get(page)!;
    const ratio = n ? a.rps / n.rps : null;
    const wa = wrkCached.get(page);
    const wn = wrkNginx.get(page);
    const wrkRatio = wa && wn ? wa.rps / wn.rps : null;
    const cpuA = cpuCached.get(page);
    const cpuN = cpuNginx.get(page);
    const wrkCpuA = wrkCpuCached.get(page);
    const wrkCpuN = wrkCpuNginx.get(page);
    const failures = [a, b, ...(n ? [n] : []), ...(wa ? [wa] : []), ...(wn ? [wn] : [])].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    return [
      `\`${page}\``,
      statuses.get(page) ?? "?",
      Math.round(a.rps),
      ms(a.p50),
      `${ms(a.p99)} ${pass(a.p99 < 20)}`,
      n ? Math.round(n.rps) : "no nginx",
      n ? ms(n.p99) : "",
      ratio === null ? "" : `${(ratio * 100).toFixed(0)}% ${pass(ratio >= 0.8)}`,
      wa ? `${Math.round(wa.rps)} (p99 ${ms(wa.p99)})` : "no wrk",
      wn ? `${Math.round(wn.rps)} (p99 ${ms(wn.p99)})` : "",
      wrkRatio === null ? "" : `${(wrkRatio * 100).toFixed(0)}% ${pass(wrkRatio >= 0.8)}`,
      Math.round(b.rps),
      ms(b.p99),
      `${((a.rps / b.rps) * 100).toFixed(0)}%`,
      cpuA && cpuN ? `${(cpuA * 1000).toFixed(0)} / ${(cpuN * 1000).toFixed(0)} µs: ${((cpuN / cpuA) * 100).toFixed(0)}% ${pass(cpuN / cpuA >= 0.8)}` : "",
      wrkCpuA && wrkCpuN ? `${(wrkCpuA * 1000).toFixed(0)} / ${(wrkCpuN * 1000).toFixed(0)} µs: ${((wrkCpuN / wrkCpuA) * 100).toFixed(0)}% ${pass(wrkCpuN / wrkCpuA >= 0.8)}` : "",
      failures > 0 ? `${failures} non-2xx or errors` : "",
    ];
  });
  const throughput = table(
    [
      "Page",
      "Status",
      "Cached req/s",
      "p50",
      "p99 (<20 ms)",
      "nginx req/s",
      "nginx p99",
      "Cached/nginx, autocannon (≥80%)",
      "wrk: cached req/s",
      "wrk: nginx req/s",
      "Cached/nginx, wrk (≥80%)",
      "express.static req/s",
      "express.static p99",
      "Cached/express.static",
      "CPU per request, cached / nginx: nginx's as a share of cached (≥80%)",
      "wrk: CPU per request, cached / nginx (≥80%)",
      "Notes",
    ],
    throughputRows,
  );
  const uncachedTable = uncached.length
    ? table(
        [
          "Page",
          "CPUs",
          `Uncached req/s (≥800 on 2 cores; median of ${UNCACHED_RUNS} runs)`,
          "p50",
          "p99",
          "Uncached/express.static, same bytes on the same core (≥20%)",
          "Notes",
        ],
        uncached.map(({ label, load: u, runs, checked, pinned }) => {
          const failures = runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
          const staticRate = reference.get(UNCACHED_PAGE)?.rps;
          const share = pinned && staticRate ? u.rps / staticRate : null;
          return [
            `\`${UNCACHED_PAGE}\``,
            label,
            `${Math.round(u.rps)}${checked ? ` ${pass(u.rps >= 800)}` : ""}`,
            ms(u.p50),
            ms(u.p99),
            share === null ? "" : `${(share * 100).toFixed(1)}% of ${Math.round(staticRate!)} ${pass(share >= 0.2)}`,
            [`runs: ${runs.map((r) => Math.round(r.rps)).join(", ")} req/s`, failures ? `${failures} non-2xx or errors` : ""].filter(Boolean).join("; "),
          ];
        }),
      )
    : "not measured";
  const weightTable = publicWeightTable(weights);
  const adminWeightTable = table(
    ["Admin screen", "HTML", `JS, with what it loads on demand (≤${ADMIN_JS_LIMIT / 1024} KB)`, "JS files"],
    ADMIN_PAGES.map((page) => {
      const w = adminWeights.get(page);
      if (!w) return [`\`${page}\``, "not measured", "", ""];
      return [`\`${page}\``, kb(w.html), `${kb(w.js)} ${pass(w.js <= ADMIN_JS_LIMIT)}`, w.jsFiles];
    }),
  );
  const lighthouse = skip("lighthouse", "BENCH_SKIP_LIGHTHOUSE") ? "## Lighthouse\n\nskipped (BENCH_SKIP_LIGHTHOUSE=1)\n" : await lighthouseSection();
  const worstRss = Math.max(peakRss ?? Infinity, uncachedRss ?? Infinity);
  const memory = `Peak server RSS (VmHWM of the Node process): **${peakRss?.toFixed(0) ?? "?"} MB** with the page cache on (load runs and page weights; the Lighthouse section runs a server of its own), **${uncachedRss?.toFixed(0) ?? "?"} MB** in the uncached runs; ${pass(worstRss <= 250)} (target ≤250 MB, checked against the larger).`;

  const report = `# Benchmark results

Measured by \`npm run bench\` (scripts/bench.ts).

- Date: ${date}
- Commit: ${commit}
- Machine: ${machine}
- Node: ${process.version}
- Server command: \`${Object.entries(serverEnv()).map(([name, value]) => `${name}=${value} `).join("")}node ${serverArgs().map((arg) => (path.isAbsolute(arg) ? path.relative(root, arg) : arg)).join(" ")}\` (package.json's "serve" script, which \`npm start\` runs; the flags size V8's heap, docs/decisions/045-server-memory.md)
- Load average (1 min) before the run: ${loadBefore.toFixed(2)}, after: ${os.loadavg()[0].toFixed(2)} (other work on the machine skews the numbers)
- Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, HTTP/1.1 keep-alive, no Accept-Encoding (cached page and static file both sent uncompressed, so they send the same bytes).
- CPUs: ${canPin ? `server (Node and its embedded PostgreSQL) pinned to CPU ${serverCpus}, load generator to CPU ${loadCpus} (taskset), so they do not starve each other; the server therefore has one core.` : "not pinned (taskset unavailable or one core): server and load generator share the CPUs."}
- Static reference: the rendered HTML of each page written to a folder and served by Debian's nginx (one worker, access log off, pinned to the server's CPU); the target is cached pages at ≥80% of nginx's rate with p99 under 20 ms. Method: the same bytes (the page as the cache stores it, uncompressed), the same client on the same CPU (the load generator's), the server and nginx each alone on the server's CPU, one after the other for each page; measured with two clients, autocannon (Node) and ${wrk ? "wrk (C, one thread, the same connections and duration)" : "wrk (not installed on this run: apt-get install wrk)"}, since a client slower than the server caps both rates alike and hides the difference. A second reference serves the same files from the app itself through \`express.static\` (BENCH_STATIC_DIR, at /__bench-static), behind the same middleware. CPU per request: the CPU time (user and system, from /proc) the app's process and nginx's worker used during each load run, divided by the requests it answered (autocannon's runs, and wrk's in a column of their own); nginx's as a share of the app's is the rate ratio each would reach on a core of its own, and other work on the machine moves it far less than the rates.
- Uncached: separate starts of the same server with \`PAGE_CACHE=off\` (every request is rendered by React Router and React; the public content it shows comes from the in-memory content cache, docs/decisions/044). Measured on one core like the cached runs, then with the server and the load generator sharing both cores, which is what the target names ("on 2 cores"); only that row is checked against it. Each is the median of ${UNCACHED_RUNS} runs on one server start (all runs in Notes): other work on the machine moves this rate by a quarter from one run to the next. The share of \`express.static\` (target ≥20%) sets the one-core rate beside \`express.static\`'s rate for the same page's bytes in the cached run (the same core and client).

## Throughput and latency

${throughput}

${uncachedTable}

## Page weight (as served with Accept-Encoding: br, gzip)

${weightTable}

Admin screens, as an administrator (the rich-text editor, loaded by the news form only, counted where it loads; \`tests/e2e/admin-scripts.spec.ts\` checks the same budget in the browser):

${adminWeightTable}

${lighthouse}
## Memory

${memory}

${editing}
${largeSite}
${instances}
${mail}
Run time: ${((Date.now() - started) / 1000).toFixed(0)} s.
`;
  console.log("\n" + report);
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results.md"), report);
  log("written to bench/results.md");
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
