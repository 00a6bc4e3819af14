/**
 * Two production instances on one PostgreSQL database and one S3-compatible bucket,
 * behind nginx as a round-robin load balancer (tests/helpers/instances.ts): a session
 * made on A works on B; sign-in failures on A and B count together; an image uploaded
 * and an event changed through A show on B, on its next page view (its page cache
 * dropped) and in a page already open on B (B's live stream); stopping A with SIGTERM
 * in the middle of a load of form posts loses no acknowledged post, and the balancer
 * goes on serving from B. The mail the form posts queue (jobs on the shared PostgreSQL queue,
 * worked by both instances) is each sent once.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process (one per
// process, app/db/client.server.ts), so it must not share a worker with the fixtures' specs.
import { expect, test, type Page } from "@playwright/test";
import { and, eq, inArray, not } from "drizzle-orm";
import sharp from "sharp";
import { connectDatabase, disconnectDatabase, getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { nginxBinary } from "../../scripts/nginx.ts";
import { startInstances, type Instance, type Instances } from "../helpers/instances.ts";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";
import { createTestAccount } from "../helpers/staff.ts";

test.describe.configure({ mode: "serial", timeout: 180_000 });
// CI installs nginx-light (.ci/run), so this runs there; a machine without nginx skips it.
test.skip(!nginxBinary() && !process.env.CI, "nginx is not installed (apt-get install nginx-light): the multi-instance test needs it as the load balancer");

let site: Instances;
let A: Instance;
let B: Instance;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtpCatcher();
  site = await startInstances(2, {
    basePort: 32_100,
    env: { PUBLIC_FORM_RATE_LIMIT: "100000", SMTP_URL: smtp.url, MAIL_FROM: "Millbrook Community Foundation <hello@example.org>" },
  });
  [A, B] = site.instances as [Instance, Instance];
  connectDatabase(site.databaseUrl, { max: 2 });
});
test.afterAll(async () => {
  await disconnectDatabase();
  await site?.stop();
  await smtp?.stop();
});

async function signIn(page: Page, origin: string) {
  const account = await createTestAccount({ role: "editor" });
  await page.goto(`${origin}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${origin}/admin/dashboard`);
  return account;
}

const volunteerOffer = (name: string, email: string) =>
  new URLSearchParams({
    fullName: name,
    email,
    phone: "01632 960 418",
    motivation: "Helping out.",
    availability: "weekends",
    interests: "event-support",
    terms: "on",
  });

const postSignIn = (origin: string, email: string, password: string) =>
  fetch(`${origin}/admin/login`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });

/** One counted failure on `origin`: waits out a block first (429 with Retry-After). */
async function failSignIn(origin: string, email: string) {
  for (;;) {
    const response = await postSignIn(origin, email, "not the password");
    if (response.status === 401) return;
    expect(response.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(response.headers.get("Retry-After")) * 1000 + 100));
  }
}

test("a session made on A works on B, and sign-in failures on A and B count together", async ({ page }) => {
  await signIn(page, A.origin);
  await page.goto(`${B.origin}/admin/events`);
  await expect(page).toHaveURL(`${B.origin}/admin/events`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");

  // Failures on A block the account on B (before the right password is even checked), and
  // a failure on B lengthens the block on A: one count, whichever instance sees them. The
  // back-off doubles per failure (1, 2, 4, 8 s), so a slow machine cannot hide the count.
  const account = await createTestAccount({ role: "editor" });
  for (let i = 0; i < 3; i++) await failSignIn(A.origin, account.email);
  const blockedOnB = await postSignIn(B.origin, account.email, account.password);
  expect(blockedOnB.status).toBe(429);
  await failSignIn(B.origin, account.email);
  const blockedOnA = await postSignIn(A.origin, account.email, account.password);
  expect(blockedOnA.status).toBe(429);
  // The fourth failure's 8 s block: A's own three failures alone would give at most 4 s.
  expect(Number(blockedOnA.headers.get("Retry-After"))).toBeGreaterThan(4);
});

test("an image uploaded and an event changed through A show on B: next page view and a page already open", async ({ page, browser }) => {
  const [event] = await getDb()
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.is_active, true), not(events.is_past)))
    .orderBy(events.id)
    .limit(1);
  const path = `/events/${event!.id}`;
  // B has the page in its page cache, and a visitor has it open on B.
  for (let i = 0; i < 2; i++) expect(await (await fetch(B.origin + path)).text()).toContain(event!.title);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(B.origin + path);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(event!.title);
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await signIn(page, A.origin);
  await page.goto(`${A.origin}/admin/events/edit/${event!.id}`);
  const renamed = `${event!.title} (changed on A ${Date.now()})`;
  await page.getByLabel("Title").fill(renamed);
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } } }).png().toBuffer();
  await page.getByLabel("Image: upload a new one").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Image description (alt text)").fill("A green test picture");
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(page).toHaveURL(`${A.origin}/admin/events`);

  // The page open on B hears the change through B's live stream.
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(renamed, { timeout: 15_000 });
  // B's page is rendered again (in the background: within the max-stale bound), and B serves the image that A stored.
  await expect.poll(async () => (await (await fetch(B.origin + path)).text()).includes(renamed), { timeout: 10_000 }).toBe(true);
  const html = await (await fetch(B.origin + path)).text();
  expect(html).toContain(renamed);
  const [row] = await getDb().select({ image: events.image }).from(events).where(eq(events.id, event!.id));
  expect(row!.image).toMatch(/^\/uploads\/events\/[A-Za-z0-9_-]+\.webp$/);
  expect(html).toContain(row!.image!.replace(".webp", ""));
  const image = await fetch(B.origin + row!.image!);
  expect(image.status).toBe(200);
  expect(image.headers.get("content-type")).toBe("image/webp");
  expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
  await visitor.context().close();
});

