/**
 * The rendered-page cache on the production server: after an admin change, the next
 * visitors are still served from the cache and the fresh content follows within the
 * max-stale bound (in the same process, and in another process sharing the database
 * through Postgres LISTEN/NOTIFY), never a signed-in or private page for an anonymous
 * visitor (booking confirmation, donation thank-you, admin), and conditional requests
 * answered with 304.
 *
 * Two server processes of our own (A and B) share one fresh database on the browser-test
 * PostgreSQL server, so the changes made here touch nobody else's tests.
 */
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { openEmbeddedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server.ts";
import { createBooking } from "../../app/features/bookings/bookings.server.ts";
import { bookingPath } from "../../app/features/bookings/booking-mail.server.ts";
import { E2E_DATA_DIR } from "../../playwright.config.ts";
import { startOwnServer as startServer, type OwnServer } from "./own-server.ts";
import { StripeDouble } from "../../scripts/stripe-double.ts";

test.describe.configure({ mode: "serial" });

type RunningServer = OwnServer;

const GALA = "Millbrook Charity Gala Dinner";
const EMAIL = "cache-editor@example.org";
const PASSWORD = "correct horse battery staple";
/** PAGE_CACHE_MAX_STALE_SECONDS's default: the longest a changed page's previous version is served. */
const MAX_STALE_MS = 10_000;

let databaseUrl = "";
let a: RunningServer;
let stripe: StripeDouble | undefined;
let b: RunningServer;
let closeDatabase = async () => {};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const external = await openEmbeddedDatabase({ dataDir: E2E_DATA_DIR, mode: "attach", database: `page_cache_${Date.now()}` });
  databaseUrl = external.url;
  closeDatabase = external.close;
  // Online payments on (the Stripe double), so /support shows its donation form, which
  // lists the causes. A first (it applies the migrations and writes the sample content), then B.
  stripe = await new StripeDouble({ retry: false }).start();
  a = await startServer({ DATABASE_URL: databaseUrl, ...stripe.env() });
  b = await startServer({ DATABASE_URL: databaseUrl, ...stripe.env() });
  const created = spawnSync(process.execPath, ["scripts/create-user.ts", "--email", EMAIL, "--password", PASSWORD, "--role", "editor"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(created.status, created.stderr + created.stdout).toBe(0);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await stripe?.stop();
  await closeDatabase();
});

// Plain fetch (no cookie jar): every visit is anonymous unless it sends a Cookie itself.
async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.origin}/admin/login`, {
    method: "POST",
    headers: { Origin: server.origin },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("mcf_session="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0];
}

async function toggleEvent(server: RunningServer, cookie: string, id: number) {
  const response = await fetch(`${server.origin}/admin/events`, {
    method: "POST",
    headers: { Origin: server.origin, Cookie: cookie },
    body: new URLSearchParams({ intent: "toggle", id: String(id) }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
}

async function visit(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

test("after an admin change in the same process, visitors are still served from the cache and get the fresh page from it within the bound", async () => {
  // Fill A's cache, and see it answer from the cache.
  await visit(`${a.origin}/events/1`);
  await visit(`${a.origin}/events`);
  await visit(`${a.origin}/craft-fairs`);
  const cachedEvent = await visit(`${a.origin}/events/1`);
  const cachedList = await visit(`${a.origin}/events`);
  expect(cachedEvent.headers.get("x-page-cache")).toBe("hit");
  expect(cachedEvent.body).toContain(GALA);
  expect(cachedList.headers.get("x-page-cache")).toBe("hit");
  expect(cachedList.body).toContain(GALA);

  // An editor takes the gala off the site through A's admin. The next visitors are served
  // from the cache (the previous version while the page renders again in the background,
  // or the new one), and the new one is there from the cache within the bound.
  const cookie = await signIn(a);
  const saved = Date.now();
  await toggleEvent(a, cookie, 1);
  const next = await visit(`${a.origin}/events`);
  expect(["hit", "stale"]).toContain(next.headers.get("x-page-cache"));
  await expect
    .poll(async () => {
      const list = await visit(`${a.origin}/events`);
      return list.status === 200 && !list.body.includes(GALA) && list.headers.get("x-page-cache") === "hit";
    }, { timeout: MAX_STALE_MS })
    .toBe(true);
  await expect.poll(async () => (await visit(`${a.origin}/events/1`)).status, { timeout: MAX_STALE_MS }).toBe(404);
  console.log(`the changed pages served fresh from A's cache ${Date.now() - saved} ms after the save`);
  expect((await visit(`${a.origin}/events/1`)).headers.get("x-page-cache")).toBe("hit");
  // A page whose routes do not declare the events topic stays cached.
  const fairs = await visit(`${a.origin}/craft-fairs`);
  expect(fairs.headers.get("x-page-cache")).toBe("hit");
  expect(fairs.headers.get("x-content-topics"), "the topics header is for the cache only").toBeNull();
});

