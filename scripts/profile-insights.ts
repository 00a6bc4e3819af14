/**
 * Times each report's computation in-process on a database kept by
 * `BENCH_KEEP_DIR=<dir> npm run bench:insights` (runs the migrations on it first), and
 * prints EXPLAIN ANALYZE of the queries named on the command line. For finding where the
 * time goes; `npm run bench:insights` is the measure.
 *
 *   node scripts/profile-insights.ts <dir> [rounds] [query to EXPLAIN ANALYZE | !statement to run] ...
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { getDb } from "../app/db/client.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { periodFrom } from "../app/features/insights/period.ts";
import { eventsReport, moneyReport, supportersReport, websiteReport } from "../app/features/insights/reports.server.ts";
import { ukDate } from "../app/lib/uk-time.ts";

const dir = path.resolve(process.argv[2] ?? "");
const rounds = Number(process.argv[3] ?? 10);
const started = Date.now();
const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: path.join(dir, "data"), NODE_ENV: "production" }), { mode: "own", seed: false });
console.log(`opened (migrations included) in ${Date.now() - started} ms`);
try {
  await getDb().execute(sql`analyze money_daily`);
  const period = (q: string) => periodFrom(new URLSearchParams(q), ukDate(), 4);
  const cases: [string, () => Promise<unknown>][] = [
    ["money this-year", () => moneyReport(period("period=this-year"))],
    ["money five years", () => moneyReport(period("from=2022-01-01&to=2026-12-31"))],
    ["events last-year", () => eventsReport(period("period=last-year"))],
    ["supporters this-year", () => supportersReport(period("period=this-year"))],
    ["website this-month", () => websiteReport(period("period=this-month"))],
    ["website this-year", () => websiteReport(period("period=this-year"))],
    ["website last-year", () => websiteReport(period("period=last-year"))],
  ];
  for (const [name, run] of rounds > 0 ? cases : []) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(24)} min ${times[0]!.toFixed(0)} ms  median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms  max ${times.at(-1)!.toFixed(0)} ms`);
  }
  for (const query of process.argv.slice(4)) {
    // A statement starting with "!" is run as it is (e.g. "!cluster page_views using page_views_day_idx").
    if (query.startsWith("!")) {
      const t = performance.now();
      await getDb().execute(sql.raw(query.slice(1)));
      console.log(`${query.slice(1)}: ${(performance.now() - t).toFixed(0)} ms`);
      continue;
    }
    const { rows } = await getDb().execute(sql.raw(`explain (analyze, buffers) ${query}`));
    console.log(rows.map((r) => Object.values(r)[0]).join("\n"));
  }
} finally {
  await database.close();
}
