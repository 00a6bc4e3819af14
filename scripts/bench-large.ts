/**
 * The "large site" benchmark: does the cost of a page stay flat as the data grows?
 *
 * The reference, measured in every run: the public pages of a small site, the sample content
 * with full first pages (`fillFirstPages`: a page of events, craft fairs, volunteer
 * opportunities and newsletters), so that a large site's page shows as many items as the
 * small one's and the ratio is the cost of the data behind them. Then it fills a database
 * (the sample content) with a few years of data:
 *   5,000 events (60 upcoming: a year of weekly events), 500 craft fairs, 100,000 form submissions (one in ten
 *   with files; all within the retention period, which would otherwise delete them), 50,000 audit rows, 100,000 donations, and 50,000 bookings;
 * restarts the server and measures, as an administrator:
 *   - the public pages again (the ratio against the reference is the target: ≥90%);
 *   - the admin lists with search and filters, the dashboard and a find-by-email
 *     (server time per request, one request at a time: p50 and p99);
 *   - the CSV exports, once filtered to about 100 rows and once with every row: time and
 *     the server's peak memory above what it held before the export.
 *
 * `npm run bench` runs it as part of the full benchmark (bench/results.md);
 * `npm run bench:large` runs only this part and prints its section.
 *
 *   BENCH_DURATION=10        seconds per public-page load run
 *   BENCH_ADMIN_REQUESTS=100 timed requests per admin URL
 *   BENCH_LARGE_PUBLIC_ONLY=1 measure only the public pages (skip the admin screens and exports)
 *   BENCH_LARGE_DIR=/path    keep the data in this folder (made if missing) instead of a
 *                            temporary one; a later run with the same folder reuses the filled
 *                            database, and only measures (the reference too). Meanwhile the database can be queried directly
 *                            (`cat $BENCH_LARGE_DIR/data/pg/postmaster.opts`, or start the server on it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { getDb } from "../app/db/client.server.ts";
import { readConfig } from "../app/lib/config.server.ts";
import { createSignedInAccount } from "../tests/helpers/staff.ts";
import { load, log, startServer, table, type Server } from "./bench-lib.ts";
import { fillSupporters } from "./bench-supporters.ts";

const PUBLIC_PAGES = ["/", "/events", "/events/1", "/craft-fairs", "/volunteer", "/newsletters"];
const ADMIN_REQUESTS = Math.max(10, Number(process.env.BENCH_ADMIN_REQUESTS ?? 100));
const PUBLIC_ONLY = process.env.BENCH_LARGE_PUBLIC_ONLY === "1";

/** The admin screens measured, with what each one asks the database. */
const ADMIN_PAGES: { url: string; what: string }[] = [
  { url: "/admin/dashboard", what: "dashboard counts" },
  { url: "/admin/events", what: "events list, first page" },
  { url: "/admin/events?q=Archive+event+4242", what: "events list, search" },
  { url: "/admin/craft-fairs", what: "craft fairs list" },
  { url: "/admin/inbox", what: "inbox, first page" },
  { url: "/admin/inbox?page=1500", what: "inbox, page 1,500" },
  { url: "/admin/inbox?kind=nomination&status=in_review", what: "inbox, kind and status filter" },
  { url: "/admin/inbox?q=person4242%40example.org", what: "inbox, search by email" },
  { url: "/admin/inbox?q=Person+Seventeen", what: "inbox, search by name" },
  { url: "/admin/audit-log", what: "audit log, first page" },
  { url: "/admin/audit-log?page=900", what: "audit log, page 900" },
  { url: "/admin/donations", what: "donations, first page" },
  { url: "/admin/donations?q=person4242%40example.org", what: "donations, search by email" },
  { url: "/admin/events/7/bookings", what: "bookings of one event" },
];

/** The ids of this round's rows that the screens below open, looked up after the fill. */
interface GrowthIds {
  supporter: string;
  opportunity: number;
  event: number;
  draft: number;
  sent: number;
}

