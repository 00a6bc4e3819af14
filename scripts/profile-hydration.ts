/**
 * What a public page's scripts do on the main thread at load: a V8 CPU profile of the page
 * in headless Chromium (4x CPU slowdown, as Lighthouse's mobile run), from the first script
 * to 1.5 s after React has hydrated (`data-hydrated`), summed by function (self and
 * inclusive time, in milliseconds of the slowed-down CPU) and the main thread's long tasks.
 * Starts its own server on a fresh database with the sample content (run `npm run build`
 * first).
 *
 *   node scripts/profile-hydration.ts / /volunteer /events/15   (PROFILE_RUNS=5 per page)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
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

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-profile-"));
const server = await startServer(path.join(tmp, "data"), {}, null);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const page of pages) {
    await fetch(server.origin + page);
    const self = new Map<string, number[]>();
    const inclusive = new Map<string, number[]>();
    const tasks: number[][] = [];
    for (let run = 0; run < RUNS; run++) {
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
      await tab.goto(server.origin + page);
      await tab.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
      await tab.waitForTimeout(1500);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      tasks.push(await tab.evaluate(() => (window as unknown as { __long: number[] }).__long));
      await context.close();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const label = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
      const runSelf = new Map<string, number>();
      const runIncl = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        const node = byId.get(id)!;
        if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") return;
        add(runSelf, label(node), ms);
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const l = label(byId.get(at)!);
          if (!seen.has(l)) add(runIncl, l, ms);
          seen.add(l);
        }
      });
      for (const [k, v] of runSelf) self.set(k, [...(self.get(k) ?? []), v]);
      for (const [k, v] of runIncl) inclusive.set(k, [...(inclusive.get(k) ?? []), v]);
    }
    console.log(`\n${page}: long tasks (ms, 4x CPU) per run: ${tasks.map((t) => `[${t.join(", ")}]`).join(" ")}; load ${os.loadavg()[0].toFixed(1)}`);
    console.log("  inclusive (median ms):");
    for (const [k, v] of top(inclusive, 40)) console.log(`    ${v.toFixed(1).padStart(7)}  ${k}`);
    console.log("  self (median ms):");
    for (const [k, v] of top(self, 20)) console.log(`    ${v.toFixed(1).padStart(7)}  ${k}`);
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
