/**
 * Public latency while an editor works: the production server (page cache on, pinned like
 * the rest of the bench) on a fresh embedded database with the sample content, loaded with
 * autocannon at 50 connections on a public page for a minute without edits, then for a
 * minute while an editor saves a change every second through the admin (taking an event
 * off the site and putting it back: each save changes the page under load, and the home
 * page). The target: p99 with edits at most twice the p99 without, in the same run.
 *
 * Beside the load, a probe asks for the page every 100 ms and records how it was answered
 * (X-Page-Cache: hit, stale, miss) and when each save's change first showed in it.
 *
 * `npm run bench` includes it in bench/results.md; `npm run bench:editing` runs it alone
 * and writes its section into bench/results.md in place of the previous one.
 *
 *   BENCH_EDITING_DURATION=60   seconds of each load run
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { createSignedInAccount } from "../tests/helpers/staff.ts";
import { spawnSync } from "node:child_process";
import { CONNECTIONS, cpuCount, get, load, log, root, startServer, table, type Load, type Server } from "./bench-lib.ts";

const PAGE = "/events";
const DURATION = Number(process.env.BENCH_EDITING_DURATION ?? 60);
const SAVE_EVERY_MS = 1_000;
const PROBE_EVERY_MS = 100;
/** PAGE_CACHE_MAX_STALE_SECONDS's default, the bound the server runs with here. */
const MAX_STALE_MS = 10_000;

const HEADING = "## Public latency while an editor saves every second";

interface Probe {
  at: number;
  state: string;
  shown: boolean;
}