/** This round's screens (decision 270): staff screens and, without a session, public pages. */
function growthPages(ids: GrowthIds): { url: string; what: string; public?: boolean }[] {
  return [
    { url: "/admin/supporters", what: "supporters, first page" },
    { url: "/admin/supporters?page=1000", what: "supporters, page 1,000" },
    { url: "/admin/supporters?q=person4242%40", what: "supporters, search by email" },
    { url: "/admin/supporters?q=okafor+4242", what: "supporters, search by name" },
    { url: "/admin/supporters?given=12m&subscribed=yes&q=smith", what: "supporters, two filters and a search" },
    { url: `/admin/supporters/${ids.supporter}`, what: "a supporter with 2,000 entries: timeline and consent history" },
    { url: `/admin/supporters/${ids.supporter}?page=50`, what: "the same timeline, page 50" },
    { url: "/admin/volunteering", what: "volunteering opportunities, first page (25 of 500)" },
    { url: "/admin/volunteering?page=20", what: "volunteering opportunities, page 20" },
    { url: "/admin/volunteering?when=upcoming&q=bench", what: "opportunities with shifts to come, search" },
    { url: `/admin/volunteering/${ids.opportunity}`, what: "an opportunity and its shifts" },
    { url: "/admin/volunteering/rota", what: "rota, this week" },
    { url: `/admin/volunteering/rota?opportunity=${ids.opportunity}`, what: "rota of one opportunity" },
    { url: "/admin/volunteering/volunteers", what: "volunteers, first page (25 of 5,000)" },
    { url: "/admin/volunteering/volunteers?page=150", what: "volunteers, page 150" },
    { url: "/admin/volunteering/volunteers?q=volunteer+42", what: "volunteers, search by name" },
    { url: "/admin/volunteering/volunteers?check=missing&page=40", what: "volunteers, no check recorded, page 40" },
    { url: "/admin/volunteering/hours", what: "volunteer hours, this financial year, first page" },
    { url: "/admin/volunteering/hours?from=2010-01-01&to=2040-12-31&page=60", what: "volunteer hours, every year, page 60 (of 100)" },
    { url: `/admin/events/${ids.event}/waitlist`, what: "waitlist of an event (500 waiting), first page" },
    { url: `/admin/events/${ids.event}/waitlist?status=waiting&page=10`, what: "the same waitlist, waiting, page 10 (the last)" },
    { url: `/admin/events/${ids.event}/waitlist?q=waiting+42`, what: "the same waitlist, search by name" },
    { url: `/admin/events/${ids.event}/tickets`, what: "ticket types of an event" },
    { url: "/admin/newsletters", what: "newsletters (121)" },
    { url: `/admin/newsletters/${ids.draft}`, what: "sending screen of a draft (audience count)" },
    { url: `/admin/newsletters/${ids.sent}`, what: "a sent newsletter (10,000 recipients' counts)" },
    { url: `/events/${ids.event}`, what: "public: event with ticket types and a waitlist", public: true },
    { url: "/volunteer", what: "public: volunteer page, open shifts", public: true },
    { url: "/newsletters", what: "public: newsletter archive (120)", public: true },
    { url: "/newsletters/bench-news-1", what: "public: one newsletter", public: true },
  ];
}

async function growthIds(): Promise<GrowthIds> {
  const one = async <T>(query: ReturnType<typeof sql>) => (await getDb().execute(query)).rows[0] as T;
  const { supporter } = await one<{ supporter: string }>(sql`select id as supporter from supporters where email = 'person4242@example.org'`);
  const { opportunity } = await one<{ opportunity: number }>(
    sql`select o.id as opportunity from volunteer_opportunities o join volunteer_shifts s on s.opportunity_id = o.id where o.title like 'Bench opportunity %' and s.date >= current_date order by s.date, o.id limit 1`,
  );
  const { event } = await one<{ event: number }>(sql`select event_id as event from waitlist_entries where status = 'waiting' group by event_id order by count(*) desc limit 1`);
  const { draft } = await one<{ draft: number }>(sql`select id as draft from newsletters where subject = 'Bench draft'`);
  const { sent } = await one<{ sent: number }>(sql`select id as sent from newsletters where slug = 'bench-news-1'`);
  return { supporter, opportunity, event, draft, sent };
}

const EXPORTS: { name: string; small: string; full: string; post?: boolean }[] = [
  { name: "Submissions CSV", small: "/admin/inbox/export.csv?q=person42%40example.org", full: "/admin/inbox/export.csv" },
  { name: "Donations CSV", small: "/admin/donations/export.csv?q=person42%40example.org", full: "/admin/donations/export.csv" },
  { name: "Supporters CSV", small: "/admin/supporters/export.csv?q=person4242%40", full: "/admin/supporters/export.csv" },
  { name: "Volunteer hours CSV", small: "/admin/volunteering/hours.csv", full: "/admin/volunteering/hours.csv?from=2010-01-01&to=2040-12-31" },
];