test("after an edit through A, both instances go on serving /events from their cache and both show the change from it within the bound", async () => {
  /** PAGE_CACHE_MAX_STALE_SECONDS's default. */
  const MAX_STALE_MS = 10_000;
  const account = await createTestAccount({ role: "editor" });
  const login = await postSignIn(A.origin, account.email, account.password);
  expect(login.status).toBe(302);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("mcf_session="))!.split(";")[0]!;
  const [event] = await getDb()
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.is_active, true), not(events.is_past)))
    .orderBy(events.id)
    .limit(1);
  const renamed = `${event!.title} (renamed for the refresh ${Date.now()})`;
  const both = [A, B];
  // Both instances have /events in their cache, asked for just now.
  for (const instance of both) {
    await fetch(`${instance.origin}/events`);
    expect((await fetch(`${instance.origin}/events`)).headers.get("x-page-cache")).toBe("hit");
  }
  await getDb().update(events).set({ title: renamed }).where(eq(events.id, event!.id));
  const saved = Date.now();
  // The save's change reaches A in its own process and B through the change feed (the edit screen's save publishes "events").
  const response = await fetch(`${A.origin}/admin/events`, {
    method: "POST",
    headers: { Origin: A.origin, Cookie: cookie },
    body: new URLSearchParams({ intent: "toggle", id: String(event!.id) }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const back = await fetch(`${A.origin}/admin/events`, {
    method: "POST",
    headers: { Origin: A.origin, Cookie: cookie },
    body: new URLSearchParams({ intent: "toggle", id: String(event!.id) }),
    redirect: "manual",
  });
  expect(back.status).toBe(302);
  const served: Record<string, string[]> = { A: [], B: [] };
  const fresh = new Map<string, number>();
  while (fresh.size < 2 && Date.now() - saved < MAX_STALE_MS + 5_000) {
    for (const instance of both) {
      const page = await fetch(`${instance.origin}/events`);
      const body = await page.text();
      served[instance.name]!.push(page.headers.get("x-page-cache") ?? "none");
      if (body.includes(renamed) && page.headers.get("x-page-cache") === "hit" && !fresh.has(instance.name)) fresh.set(instance.name, Date.now() - saved);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`/events fresh from the cache after the save: ${[...fresh].map(([n, ms]) => `${n} ${ms} ms`).join(", ")}; answers: ${JSON.stringify(served)}`);
  for (const instance of both) {
    // Every answer came from the cache: no visitor waited for a render.
    expect(served[instance.name]!.every((state) => state === "hit" || state === "stale"), instance.name).toBe(true);
    expect(fresh.get(instance.name), `${instance.name} shows the change from its cache within the bound`).toBeLessThanOrEqual(MAX_STALE_MS);
  }
});

test("mail queued while both instances work the queue is sent once: each job runs on one of them", async () => {
  const emails = Array.from({ length: 8 }, (_, i) => `queue-once-${i}-${Date.now()}@example.org`);
  // Round robin: the posts (and the jobs they queue) alternate between A and B.
  for (const [i, email] of emails.entries()) {
    const response = await fetch(`${site.origin}/support`, {
      method: "POST",
      headers: { Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: volunteerOffer(`Queue Tester ${i}`, email),
    });
    expect(await response.text()).toContain("Thank you for offering to volunteer!");
  }
  const receiptsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  await expect.poll(() => emails.filter((e) => receiptsTo(e).length > 0).length, { timeout: 60_000 }).toBe(emails.length);
  // Time for a second run, if a job ran twice; then each receipt is there once.
  await new Promise((r) => setTimeout(r, 3_000));
  for (const email of emails) expect(receiptsTo(email)).toHaveLength(1);
});

test("stopping A (SIGTERM) in the middle of a load loses no acknowledged write, and B keeps serving", async () => {
  const acknowledged: string[] = [];
  let refused = 0;
  let acknowledgedAfterStop = 0;
  let stopped = false;
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const email = `load-${w}-${i}-${Date.now()}@example.org`;
      const body = volunteerOffer(`Load Tester ${w}-${i}`, email);
      try {
        const response = await fetch(`${site.origin}/support`, {
          method: "POST",
          headers: { Origin: site.origin, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        const text = await response.text();
        if (response.status === 200 && text.includes("Thank you for offering to volunteer!")) {
          acknowledged.push(email);
          if (stopped) acknowledgedAfterStop++;
        } else refused++;
      } catch {
        refused++;
      }
    }
  };
  const load = Promise.all([0, 1, 2, 3].map(worker));
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
  await A.stop("SIGTERM");
  stopped = true;
  await expect.poll(() => acknowledgedAfterStop, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
  running = false;
  await load;

  // Every post that was answered with the thank-you page is in the database.
  const stored = await getDb().select({ email: formSubmissions.email }).from(formSubmissions).where(inArray(formSubmissions.email, acknowledged));
  expect(stored.map((s) => s.email).sort()).toEqual([...acknowledged].sort());
  // The balancer serves every page from B now.
  for (let i = 0; i < 4; i++) expect((await fetch(`${site.origin}/events`)).status).toBe(200);
  test.info().annotations.push({ type: "load", description: `${acknowledged.length} acknowledged, ${refused} not answered or refused` });
});
