/**
 * The Supporters screen's queries at scale: 100,000 supporters and about 1,000,000
 * timeline entries (gifts, bookings, forms, consent events, notes), one supporter with
 * 2,000 of them. Times the list (first page, a deep page, each filter, searches) and one
 * supporter's timeline and summary, as the screens call them, in this process against a
 * fresh embedded PostgreSQL: p50 and p99 of BENCH_RUNS runs (default 100) each.
 * `npm run bench:large` fills its database with the same data (fillSupporters) and times
 * the screens that show it over HTTP.
 *
 *   npm run bench:supporters
 *   BENCH_EXPLAIN=1 npm run bench:supporters   also prints EXPLAIN (ANALYZE, BUFFERS) of the
 *                                              list's queries with two filters and a search
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { siteSamples } from "../app/samples.server.ts";
import { getDb } from "../app/db/client.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { explainSupporterList, listSupporters, parseSupporterFilters, supporterSummary, supporterTimeline } from "../app/features/supporters/admin.server.ts";

const RUNS = Math.max(10, Number(process.env.BENCH_RUNS ?? 100));

/**
 * 100,000 supporters (person<n>@example.org) and about 1,000,000 timeline entries, with
 * person4242@example.org holding 2,000 notes of their own.
 */
export async function fillSupporters() {
  const run = (q: ReturnType<typeof sql>) => getDb().execute(q);
  const t = Date.now();
  await run(sql`insert into supporters (email, name, postcode, created_at)
    select 'person' || i || '@example.org',
           (array['Ann','Bob','Cat','Dev','Eve','Fay','Gus','Hal','Ivy','Jo'])[1 + i % 10] || ' ' || (array['Smith','Jones','Patel','Okafor','Hughes','Ellis','Khan','Brown'])[1 + (i / 10) % 8] || ' ' || i,
           'MB' || (1 + i % 9) || ' ' || (i % 10) || chr(65 + i % 26) || chr(65 + (i / 26) % 26),
           now() - (i || ' minutes')::interval
    from generate_series(1, 100000) as i`);
  // The supporters by number (person<n>), joined by integer below (a hash join).
  await run(sql`create table bench_people as select id, email, name, substring(email from 7 for position('@' in email) - 7)::int as n from supporters where email ~ '^person[0-9]+@example[.]org$'`);
  await run(sql`create unique index on bench_people (n)`);
  await run(sql`analyze`);
  // 60,000 gifts, 30,000 bookings, 20,000 forms, 250,000 consent events and 640,000 notes: 1,000,000 entries
  // (gifts are few: each one runs the ledger's totals trigger and five indexes, slow to fill on a shared machine).
  await run(sql`insert into donations (reference, amount_pence, mode, status, email, paid_at, created_at, supporter_id)
    select 'BENCH-' || i, 500 + (i % 40) * 250, case when i % 7 = 0 then 'monthly' else 'one-off' end, 'paid', s.email,
           now() - (i || ' minutes')::interval * 3, now(), s.id
    from generate_series(1, 60000) as i join bench_people s on s.n = 1 + (i * 17) % 100000`);
  await run(sql`insert into events (title, date, time, description, location, category) values ('Bench quiz', current_date + 30, '19:00', 'Bench', 'Hall', 'social')`);
  await run(sql`insert into bookings (reference, event_id, name, email, quantity, status, cancel_token_hash, supporter_id, created_at, updated_at)
    select 'MCF-BENCH-' || i, (select max(id) from events), s.name, s.email, 1, 'confirmed', md5('b' || i), s.id, now() - (i || ' minutes')::interval, now()
    from generate_series(1, 30000) as i join bench_people s on s.n = 1 + (i * 7) % 100000`);
  await run(sql`insert into form_submissions (reference, kind, name, email, data, supporter_id, created_at, updated_at)
    select 'VOL-BENCH-' || i, 'volunteer', s.name, s.email, '{}'::jsonb, s.id, now() - (i || ' minutes')::interval, now()
    from generate_series(1, 20000) as i join bench_people s on s.n = 1 + (i * 13) % 100000`);
  await run(sql`insert into consent_events (supporter_id, given, source, wording, at)
    select s.id, i % 5 <> 0, 'Bench', 'Email me news', now() - (i || ' minutes')::interval
    from generate_series(1, 250000) as i join bench_people s on s.n = 1 + (i * 3) % 100000`);
  await run(sql`insert into supporter_notes (supporter_id, body, created_at)
    select s.id, 'A note ' || i, now() - (i || ' minutes')::interval
    from generate_series(1, 638000) as i join bench_people s on s.n = 1 + (i * 11) % 100000`);
  // One supporter with 2,000 timeline entries of their own.
  await run(sql`insert into supporter_notes (supporter_id, body, created_at)
    select (select id from supporters where email = 'person4242@example.org'), 'Busy note ' || i, now() - (i || ' hours')::interval
    from generate_series(1, 2000) as i`);
  await run(sql`drop table bench_people`);
  // As autovacuum leaves a live site's tables: the visibility map set, so the list's deep
  // pages read their ids from the index alone (an index-only scan).
  await run(sql`vacuum analyze`);
  console.error(`supporters filled in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

async function time(what: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const p99 = at(0.99);
  console.log(`| ${what} | ${at(0.5).toFixed(1)} ms | ${p99.toFixed(1)} ms ${p99 < 100 ? "✅" : "❌"} |`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-supporters-"));
  fs.chmodSync(dir, 0o755);
  const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dir, NODE_ENV: "production", LOG_LEVEL: "warn" }), { mode: "own", samples: await siteSamples() });
  try {
    await fillSupporters();
    const [busy] = (await getDb().execute<{ id: string }>(sql`select id from supporters where email = 'person4242@example.org'`)).rows;
    console.log(`\n${RUNS} runs each, load average ${os.loadavg()[0].toFixed(2)} (2 cores, shared)\n`);
    console.log("| Query | p50 | p99 (<100 ms) |\n|---|---|---|");
    const list = (q: string) => () => listSupporters(parseSupporterFilters(new URLSearchParams(q)));
    await time("list, first page", list(""));
    await time("list, page 1,000", list("page=1000"));
    await time("search by email (person4242@)", list("q=person4242%40"));
    await time("search by name (okafor 4242)", list("q=okafor+4242"));
    await time("search by postcode (mb3 2)", list("q=mb3+2"));
    await time("filter: gave in the last 12 months", list("given=12m"));
    await time("filter: gives monthly", list("monthly=yes"));
    await time("filter: booked an event", list("booked=yes"));
    await time("filter: volunteers", list("volunteers=yes"));
    await time("filter: subscribed", list("subscribed=yes"));
    await time("filter: gave in 12 months + subscribed + search", list("given=12m&subscribed=yes&q=smith"));
    await time("timeline of a supporter with 2,000 entries, page 1", () => supporterTimeline(busy.id, 1));
    await time("timeline, page 50", () => supporterTimeline(busy.id, 50));
    await time("supporter summary", () => supporterSummary(busy.id));
    if (process.env.BENCH_EXPLAIN) {
      const plans = await explainSupporterList(parseSupporterFilters(new URLSearchParams("given=12m&subscribed=yes&q=smith")));
      console.log(`\nTwo filters and a search, the capped count:\n\n${plans.count}\n\nThe page's rows:\n\n${plans.page}`);
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