const FIND_EMAIL = "person4242@example.org";

/**
 * The reference of the admin tables: a staff screen whose work does not grow with the data
 * (the signed-in account's page: session, layout, one row), timed in the same run. Each
 * screen's p99 is printed beside it, so a busy machine's figures still compare.
 */
const REFERENCE = { url: "/admin/account", what: "your account (does not grow with the data)" };

interface Timing {
  p50: number;
  p99: number;
  status: number;
}

/** Server time of a request, one at a time: the median and the 99th percentile. */
async function time(url: string, init: RequestInit, n = ADMIN_REQUESTS): Promise<Timing> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < n + 3; i++) {
    const started = performance.now();
    const response = await fetch(url, { ...init, redirect: "manual" });
    await response.arrayBuffer();
    status = response.status;
    if (i >= 3) times.push(performance.now() - started); // the first three warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), status };
}

function rssMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
}

/** Downloads an export and reports its time, size, rows and the server's memory rise. */
async function measureExport(server: Server, url: string, cookie: string, form?: Record<string, string>) {
  // Writing 5 to clear_refs resets the process's peak (VmHWM) to its current size.
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
  const before = rssMb(server.pid, "VmRSS");
  const started = performance.now();
  const response = await fetch(
    server.origin + url,
    form
      ? { method: "POST", headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() }
      : { headers: { cookie } },
  );
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  const rows = body.toString("utf8").split("\n").filter(Boolean).length - 1;
  return { status: response.status, seconds, bytes: body.length, rows, rise: rssMb(server.pid, "VmHWM") - before };
}

async function publicRates(server: Server) {
  const rates = new Map<string, number>();
  for (const page of PUBLIC_PAGES) {
    log(`load: ${page} (uncached)`);
    rates.set(page, (await load(server.origin + page, undefined, { connections: 10 })).rps);
  }
  return rates;
}

/** A few years of data, written with generate_series in one statement per table. */
export async function fillDatabase(): Promise<void> {
  const db = getDb();
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  await run(sql`
    insert into events (title, date, time, description, location, category, is_active, is_past, ticket_price, tickets_available)
    select 'Archive event ' || i,
           current_date + (case when i <= 4940 then -i else i - 4940 end),
           '7:00 PM', 'An event of years gone by, number ' || i, 'Millbrook Village Hall',
           (array['fundraiser','family','social','community','volunteer','workshop','fair','sports','arts'])[1 + i % 9],
           i % 10 <> 0, i <= 4940, '£' || (5 + i % 20), case when i % 3 = 0 then 50 + i % 100 end
    from generate_series(1, 5000) as i`);
  await run(sql`
    insert into craft_fairs (title, date, time, description, location, stalls_available, application_deadline, is_active, is_past)
    select 'Archive craft fair ' || i, current_date + (case when i <= 480 then -i * 3 else i end),
           '10:00 AM - 4:00 PM', 'Local makers, number ' || i, 'Millbrook Market Square', 20 + i % 30,
           current_date + (case when i <= 480 then -i * 3 - 14 else i - 14 end), true, i <= 480
    from generate_series(1, 500) as i`);
  await run(sql`
    insert into form_submissions (reference, kind, status, name, email, data, files, created_at, updated_at)
    select 'BENCH-' || lpad(i::text, 7, '0'),
           (array['volunteer','stall_application','nomination'])[1 + i % 3],
           (array['new','in_review','accepted','declined','archived'])[1 + (i / 3) % 5],
           'Person ' || (array['One','Two','Three','Four','Five','Six','Seven','Eight','Nine','Ten','Eleven','Twelve','Thirteen','Fourteen','Fifteen','Sixteen','Seventeen'])[1 + i % 17] || ' ' || i,
           'person' || (i % 25000) || '@example.org',
           jsonb_build_object('phone', '01234 567890', 'message', 'I would like to help with events on weekends.'),
           case when i % 10 = 0
                then jsonb_build_array(jsonb_build_object('key', 'bench/' || i || '.pdf', 'name', 'letter.pdf', 'type', 'application/pdf', 'size', 20000))
                else '[]'::jsonb end,
           now() - (i || ' minutes')::interval * 4, now() - (i || ' minutes')::interval * 4
    from generate_series(1, 100000) as i`);
  await run(sql`
    insert into audit_log (at, actor_email, action, entity, entity_id, details, ip)
    select now() - (i || ' minutes')::interval * 10, 'editor' || (i % 12) || '@millbrook.example',
           (array['event.update','event.create','submission.status','auth.sign_in','craft_fair.update'])[1 + i % 5],
           'event', (i % 5000)::text, jsonb_build_object('title', 'Archive event ' || (i % 5000)), '192.0.2.' || (i % 250)
    from generate_series(1, 50000) as i`);
  await run(sql`
    insert into donations (reference, amount_pence, mode, status, email, paid_at, created_at)
    select 'BENCH-GIFT-' || lpad(i::text, 7, '0'), 500 + (i % 40) * 250, 'one-off',
           case when i % 50 = 0 then 'refunded' else 'paid' end,
           'person' || (i % 40000) || '@example.org',
           now() - (i || ' minutes')::interval * 15, now() - (i || ' minutes')::interval * 15
    from generate_series(1, 100000) as i`);
  // 50,000 bookings spread over the archive events (10 each on 5,000 events).
  await run(sql`
    insert into bookings (reference, event_id, name, email, quantity, amount_pence, status, cancel_token_hash, confirmed_at, created_at, updated_at)
    select 'MCF-B' || lpad(i::text, 6, '0'), e.id, 'Guest ' || i, 'person' || (i % 30000) || '@example.org', 1 + i % 4, (1 + i % 4) * 1000,
           case when i % 20 = 0 then 'cancelled' else 'confirmed' end, md5('bench-booking-' || i), now(), now(), now()
    from generate_series(1, 50000) as i
    join (select id, row_number() over (order by id) as n from events where title like 'Archive event %') e on e.n = 1 + i % 5000`);
  await run(sql`analyze`);
}

