/**
 * What a public page's scripts do on the main thread at load: a V8 CPU profile of the page
 * in headless Chromium (4x CPU slowdown, as Lighthouse's mobile run), from the first script
 * to 1.5 s after React has hydrated (`data-hydrated`), summed by function (self and
 * inclusive time, in milliseconds of the slowed-down CPU) and the main thread's long tasks.
 * Starts its own server on a fresh database with the sample content (run `npm run build`
 * first).
 *
 *   node scripts/profile-hydration.ts / /volunteer /events/15   (PROFILE_RUNS=5 per page)
 *
 * PROFILE_COMPARE=<folder>: a second server from that folder's build (a copy of the project
 * with another `build/`, e.g. the build before a change, `node_modules` linked), measured
 * in turn with this one, run by run, so that both see the same load on a shared machine.
 * Each page then gets the median over the runs of its long tasks' time beyond 50 ms (what
 * Lighthouse sums as blocking time) for both builds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { chromium, type Browser } from "@playwright/test";
import { serverArgs } from "../server/command.ts";
import { startServer } from "./bench-lib.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const pages = process.argv.slice(2);
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const top = (counter: Map<string, number[]>, n: number) =>
  [...counter]
    .map(([k, v]) => [k, v.sort((a, b) => a - b)[Math.floor(v.length / 2)]] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/** A server started from another copy of the project (PROFILE_COMPARE). */
async function startOther(rootDir: string, dataDir: string): Promise<{ origin: string; stop: () => void }> {
  const args = serverArgs();
  const child = spawn(process.execPath, [...args.slice(0, -1), path.join(rootDir, "build/node/main.js")], {
    cwd: rootDir,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const origin = await new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const match = /Millbrook Community Foundation: (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(poll);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return { origin, stop: () => child.kill("SIGTERM") };
}

interface Run {
  self: Map<string, number>;
  inclusive: Map<string, number>;
  /** PROFILE_TREE: time under the first frame whose label contains it, by call path below it. */
  tree: Map<string, number>;
  long: number[];
}

/** PROFILE_TREE=<part of a label>[,<another>]: the call paths under each. */
const TREE = process.env.PROFILE_TREE?.split(",");
const TREE_DEPTH = Number(process.env.PROFILE_TREE_DEPTH ?? 4);

async function profileOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await tab.addInitScript(() => {
    const long: number[] = [];
    (window as unknown as { __long: number[] }).__long = long;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(Math.round(e.duration)))).observe({ type: "longtask", buffered: true });
  });
  await tab.goto(url);
  // One call that waits in the page (Playwright's waitForSelector polls on the main thread,
  // which would add to the tasks measured).
  await tab.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const done = () => document.documentElement.hasAttribute("data-hydrated");
        if (done()) return resolve();
        const observer = new MutationObserver(() => done() && (observer.disconnect(), resolve()));
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
        setTimeout(() => reject(new Error("not hydrated in 30 s")), 30_000);
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
  const long = await tab.evaluate(() => (window as unknown as { __long: number[] }).__long);
  await context.close();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
  const run: Run = { self: new Map(), inclusive: new Map(), tree: new Map(), long };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (["(idle)", "(program)", "(root)"].includes(node.callFrame.functionName)) return;
    add(run.self, label(node), ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(byId.get(at)!);
      if (!seen.has(l) && l !== "(root) :0:0") add(run.inclusive, l, ms);
      seen.add(l);
    }
    if (TREE) {
      const stack: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.unshift(label(byId.get(at)!));
      for (const part of TREE) {
        const from = stack.findIndex((l) => l.includes(part));
        if (from >= 0) for (let depth = 1; depth <= TREE_DEPTH && from + depth <= stack.length; depth++) add(run.tree, stack.slice(from, from + depth).join(" > "), ms);
      }
    }
  });
  return run;
}

const beyond50 = (long: number[]) => long.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function report(name: string, runs: Run[]) {
  const self = new Map<string, number[]>();
  const inclusive = new Map<string, number[]>();
  for (const run of runs) {
    for (const [k, v] of run.self) self.set(k, [...(self.get(k) ?? []), v]);
    for (const [k, v] of run.inclusive) inclusive.set(k, [...(inclusive.get(k) ?? []), v]);
  }
  const sums = runs.map((r) => beyond50(r.long));
  console.log(`  ${name}: long tasks (ms, 4x CPU) ${runs.map((r) => `[${r.long.join(", ")}]`).join(" ")}`);
  console.log(`  ${name}: beyond 50 ms per run ${sums.join(", ")}; median ${median(sums)}`);
  if (TREE) {
    const tree = new Map<string, number[]>();
    for (const run of runs) for (const [k, v] of run.tree) tree.set(k, [...(tree.get(k) ?? []), v]);
    console.log(`    under ${TREE.join(", ")} (median ms, over the runs that reached it):`);
    for (const [k, v] of [...tree].map(([k, v]) => [k, median(v)] as const).filter(([, v]) => v >= 0.5).sort((a, b) => (a[0] < b[0] ? -1 : 1))) console.log(`    ${v.toFixed(1).padStart(7)}  ${k}`);
  }
  if (process.env.PROFILE_FUNCTIONS === "0") return;
  console.log("    inclusive (median ms):");
  for (const [k, v] of top(inclusive, 30)) console.log(`    ${v.toFixed(1).padStart(7)}  ${k}`);
  console.log("    self (median ms):");
  for (const [k, v] of top(self, 15)) console.log(`    ${v.toFixed(1).padStart(7)}  ${k}`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-profile-"));
const server = await startServer(path.join(tmp, "data"), {}, null);
const compare = process.env.PROFILE_COMPARE;
const other = compare ? await startOther(path.resolve(compare), path.join(tmp, "other-data")) : null;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const page of pages) {
    await fetch(server.origin + page);
    if (other) await fetch(other.origin + page);
    const here: Run[] = [];
    const there: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      here.push(await profileOnce(browser, server.origin + page));
      if (other) there.push(await profileOnce(browser, other.origin + page));
    }
    console.log(`\n${page} (load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    report("this build", here);
    if (other) report(`build in ${compare}`, there);
  }
} finally {
  await browser.close();
  other?.stop();
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