test("/support, which reads the causes for its donation form, is refreshed from the cache after a cause is hidden", async () => {
  const YOUTH_CLUB = "Millbrook Youth Club";
  await visit(`${a.origin}/support`);
  const cached = await visit(`${a.origin}/support`);
  expect(cached.headers.get("x-page-cache")).toBe("hit");
  expect(cached.body).toContain(YOUTH_CLUB);
  const cookie = await signIn(a);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: number }>("select id from causes where title = $1", [YOUTH_CLUB]).finally(() => client.end());
  const id = String(rows[0]?.id ?? "");
  expect(id, "the youth club cause").not.toBe("");
  const hide = async (intent: "hide" | "show") => {
    const response = await fetch(`${a.origin}/admin/causes`, {
      method: "POST",
      headers: { Origin: a.origin, Cookie: cookie },
      body: new URLSearchParams({ intent, id }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
  };
  await hide("hide");
  await expect
    .poll(async () => {
      const page = await visit(`${a.origin}/support`);
      return page.headers.get("x-page-cache") === "hit" && !page.body.includes(YOUTH_CLUB);
    }, { timeout: MAX_STALE_MS })
    .toBe(true);
  await hide("show");
  await expect.poll(async () => (await visit(`${a.origin}/support`)).body.includes(YOUTH_CLUB), { timeout: MAX_STALE_MS }).toBe(true);
});

test("another process sharing the database serves the fresh page after the change (LISTEN/NOTIFY)", async () => {
  // B has cached the gala as hidden (state left by the previous test).
  await visit(`${b.origin}/events/1`);
  const before = await visit(`${b.origin}/events/1`);
  expect(before.status).toBe(404);
  expect(before.headers.get("x-page-cache")).toBe("hit");
  await visit(`${b.origin}/events`);
  expect((await visit(`${b.origin}/events`)).headers.get("x-page-cache")).toBe("hit");

  // The editor puts it back through A; B hears of it and renders afresh.
  const cookie = await signIn(a);
  await toggleEvent(a, cookie, 1);
  await expect.poll(async () => (await visit(`${b.origin}/events/1`)).status, { timeout: 10_000 }).toBe(200);
  expect((await visit(`${b.origin}/events/1`)).body).toContain(GALA);
  expect((await visit(`${b.origin}/events`)).body).toContain(GALA);
});

test("a page rendered again in the background is byte for byte the page a fresh request renders: body, ETag, headers, compressed forms", async () => {
  // A has the home page in its cache; B has never rendered it.
  await visit(`${a.origin}/`);
  expect((await visit(`${a.origin}/`)).headers.get("x-page-cache")).toBe("hit");
  const cookie = await signIn(a);
  await toggleEvent(a, cookie, 1);
  // The change is heard before the save answers: the first "hit" after it is the page rendered again.
  await expect.poll(async () => (await visit(`${a.origin}/`)).headers.get("x-page-cache"), { timeout: MAX_STALE_MS }).toBe("hit");
  const refreshed = await visit(`${a.origin}/`);
  const fresh = await visit(`${b.origin}/`);
  expect(fresh.headers.get("x-page-cache")).toBe("miss");
  expect(refreshed.body).toBe(fresh.body);
  expect(refreshed.headers.get("etag")).toBe(fresh.headers.get("etag"));
  for (const header of ["content-type", "content-security-policy", "cache-control", "vary", "x-frame-options", "referrer-policy"]) {
    expect(refreshed.headers.get(header), header).toBe(fresh.headers.get(header));
  }
  for (const encoding of ["br", "gzip"]) {
    const fromA = await fetch(`${a.origin}/`, { headers: { "Accept-Encoding": encoding } });
    const fromB = await fetch(`${b.origin}/`, { headers: { "Accept-Encoding": encoding } });
    expect(fromA.headers.get("content-encoding")).toBe(encoding);
    expect(fromB.headers.get("content-encoding")).toBe(encoding);
    expect(await fromA.text()).toBe(await fromB.text());
  }
  await toggleEvent(a, cookie, 1);
});

test("a signed-in page is never served to an anonymous visitor", async () => {
  const cookie = await signIn(a);

  // Admin pages: never cached; anonymous visitors are sent to sign in.
  const dashboard = await visit(`${a.origin}/admin/dashboard`, { Cookie: cookie });
  expect(dashboard.status).toBe(200);
  expect(dashboard.headers.get("etag")).toBeNull();
  const anonymousDashboard = await visit(`${a.origin}/admin/dashboard`);
  expect(anonymousDashboard.status).toBe(302);
  expect(anonymousDashboard.headers.get("location")).toMatch(/^\/admin\/login/);

  // A public page seen by staff first is not stored for visitors.
  const staffView = await visit(`${a.origin}/about?from=staff`, { Cookie: cookie });
  expect(staffView.status).toBe(200);
  expect(staffView.headers.get("x-page-cache")).toBeNull();
  expect((await visit(`${a.origin}/about?from=staff`)).headers.get("x-page-cache")).toBe("miss");

  // Maintenance mode (switched on in the database, announced like any settings change):
  // staff see the site with a banner, visitors get the 503 page, never the staff view.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await visit(`${a.origin}/`);
    await client.query("update site_settings set maintenance_mode = true where id = 1");
    await client.query("select pg_notify('millbrook_changes', $1)", [JSON.stringify({ topic: "settings", from: "e2e" })]);
    await expect.poll(async () => (await visit(`${a.origin}/`)).status, { timeout: 10_000 }).toBe(503);
    const staffHome = await visit(`${a.origin}/`, { Cookie: cookie });
    expect(staffHome.status).toBe(200);
    expect(staffHome.body).toContain("Maintenance mode is on");
    const visitorHome = await visit(`${a.origin}/`);
    expect(visitorHome.status).toBe(503);
    expect(visitorHome.body).not.toContain("Maintenance mode is on");
  } finally {
    await client.query("update site_settings set maintenance_mode = false where id = 1");
    await client.query("select pg_notify('millbrook_changes', $1)", [JSON.stringify({ topic: "settings", from: "e2e" })]);
    await client.end();
  }
  await expect.poll(async () => (await visit(`${a.origin}/`)).status, { timeout: 10_000 }).toBe(200);
});

test("pages with private parts are never served from the shared cache, before or after a change renders the pages around them again", async () => {
  // A booking confirmation: the buyer's page by its secret link.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let path = "";
  try {
    const { rows } = await client.query<{ id: number }>(
      "update events set booking_mode = 'free', tickets_available = 50, ticket_price_pence = null where id = (select id from events where is_active and not is_past and id <> 1 order by id limit 1) returning id",
    );
    connectDatabase(databaseUrl, { max: 2 });
    try {
      const booking = await createBooking({ eventId: rows[0]!.id, name: "Private Person", email: "private-person@example.org", quantity: 1 }, { confirmByEmail: false });
      if (!booking.ok) throw new Error(`no booking: ${JSON.stringify(booking)}`);
      path = bookingPath(booking.booking.reference, booking.token);
    } finally {
      await disconnectDatabase();
    }
    await client.query("select pg_notify('millbrook_changes', $1)", [JSON.stringify({ topic: "events", from: "e2e" })]);
  } finally {
    await client.end();
  }
  const cookie = await signIn(a);
  const privatePages = [path, "/support/thank-you?session_id=cs_unknown"];
  const check = async (label: string) => {
    for (const page of privatePages) {
      for (let i = 0; i < 3; i++) {
        const response = await visit(`${a.origin}${page}`);
        expect(response.headers.get("cache-control"), `${label}: ${page}`).toBe("private, no-store");
        expect(response.headers.get("x-page-cache"), `${label}: ${page}`).toBe("bypass");
        expect(response.headers.get("etag"), `${label}: ${page}`).toBeNull();
      }
    }
    const booking = await visit(`${a.origin}${path}`);
    expect(booking.body).toContain("Private Person");
    // Admin screens and anything asked for with a session: never from the cache, never stored.
    for (const page of ["/admin/login", "/admin/dashboard"]) expect((await visit(`${a.origin}${page}`)).headers.get("x-page-cache"), page).toBeNull();
    await visit(`${a.origin}/trustees`);
    const staff = await visit(`${a.origin}/trustees`, { Cookie: cookie });
    expect(staff.headers.get("x-page-cache")).toBeNull();
    expect(staff.headers.get("etag")).toBeNull();
  };
  await check("before a change");
  // An editor's change: the cached pages around them are rendered again; the private ones still are not.
  await toggleEvent(a, cookie, 1);
  await toggleEvent(a, cookie, 1);
  await check("after a change");
  expect((await visit(`${a.origin}/trustees`)).headers.get("x-page-cache")).not.toBe("miss");
});

test("cached pages carry ETag and Last-Modified and answer conditional requests with 304", async () => {
  const first = await visit(`${a.origin}/trustees`);
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag") ?? "";
  const lastModified = first.headers.get("last-modified") ?? "";
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(lastModified).toBeTruthy();
  expect(first.headers.get("cache-control")).toBe("no-cache");

  const byTag = await visit(`${a.origin}/trustees`, { "If-None-Match": etag });
  expect(byTag.status).toBe(304);
  expect(byTag.body).toBe("");
  const byDate = await visit(`${a.origin}/trustees`, { "If-Modified-Since": lastModified });
  expect(byDate.status).toBe(304);
  const otherTag = await visit(`${a.origin}/trustees`, { "If-None-Match": 'W/"something-else"' });
  expect(otherTag.status).toBe(200);
  expect(otherTag.body).toBe(first.body);

  // Compressed once, served as the browser asks.
  for (const encoding of ["br", "gzip"]) {
    const response = await fetch(`${a.origin}/trustees`, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(await response.text()).toBe(first.body);
  }
});

test("random query strings and a made-up toast cookie are served the one stored page; a page's own parameters still make pages", async () => {
  const home = await visit(`${a.origin}/`);
  expect(home.status).toBe(200);
  let hits = 0;
  for (let i = 0; i < 200; i++) {
    const response = await fetch(`${a.origin}/?x=${Math.random().toString(36).slice(2)}`, { headers: { Cookie: i % 2 ? "mcf_toast=forged.c2lnbmF0dXJl" : "" } });
    await response.arrayBuffer();
    if (response.headers.get("x-page-cache") === "hit") hits++;
  }
  console.log(`200 requests to /?x=<random> (half with a made-up toast cookie): ${hits} served from the one stored page`);
  expect(hits).toBe(200);
  // /news reads ?page: page 2 is its own page, whatever else the address carries.
  await visit(`${a.origin}/news?page=2&x=1`);
  const again = await fetch(`${a.origin}/news?x=2&page=2`);
  expect(again.headers.get("x-page-cache")).toBe("hit");
  expect((await fetch(`${a.origin}/news?page=1&x=3`)).headers.get("x-page-cache")).not.toBe("hit");
});