/**
 * The reference's small site: the sample content and just enough for a full first page of
 * each growing public list (12 upcoming events, 6 craft fairs, 6 volunteer opportunities
 * with 6 shifts to come, 20 newsletters), shaped like the large data's.
 */
export async function fillFirstPages(): Promise<void> {
  const db = getDb();
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  await run(sql`
    insert into events (title, date, time, description, location, category, is_active, is_past, ticket_price, tickets_available)
    select 'Reference event ' || i, current_date + i * 7, '7:00 PM', 'An event to come, number ' || i, 'Millbrook Village Hall',
           (array['fundraiser','family','social','community','volunteer','workshop','fair','sports','arts'])[1 + i % 9],
           true, false, '£' || (5 + i % 20), case when i % 3 = 0 then 50 + i % 100 end
    from generate_series(1, 12) as i`);
  await run(sql`
    insert into craft_fairs (title, date, time, description, location, stalls_available, application_deadline, is_active, is_past)
    select 'Reference craft fair ' || i, current_date + i * 30, '10:00 AM - 4:00 PM', 'Local makers, number ' || i, 'Millbrook Market Square',
           20 + i % 30, current_date + i * 30 - 14, true, false
    from generate_series(1, 6) as i`);
  await run(sql`
    with role as (
      insert into volunteer_roles (slug, title, description, commitment, skills)
      values ('reference-steward', 'Event steward', 'Helps at events', 'A few hours', 'A friendly face') returning id)
    insert into volunteer_opportunities (role_id, title, description, location, is_published, created_at)
    select role.id, 'Reference opportunity ' || j, 'Stewarding, number ' || j, 'Millbrook Village Hall', true, now()
    from role, generate_series(1, 6) j`);
  await run(sql`
    insert into volunteer_shifts (opportunity_id, date, start_time, end_time, places)
    select o.id, current_date + 1 + s * 7, lpad((9 + (s % 3) * 3)::text, 2, '0') || ':00', lpad((11 + (s % 3) * 3)::text, 2, '0') || ':00', 8 + s % 5
    from volunteer_opportunities o, generate_series(0, 5) s where o.title like 'Reference opportunity %'`);
  await run(sql`
    insert into newsletters (subject, preview_text, body, status, listed_at, sent_at, sent_by, slug, published_at, created_at, updated_at)
    select 'News for month ' || k, 'What happened this month', '<p>What your gifts did this month.</p>', 'sent',
           now() - (k || ' months')::interval, now() - (k || ' months')::interval, 'editor@millbrook.example',
           'reference-news-' || k, now() - (k || ' months')::interval, now() - (k || ' months')::interval, now() - (k || ' months')::interval
    from generate_series(1, 20) k`);
  await run(sql`analyze`);
}