interface Save {
  at: number;
  shown: boolean;
  status: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function editing(server: Server, cookie: string, event: { id: number; title: string }, until: number) {
  const probes: Probe[] = [];
  const saves: Save[] = [];
  let shown = true;
  const probe = (async () => {
    while (Date.now() < until) {
      const started = Date.now();
      const response = await get(server.origin + PAGE);
      probes.push({ at: Date.now(), state: String(response.headers["x-page-cache"] ?? "none"), shown: response.body.toString("utf8").includes(event.title) });
      await sleep(Math.max(0, PROBE_EVERY_MS - (Date.now() - started)));
    }
  })();
  const editor = (async () => {
    while (Date.now() < until - SAVE_EVERY_MS) {
      const started = Date.now();
      const response = await fetch(`${server.origin}/admin/events`, {
        method: "POST",
        headers: { Origin: server.origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "toggle", id: String(event.id) }),
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status === 302) shown = !shown;
      saves.push({ at: Date.now(), shown, status: response.status });
      await sleep(Math.max(0, SAVE_EVERY_MS - (Date.now() - started)));
    }
  })();
  await Promise.all([probe, editor]);
  return { probes, saves };
}

/** How long after each save its change first showed in the probe's answers (a save overtaken by the next one before it showed is counted apart). */
function lags(saves: Save[], probes: Probe[]) {
  const seen: number[] = [];
  let overtaken = 0;
  saves.forEach((save, i) => {
    const next = saves[i + 1]?.at ?? Infinity;
    const first = probes.find((p) => p.at >= save.at && p.shown === save.shown);
    if (first && first.at < next + PROBE_EVERY_MS) seen.push(first.at - save.at);
    else overtaken++;
  });
  seen.sort((a, b) => a - b);
  return { seen, overtaken };
}

/** Runs the measurement and returns its section of bench/results.md. */
export async function editingSection(): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-editing-"));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const loadBefore = os.loadavg()[0]!;
  log(`editing: starting the server with the page cache on (database in ${dataDir})...`);
  const server = await startServer(dataDir, {});
  try {
    const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }), { mode: "attach", seed: false });
    let cookie = "";
    let event: { id: number; title: string };
    try {
      const editor = await createSignedInAccount({ role: "editor", email: "bench-editor@example.org" });
      cookie = `${editor.cookie.name}=${editor.cookie.value}`;
      const { getDb } = await import("../app/db/client.server.ts");
      const { events } = await import("../app/features/events/table.ts");
      const { and, asc, eq, not } = await import("drizzle-orm");
      const [row] = await getDb()
        .select({ id: events.id, title: events.title })
        .from(events)
        .where(and(eq(events.is_active, true), not(events.is_past)))
        .orderBy(asc(events.date))
        .limit(1);
      if (!row) throw new Error("no upcoming event in the sample content");
      event = row;
    } finally {
      await database.close();
    }
    for (let i = 0; i < 50; i++) await get(server.origin + PAGE);

    log(`editing: ${PAGE} for ${DURATION} s without edits`);
    const quiet: Load = await load(server.origin + PAGE, undefined, { duration: DURATION });
    log(`editing: ${PAGE} for ${DURATION} s while an editor saves every second`);
    const until = Date.now() + DURATION * 1000;
    const [busy, { probes, saves }] = await Promise.all([load(server.origin + PAGE, undefined, { duration: DURATION }), editing(server, cookie, event, until)]);
    const loadAfter = os.loadavg()[0]!;

    const ratio = busy.p99 / Math.max(quiet.p99, 1);
    const states = new Map<string, number>();
    for (const p of probes) states.set(p.state, (states.get(p.state) ?? 0) + 1);
    const { seen, overtaken } = lags(saves, probes);
    const pct = (q: number) => (seen.length ? seen[Math.min(seen.length - 1, Math.floor(q * seen.length))]! : NaN);
    const failedSaves = saves.filter((s) => s.status !== 302).length;
    const pass = (ok: boolean) => (ok ? "✅" : "❌");
    const rows = [
      ["without edits", Math.round(quiet.rps), `${quiet.p50} ms`, `${quiet.p99} ms`, quiet.non2xx + quiet.errors, ""],
      [
        `an editor saves every second (${saves.length} saves${failedSaves ? `, ${failedSaves} refused` : ""})`,
        Math.round(busy.rps),
        `${busy.p50} ms`,
        `${busy.p99} ms`,
        busy.non2xx + busy.errors,
        `${ratio.toFixed(2)}× ${pass(ratio <= 2)}`,
      ],
    ];
    const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
    const date = new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
    const shared =
      loadBefore > cpuCount
        ? ` The machine was shared with other work (load average above its ${cpuCount} cores): these are not quiet figures, and the ratio between the two runs is what they show.`
        : "";
    const answered = [...states].map(([state, n]) => `${state}: ${n}`).join(", ");
    return `${HEADING} (\`npm run bench:editing\`)

The production server with the page cache on (pinned like the rows above), a fresh database with the sample content. Autocannon, ${CONNECTIONS} connections, ${DURATION} s on \`${PAGE}\` without edits, then ${DURATION} s while an editor saves a change through the admin every second (takes an upcoming event off the site, then puts it back: each save changes \`${PAGE}\` and the home page, and publishes the change that re-renders them in the background). Measured ${date} at ${commit}. Load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${loadAfter.toFixed(2)}.${shared}

${table(["Run", "req/s", "p50", "p99", "non-2xx or errors", "p99 with edits / without (≤2×)"], rows)}

A probe asked for \`${PAGE}\` every ${PROBE_EVERY_MS} ms during the edits (${probes.length} requests), answered ${answered} (X-Page-Cache; \`miss\` is a visitor waiting for a render). Each save's change showed in the probe's answers ${seen.length ? `after ${pct(0.5)} ms (median), ${pct(0.99)} ms (p99), ${seen[seen.length - 1]} ms at most` : "never"} (the bound: ${MAX_STALE_MS / 1000} s, PAGE_CACHE_MAX_STALE_SECONDS)${overtaken ? `; ${overtaken} saves were undone by the next one before the probe saw them` : ""}.
`;
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const section = await editingSection();
  console.log("\n" + section);
  // Alone: its section of bench/results.md is replaced (or added before the large site's).
  const file = path.join(root, "bench/results.md");
  const report = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = report.indexOf(HEADING);
  const next = start === -1 ? -1 : report.indexOf("\n## ", start + HEADING.length);
  const updated =
    start !== -1
      ? report.slice(0, start) + section + (next === -1 ? "" : report.slice(next + 1))
      : report.includes("\n## Large site")
        ? report.replace("\n## Large site", `\n${section}\n## Large site`)
        : `${report}\n${section}`;
  fs.writeFileSync(file, updated);
  log("written to bench/results.md");
}
