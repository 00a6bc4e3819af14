/**
 * Sizing figures for several instances: two production instances on one PostgreSQL
 * database and an S3-compatible bucket, behind nginx as a round-robin balancer (the
 * set-up of tests/helpers/instances.ts, as in production). Loads `/events/1` through the
 * balancer with autocannon, with the page cache on (the default) and with it off (every
 * request rendered), three runs each, and reports the median requests per second (in all
 * and per core of this machine) and each instance's peak resident memory (VmHWM) under that load.
 * Everything (nginx, both instances, PostgreSQL, the S3 server and autocannon) shares the
 * machine's cores, as on a small server.
 *
 * `npm run bench` includes it in bench/results.md; `npm run bench:instances` prints its section.
 *
 *   BENCH_DURATION=10   seconds per load run
 */
import os from "node:os";
import { startInstances } from "../tests/helpers/instances.ts";
import { nginxBinary } from "./nginx.ts";
import { CONNECTIONS, cpuCount, DURATION, get, load, log, peakRssMb, table, type Load } from "./bench-lib.ts";

const PAGE = "/events/1";
const BASE_PORT = 32_200;
const RUNS = 3;

async function run(label: string, env: Record<string, string>) {
  const site = await startInstances(2, { basePort: BASE_PORT, env });
  // Other work on the machine takes cores from the run: its load average is reported beside the figures.
  const busy = os.loadavg()[0]!;
  try {
    // Warm up each instance (first renders, the page cache, the content cache).
    for (let i = 0; i < 20; i++) await get(site.origin + PAGE);
    const runs: Load[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await load(site.origin + PAGE, null));
    const result = [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(RUNS / 2)]!;
    const rss = site.instances.map((instance) => peakRssMb(instance.pid) ?? 0);
    log(`${label}: ${runs.map((r) => Math.round(r.rps)).join(", ")} req/s, RSS ${rss.map((r) => r.toFixed(0)).join(" / ")} MB`);
    return { label, result, runs, rss, busy };
  } finally {
    await site.stop();
  }
}

/** Runs the two-instance benchmark and returns its section of bench/results.md. */
export async function instancesSection(): Promise<string> {
  if (!nginxBinary()) return "## Two instances behind nginx\n\nskipped: nginx is not installed (Debian's nginx-light)\n";
  const runs = [await run("page cache on", {}), await run("page cache off", { PAGE_CACHE: "off" })];
  const rows = runs.map(({ label, result, runs: each, rss, busy }) => [
    label,
    `${Math.round(result.rps)} (runs: ${each.map((r) => Math.round(r.rps)).join(", ")})`,
    Math.round(result.rps / cpuCount),
    `${result.p50} ms`,
    `${result.p99} ms`,
    result.non2xx + result.errors,
    rss.map((r) => `${r.toFixed(0)} MB`).join(" / "),
    busy.toFixed(1),
  ]);
  return `## Two instances behind nginx (\`npm run bench:instances\`)

Two production instances (\`npm run serve\`'s flags) on one PostgreSQL database, files in an S3-compatible server (s3rver), nginx in front (round robin, one worker), all on this machine's ${cpuCount} cores with the load generator (autocannon, ${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s, \`${PAGE}\` through nginx).

${table(["Run", `req/s (median of ${RUNS} runs)`, "req/s per core", "p50", "p99", "Errors", "Peak RSS per instance (A / B)", "Load average before the run"], rows)}
`;
}

if (import.meta.main) {
  const section = await instancesSection();
  console.log("\n" + section);
}