/** The reference's rates: a small site of its own (fillFirstPages), on a fresh database. */
async function referenceRates(): Promise<Map<string, number>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-reference-"));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  try {
    // Started once so that it sets the database up with the sample content, then again
    // after the inserts (which the in-memory content cache does not see).
    await (await startServer(dataDir, { PAGE_CACHE: "off" }, null)).stop();
    const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }), { mode: "attach", seed: false });
    try {
      await fillFirstPages();
    } finally {
      await database.close();
    }
    const server = await startServer(dataDir, { PAGE_CACHE: "off" }, null);
    try {
      return await publicRates(server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * This round's data at ten years of a busy town charity (decision 270): the supporters of
 * \`npm run bench:supporters\` (100,000 people, about 1,000,000 timeline entries of which
 * 250,000 consent events, one person with 2,000), three ticket types on every event and a
 * line for every booking, 500 volunteer opportunities with 5,000 shifts, 5,000 volunteers
 * and 40,000 sign-ups, 20,000 waitlist entries (one upcoming event with 500 waiting), and
 * 120 newsletters (one a month), each sent to 10,000 subscribers: 1,200,000 recipient rows.
 * Runs after fillDatabase (it gives ticket types to its events and lines to its bookings).
 */
export async function fillGrowth(): Promise<void> {
  const db = getDb();
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  let t = Date.now();
  const step = (what: string) => {
    log(`large site: ${what} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    t = Date.now();
  };
  await fillSupporters();
  step("supporters");
  // The people and events by number, joined by integer (hash joins) below; dropped at the end.
  await run(sql`create table bench_people as select id, email, substring(email from 7 for position('@' in email) - 7)::int as n from supporters where email ~ '^person[0-9]+@example[.]org$'`);
  await run(sql`create unique index on bench_people (n)`);
  await run(sql`create table bench_events as select id, is_past, row_number() over (partition by is_past order by date, id)::int as n from events where title like 'Archive event %'`);
  await run(sql`analyze bench_people`);
  await run(sql`analyze bench_events`);

  await run(sql`
    insert into event_ticket_types (event_id, name, description, price_pence, places_per_ticket, position)
    select e.id, t.name, t.description, t.price, t.places, t.position
    from bench_events e,
         (values ('Adult', null, 1000, 1, 0), ('Child (under 16)', 'Ages 5 to 15', 500, 1, 1), ('Family', 'Two adults and two children', 2500, 4, 2))
           as t(name, description, price, places, position)`);
  await run(sql`
    insert into booking_lines (booking_id, ticket_type_id, name, quantity, unit_pence, places_per_ticket)
    select b.id, tt.id, tt.name, b.quantity, tt.price_pence, 1
    from bookings b join event_ticket_types tt on tt.event_id = b.event_id and tt.position = 0
    where b.reference like 'MCF-B%' and b.reference not like 'MCF-BENCH-%'`);
  step("ticket types and booking lines");

  // Volunteering: an opportunity a week for ten years (the last ten still to come), ten shifts each.
  await run(sql`
    with role as (
      insert into volunteer_roles (slug, title, description, commitment, skills)
      values ('bench-steward', 'Event steward', 'Helps at events', 'A few hours', 'A friendly face') returning id)
    insert into volunteer_opportunities (role_id, title, description, location, is_published, created_at)
    select role.id, 'Bench opportunity ' || j, 'Stewarding, number ' || j, 'Millbrook Village Hall', true, now() - ((490 - j) || ' weeks')::interval
    from role, generate_series(1, 500) j`);
  await run(sql`
    insert into volunteer_shifts (opportunity_id, date, start_time, end_time, places)
    select o.id, current_date + ((o.n - 490) * 7 + s), lpad((9 + (s % 3) * 3)::text, 2, '0') || ':00', lpad((11 + (s % 3) * 3)::text, 2, '0') || ':00', 8 + s % 5
    from (select id, row_number() over (order by id)::int as n from volunteer_opportunities where title like 'Bench opportunity %') o, generate_series(0, 9) s`);
  await run(sql`
    insert into volunteers (email, name, phone, created_at)
    select 'person' || i || '@example.org', 'Volunteer ' || i, '01234 567890', now() - (i || ' hours')::interval from generate_series(1, 5000) i`);
  await run(sql`
    insert into volunteer_signups (shift_id, volunteer_id, name, email, phone, manage_token_hash, status, source, attendance, minutes, supporter_id, created_at, cancelled_at)
    select sh.id, v.id, v.name, v.email, v.phone, md5('bench-signup-' || i),
           case when i % 20 = 0 then 'cancelled' else 'confirmed' end, case when i % 10 = 3 then 'staff' else 'public' end,
           case when sh.date < current_date and i % 20 <> 0 then (case when i % 10 = 5 then 'no_show' else 'came' end) end,
           case when sh.date < current_date and i % 20 <> 0 and i % 10 <> 5 then 120 end,
           p.id, sh.date - 14, case when i % 20 = 0 then sh.date - 2 end
    from generate_series(0, 39999) i
    join (select id, date, row_number() over (order by id)::int as n from volunteer_shifts where opportunity_id in (select id from volunteer_opportunities where title like 'Bench opportunity %')) sh
      on sh.n = 1 + i % 5000
    join (select id, name, email, phone, row_number() over (order by id)::int as n from volunteers where name like 'Volunteer %') v
      on v.n = 1 + ((1 + i % 5000) * 13 + (i / 5000) * 611) % 5000
    left join bench_people p on p.email = v.email`);
  step("volunteering");

  // Waitlists: ten lapsed, booked or removed entries on 1,400 past events, 100 waiting on each upcoming one, 500 on the first.
  await run(sql`
    insert into waitlist_entries (event_id, name, email, places, status, offers, supporter_id, created_at, updated_at)
    select e.id, 'Waiting ' || i, p.email, 1 + i % 4,
           (array['lapsed', 'booked', 'removed', 'lapsed'])[1 + i % 4], case when i % 4 = 2 then 0 else 1 end, p.id,
           now() - ((e.n * 2) || ' days')::interval, now() - ((e.n * 2) || ' days')::interval
    from generate_series(0, 13999) i
    join bench_events e on e.is_past and e.n = 1 + i / 10
    join bench_people p on p.n = 1 + (i * 7) % 100000`);
  await run(sql`
    insert into waitlist_entries (event_id, name, email, places, status, supporter_id, created_at, updated_at)
    select e.id, 'Waiting ' || i, p.email, 1 + i % 4, 'waiting', p.id,
           now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
    from generate_series(0, 6399) i
    join bench_events e on not e.is_past and e.n = case when i < 500 then 1 else 2 + (i - 500) / 100 end
    join bench_people p on p.n = 1 + (i * 11) % 100000`);
  step("waitlists");

  // A newsletter a month for ten years, each sent to 10,000 subscribers; one draft being written.
  await run(sql`
    insert into newsletters (subject, preview_text, body, status, listed_at, sent_at, sent_by, slug, published_at, created_at, updated_at)
    select 'News for month ' || k, 'What happened this month', '<p>What your gifts did this month.</p>', 'sent',
           now() - (k || ' months')::interval, now() - (k || ' months')::interval, 'editor@millbrook.example',
           'bench-news-' || k, now() - (k || ' months')::interval, now() - (k || ' months')::interval, now() - (k || ' months')::interval
    from generate_series(1, 120) k`);
  await run(sql`insert into newsletters (subject, preview_text, body) values ('Bench draft', 'Being written', '<p>The summer fair is coming.</p>')`);
  await run(sql`
    insert into newsletter_recipients (newsletter_id, supporter_id, email, status, attempts, error, claimed_at, sent_at)
    select nl.id, p.id, p.email,
           case when j % 500 = 0 then 'refused' when j % 997 = 0 then 'failed' else 'sent' end, 1,
           case when j % 500 = 0 then '550 No such user' when j % 997 = 0 then 'Connection closed' end,
           nl.sent_at, case when j % 500 <> 0 and j % 997 <> 0 then nl.sent_at end
    from (select id, sent_at, row_number() over (order by id)::int as k from newsletters where slug like 'bench-news-%') nl
    cross join generate_series(1, 10000) j
    join bench_people p on p.n = 1 + (j * 7 + nl.k * 1009) % 100000`);
  step("newsletters");
  await run(sql`drop table bench_people`);
  await run(sql`drop table bench_events`);
  await run(sql`analyze`);
}

