/**
 * The database restarts under writes (a failover, a minor upgrade, a provider's
 * maintenance): two instances of the site's back end (tests/helpers/fault-instance.ts:
 * pool, job queue, change feed, content cache, the real webhook route) on a PostgreSQL
 * server of the test's own (tests/helpers/restartable-postgres.ts), with paid bookings and
 * donations in flight through the Stripe double, whose webhooks are retried as Stripe's
 * are. `pg_ctl restart -m fast`, then a longer outage (stop, 4 s, start):
 *
 * - neither process ends; both report unhealthy while the database is away and healthy
 *   again by themselves;
 * - after reconnecting, each treats every topic as changed, and a change published on one
 *   instance reaches the other;
 * - every paid booking and donation whose payment completed is recorded exactly once.
 *
 * With the embedded PostgreSQL (the default) the server runs the embedded binaries; with
 * TEST_DATABASE_URL, the binaries of that server's version on this machine (Debian's).
 * Where neither can be started, the tests skip, saying why.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { connectDatabase, disconnectDatabase, getDb, getPool } from "../../app/db/client.server.ts";
import { runMigrations } from "../../app/db/migrate.server.ts";
import { events } from "../../app/features/events/table.ts";
import { projectRoot } from "../../app/lib/project-root.server.ts";
import { CONTENT_TOPICS } from "../../app/live/content-topics.ts";
import { StripeDouble } from "../../scripts/stripe-double.ts";
import { startRestartablePostgres, type RestartablePostgres } from "../helpers/restartable-postgres.ts";

let server: RestartablePostgres | undefined;
let unavailable: string | undefined;
let databaseUrl = "";
const stripe = new StripeDouble({ retry: { firstDelayMs: 250, maxDelayMs: 2_000, attempts: 40 } });

interface Instance {
  name: string;
  origin: string;
  child: ChildProcess;
  output: string;
  exit: string | null;
}
const instances: Instance[] = [];

async function startInstance(name: string): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(projectRoot, "tests/helpers/fault-instance.ts")], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, PUBLIC_URL: "http://localhost:5999", ...stripe.env() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance: Instance = { name, origin: "", child, output: "", exit: null };
  child.on("exit", (code, signal) => (instance.exit = `exited with ${signal ?? code}`));
  child.stderr!.on("data", (chunk: Buffer) => (instance.output += chunk.toString()));
  instance.origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      instance.output += chunk.toString();
      const ready = /ready (\d+)/.exec(instance.output);
      if (ready) resolve(`http://127.0.0.1:${ready[1]}`);
    });
    child.on("exit", () => reject(new Error(`${name} ended before serving:\n${instance.output}`)));
  });
  return instance;
}

async function call(instance: Instance, method: "GET" | "POST", route: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const response = await fetch(instance.origin + route, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, json: { error: String(error) } };
  }
}

const healthy = async (instance: Instance) => (await call(instance, "GET", "/healthz")).status === 200;

/** Polls both instances' /healthz every 100 ms until both answer 200; how long that took. */
async function bothHealthy(since: number, limitMs = 30_000): Promise<number> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if ((await Promise.all(instances.map(healthy))).every(Boolean)) return Date.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not healthy again within ${limitMs / 1000} s:\n${instances.map((i) => `${i.name}: ${i.output.slice(-2000)}`).join("\n")}`);
}

/** Paid bookings and donations, one after another on each worker, across both instances. */
function writeLoad(eventId: number) {
  const completed = { bookings: new Set<string>(), donations: new Set<string>() };
  const refused = { bookings: 0, donations: 0 };
  let running = true;
  let n = 0;
  const worker = async (w: number) => {
    while (running) {
      const i = n++;
      const instance = instances[i % instances.length];
      const booking = i % 2 === 0;
      const answer = booking
        ? await call(instance, "POST", "/book", { eventId, name: `Buyer ${i}`, email: `buyer${i}@example.org`, quantity: 1 })
        : await call(instance, "POST", "/donate", { amountPence: 1000 + i, email: `donor${i}@example.org` });
      const sessionId = answer.json.sessionId;
      if (answer.status !== 200 || typeof sessionId !== "string") {
        // A clear refusal (503 with the database's error, or no answer): nothing was taken.
        refused[booking ? "bookings" : "donations"]++;
        await new Promise((resolve) => setTimeout(resolve, 50 + w * 10));
        continue;
      }
      // The buyer pays: the double sends checkout.session.completed (retried until answered 2xx).
      await stripe.complete(sessionId);
      completed[booking ? "bookings" : "donations"].add(sessionId);
    }
  };
  const workers = Array.from({ length: 4 }, (_, w) => worker(w));
  return {
    completed,
    refused,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

beforeAll(async () => {
  const started = await startRestartablePostgres();
  if ("unavailable" in started) {
    unavailable = started.unavailable;
    return;
  }
  server = started;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query("create database faults");
  await admin.end();
  databaseUrl = server.adminUrl.replace(/\/postgres$/, "/faults");
  const { db, pool } = connectDatabase(databaseUrl, { max: 2 });
  await runMigrations(db, pool);
  await stripe.start();
  instances.push(await startInstance("A"), await startInstance("B"));
  stripe.webhookUrl = `${instances[0].origin}/payments/stripe/webhook`;
  await bothHealthy(Date.now());
}, 180_000);

afterAll(async () => {
  for (const instance of instances) instance.child.kill("SIGKILL");
  await stripe.stop();
  await disconnectDatabase();
  await server?.stop();
});

describe("a database restart under writes", () => {
  it("leaves both processes up; they report unhealthy, then recover by themselves, hear every change again and record every paid booking and donation once", async (context) => {
    if (unavailable) return context.skip(unavailable);
    const [event] = await getDb()
      .insert(events)
      .values({
        title: "Fault test concert",
        date: "2031-06-15",
        time: "19:30",
        description: "Tickets sold through a database restart",
        location: "Millbrook Town Hall",
        category: "social",
        booking_mode: "paid",
        ticket_price_pence: 700,
        tickets_available: 100_000,
      })
      .returning();
    const load = writeLoad(event.id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // 1. A fast restart (every connection ended at once) with writes in flight.
    const before = Date.now();
    const { ms: restartMs } = await server!.restart();
    const healthyAfterRestartMs = await bothHealthy(before);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // 2. A longer outage: the instances say they are not ready while it lasts.
    const outageStarted = Date.now();
    const outage = server!.outage(4_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const during = await Promise.all(instances.map((instance) => call(instance, "GET", "/healthz")));
    await outage;
    expect(during.map((answer) => answer.status)).toEqual([503, 503]);
    expect(during[0].json).toMatchObject({ status: "error", database: { ok: false } });
    const healthyAfterOutageMs = await bothHealthy(outageStarted);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await load.stop();

    // Both processes are still the ones started at the beginning.
    expect(instances.map((instance) => instance.exit)).toEqual([null, null]);

    // Back from the outage, each instance counted every topic as changed (changes made
    // elsewhere while it was away were not heard)...
    for (const instance of instances) {
      const heard = (await call(instance, "GET", "/heard")).json as unknown as { topic: string; at: number }[];
      expect(new Set(heard.filter((h) => h.at > outageStarted).map((h) => h.topic))).toEqual(new Set(CONTENT_TOPICS));
    }
    // ...and a change published on one reaches the other again.
    const published = Date.now();
    expect((await call(instances[1], "POST", "/publish", { topic: "trustees" })).status).toBe(200);
    await expect
      .poll(async () => ((await call(instances[0], "GET", "/heard")).json as unknown as { topic: string; at: number }[]).some((h) => h.topic === "trustees" && h.at >= published), {
        timeout: 5_000,
      })
      .toBe(true);

    // Every webhook refused while the database was away was sent again and recorded:
    // each completed payment exactly once.
    await stripe.settled();
    const { rows: bookingRows } = await getPool().query<{ session: string; n: number }>(
      "select stripe_checkout_session_id as session, count(*)::int as n from bookings where event_id = $1 and status = 'confirmed' group by 1",
      [event.id],
    );
    const { rows: donationRows } = await getPool().query<{ session: string; n: number }>(
      "select stripe_checkout_session_id as session, count(*)::int as n from donations group by 1",
    );
    expect(new Set(bookingRows.map((r) => r.session))).toEqual(load.completed.bookings);
    expect(new Set(donationRows.map((r) => r.session))).toEqual(load.completed.donations);
    expect([...bookingRows, ...donationRows].filter((r) => r.n !== 1)).toEqual([]);
    expect(load.completed.bookings.size + load.completed.donations.size).toBeGreaterThan(10);

    const retried = stripe.sent.filter((s) => s.attempt > 1).length;
    console.log(
      `database restart (${server!.description}): pg_ctl restart ${restartMs} ms, both instances healthy ${healthyAfterRestartMs} ms after it began; ` +
        `4 s outage: healthy ${healthyAfterOutageMs} ms after it began; paid bookings ${load.completed.bookings.size}, donations ${load.completed.donations.size} ` +
        `(each recorded once); requests refused with an error: ${load.refused.bookings + load.refused.donations}; webhook deliveries retried: ${retried}`,
    );
  }, 120_000);
});