const fmt = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const pass = (ok: boolean) => (ok ? "✅" : "❌");

/** Runs the large-site benchmark and returns its section of bench/results.md. */
export async function largeSiteSection(): Promise<string> {
  const loadBefore = os.loadavg()[0];
  const kept = process.env.BENCH_LARGE_DIR ? path.resolve(process.env.BENCH_LARGE_DIR) : null;
  const tmp = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-large-"));
  fs.mkdirSync(tmp, { recursive: true });
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  // Written once the database is filled ("base": filled up to the earlier data only, a run
  // stopped in fillGrowth's first run).
  const savedFile = path.join(tmp, "filled.json");
  const stored = fs.existsSync(savedFile) ? (JSON.parse(fs.readFileSync(savedFile, "utf8")) as { stage?: "base" }) : null;
  const saved = stored?.stage === "base" ? null : stored;
  log("large site: the reference, a small site with full first pages");
  const before = await referenceRates();
  const env = { PAGE_CACHE: "off" };
  let server = await startServer(dataDir, env, null);
  let cookie: string;
  let ids: GrowthIds;
  try {
    if (saved || stored) log(`large site: reusing the filled database in ${tmp}`);
    else log("large site: filling the database (this takes a minute)...");
    const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }), { mode: "attach", seed: false });
    try {
      if (!saved) {
        const filled = Date.now();
        if (!stored) {
          await fillDatabase();
          if (kept) fs.writeFileSync(savedFile, JSON.stringify({ stage: "base" }));
          log(`large site: filled in ${((Date.now() - filled) / 1000).toFixed(0)} s; now this round's data`);
        }
        await fillGrowth();
        log(`large site: all filled in ${((Date.now() - filled) / 1000).toFixed(0)} s`);
      }
      const admin = await createSignedInAccount({ role: "administrator", email: `bench-admin-${Date.now()}@example.org` });
      cookie = `${admin.cookie.name}=${admin.cookie.value}`;
      // The personal-data exports ask for a password checked in the last 10 minutes: the
      // bench's session counts as checked for the next hour, however long the run takes.
      await getDb().execute(sql`update sessions set verified_at = now() + interval '1 hour' where id = ${admin.sessionId}`);
      ids = await growthIds();
    } finally {
      await database.close();
    }
    if (kept && !saved) fs.writeFileSync(savedFile, JSON.stringify({ stage: "filled" }));
    // A restart drops the in-memory content cache, which the direct inserts bypassed.
    await server.stop();
    server = await startServer(dataDir, env, null);

    log("large site: public pages on the large data");
    const after = await publicRates(server);

    log(`large site: ${REFERENCE.url} (reference)`);
    const reference = PUBLIC_ONLY ? null : await time(server.origin + REFERENCE.url, { headers: { cookie } });
    const times = (t: Timing) => [
      t.status,
      fmt(t.p50),
      `${fmt(t.p99)} ${pass(t.status === 200 && t.p99 < 100)}`,
      reference ? `${(t.p99 / reference.p99).toFixed(1)}×` : "",
    ];
    const admin: (string | number)[][] = [];
    for (const { url, what } of PUBLIC_ONLY ? [] : ADMIN_PAGES) {
      log(`large site: ${url}`);
      admin.push([`\`${url}\``, what, ...times(await time(server.origin + url, { headers: { cookie } }))]);
    }
    const growth: (string | number)[][] = [];
    for (const { url, what, public: open } of PUBLIC_ONLY ? [] : growthPages(ids)) {
      log(`large site: ${url}`);
      growth.push([`\`${url.replace(ids.supporter, "<id>")}\``, what, ...times(await time(server.origin + url, open ? {} : { headers: { cookie } }))]);
    }
    if (!PUBLIC_ONLY) {
      log("large site: find by email");
      const find = await time(
        server.origin + "/admin/data-protection",
        {
          method: "POST",
          headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "find", email: FIND_EMAIL }).toString(),
        },
        Math.ceil(ADMIN_REQUESTS / 2),
      );
      admin.push(["`POST /admin/data-protection`", `find by email (${FIND_EMAIL})`, ...times(find)]);
    }

    const exports: (string | number)[][] = [];
    for (const { name, small, full } of PUBLIC_ONLY ? [] : EXPORTS) {
      for (const [label, url] of [
        ["filtered", small],
        ["every row", full],
      ] as const) {
        log(`large site: ${name} (${label})`);
        const e = await measureExport(server, url, cookie);
        exports.push([
          name,
          label,
          e.status,
          e.rows,
          `${(e.bytes / 1024 / 1024).toFixed(1)} MB`,
          `${e.seconds.toFixed(2)} s`,
          `${e.rise.toFixed(0)} MB ${pass(e.status === 200 && e.rise < 50)}`,
        ]);
      }
    }
    if (!PUBLIC_ONLY) {
      // Everything held about the busiest person: 2,000 notes, consent, gifts, bookings, forms, newsletters, waitlists, shifts.
      log("large site: personal data export");
      const e = await measureExport(server, "/admin/data-protection/export", cookie, { email: FIND_EMAIL });
      exports.push(["Personal data (JSON)", `one person (${FIND_EMAIL})`, e.status, "", `${(e.bytes / 1024 / 1024).toFixed(1)} MB`, `${e.seconds.toFixed(2)} s`, `${e.rise.toFixed(0)} MB ${pass(e.status === 200 && e.rise < 50)}`]);
    }

    const publicRows = PUBLIC_PAGES.map((page) => {
      const ratio = after.get(page)! / before.get(page)!;
      return [`\`${page}\``, Math.round(before.get(page)!), Math.round(after.get(page)!), `${(Math.floor(ratio * 1000) / 10).toFixed(1)}% ${pass(ratio >= 0.9)}`];
    });

    return `## Large site (\`npm run bench:large\`)

Load average (1 min) before this part: ${loadBefore.toFixed(2)}, after: ${os.loadavg()[0].toFixed(2)} (2 cores; other work on the machine skews the times, p99 most).${saved ? " The large database was filled by an earlier run (BENCH_LARGE_DIR)." : ""}

Data: 5,000 events (4,940 past, 60 upcoming), 500 craft fairs, 100,000 form submissions (10,000 with a file), 50,000 audit rows, 100,000 donations, 50,000 bookings; plus the sample content. The server is unpinned and uncached (\`PAGE_CACHE=off\`), so each request is rendered.

Public pages, uncached, 10 connections: requests/s on the reference, measured in this run (a small site: the sample content with a full first page of events, craft fairs, volunteer opportunities and newsletters, so each page shows as many items as on the large site), and on the large data (target: the same speed, ≥90%).

${table(["Page", "Reference req/s", "Large req/s", "Large/reference (≥90%)"], publicRows)}

Admin screens as an administrator, one request at a time (${ADMIN_REQUESTS} timed requests each after 3 to warm up), time to the last byte. Target: p99 under 100 ms. Reference, same run: \`${REFERENCE.url}\`, ${REFERENCE.what}${reference ? `: p50 ${fmt(reference.p50)}, p99 ${fmt(reference.p99)}` : ""}; the last column is each p99 over the reference's p99 (what the data adds, on a busy machine too).

${table(["Request", "What", "Status", "p50", "p99 (<100 ms)", "p99 / reference p99"], admin)}

This round's data (decision 270): 100,000 supporters with about 1,000,000 timeline entries (250,000 consent events; person4242 has 2,000), 15,000 ticket types (three on each event) and 50,000 booking lines, 500 volunteer opportunities with 5,000 shifts, 5,000 volunteers and 40,000 sign-ups, 20,400 waitlist entries (500 waiting on one upcoming event), 121 newsletters with 1,200,000 recipient rows. The same requests, one at a time, as an administrator or (public) without a session; the queries of the supporters list's every filter are timed by \`npm run bench:supporters\`, the reports on 5,000,000 page views by \`npm run bench:insights\`, and a send's memory at 1,000 and 10,000 subscribers by \`npm run bench:newsletter\`:

${table(["Request", "What", "Status", "p50", "p99 (<100 ms)", "p99 / reference p99"], growth)}

Exports: one download each, filtered to one person's rows and with every row (the personal-data export: everything held about the busiest person); the server's peak resident memory above what it held before the download (target: under 50 MB, flat).

${table(["Export", "Filter", "Status", "Rows", "Size", "Time", "Memory rise (<50 MB)"], exports)}
`;
  } finally {
    await server.stop();
    if (kept) log(`large site: data kept in ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const section = await largeSiteSection();
  console.log("\n" + section);
}
