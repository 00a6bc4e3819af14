/**
 * Content that staff write, as visitors see it: events of every category can be found
 * by a tab on /events, links in event descriptions can be followed (and a long one does
 * not push the page sideways), and the home hero shows the subtitle exactly as set.
 *
 * A server of our own on a fresh database of the browser-test PostgreSQL server, so the
 * events added here touch nobody else's tests.
 */
import { expect, test } from "./fixtures.ts";
import pg from "pg";
import { openEmbeddedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { E2E_DATA_DIR } from "../../playwright.config.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let databaseUrl = "";
let closeDatabase = async () => {};

const LONG_LINK = "https://www.millbrook-village-hall-bookings.example.org/whats-on/2027/spring-programme/pottery-for-absolute-beginners?ref=foundation";
const EXTRA_CATEGORIES = [
  ["workshop", "Pottery Workshop"],
  ["arts", "Open Studios Weekend"],
  ["volunteer", "Volunteer Drivers Briefing"],
  ["sports", "Fun Run on the Green"],
  ["fair", "Antiques Fair"],
] as const;

async function sql(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const external = await openEmbeddedDatabase({ dataDir: E2E_DATA_DIR, mode: "attach", database: `public_content_${Date.now()}` });
  databaseUrl = external.url;
  closeDatabase = external.close;
  // The first start applies the migrations and writes the sample content; then the events
  // are added, and the server started again reads them fresh.
  const first = await startOwnServer({ DATABASE_URL: databaseUrl });
  await first.stop();
  for (const [category, title] of EXTRA_CATEGORIES) {
    await sql(
      `insert into events (title, date, time, description, long_description, location, category, ticket_price)
       values ($1, current_date + 30, '10:00', $2, $3, 'Millbrook Village Hall', $4, 'Free')`,
      [
        title,
        `${title} for everyone.`,
        category === "workshop"
          ? `Book at ${LONG_LINK}, or see https://example.org/pottery.\n\nQuestions to potter@example.org please. Not a link: javascript:alert(1) and <b>bold</b>.`
          : `${title}: come along.`,
        category,
      ],
    );
  }
  server = await startOwnServer({ DATABASE_URL: databaseUrl });
});

test.afterAll(async () => {
  await server?.stop();
  await closeDatabase();
});

test("every category with an upcoming event has a tab on /events that lists it", async ({ page }) => {
  await page.goto(`${server.origin}/events`);
  const tabs = page.getByRole("tablist", { name: "Event categories" });
  await expect(tabs.getByRole("tab")).toHaveText([
    "All events",
    "Fundraiser",
    "Social",
    "Community",
    "Family",
    "Volunteering",
    "Workshop",
    "Fair",
    "Sports",
    "Arts",
  ]);
  for (const [category, title] of EXTRA_CATEGORIES) {
    await page.goto(`${server.origin}/events?tab=${category}`);
    // Its own event is listed (the sample Repair Café is a workshop too).
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 3, name: title })).toBeVisible();
  }
});

test("links in an event description can be followed, safely, and a long one wraps on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`${server.origin}/events`);
  await page.getByRole("tablist").getByRole("tab", { name: "Workshop" }).click();
  await page.getByRole("tabpanel").getByRole("link", { name: "View Details: Pottery Workshop" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pottery Workshop");
  const about = page.getByRole("main").locator("article").first();
  const long = about.getByRole("link", { name: LONG_LINK });
  await expect(long).toHaveAttribute("href", LONG_LINK);
  await expect(long).toHaveAttribute("rel", "noopener noreferrer");
  // A full stop after an address is not part of it.
  await expect(about.getByRole("link", { name: "https://example.org/pottery", exact: true })).toHaveAttribute("href", "https://example.org/pottery");
  await expect(about.getByRole("link", { name: "potter@example.org" })).toHaveAttribute("href", "mailto:potter@example.org");
  // Only those three: no javascript: link, and markup stays text.
  await expect(about.locator("a[href^='javascript']")).toHaveCount(0);
  await expect(about).toContainText("javascript:alert(1) and <b>bold</b>.");
  await expect(about.locator("b")).toHaveCount(0);

  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const box = (await long.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320 - 16);
  await long.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("event-long-link-320.png") });
});

test("the home hero shows the introduction staff set in Page texts, as it is", async ({ page }) => {
  await page.goto(`${server.origin}/`);
  const hero = page.locator("main section").first();
  // The sample subtitle reads as one text, without a doubled full stop.
  await expect(hero.locator("h1 ~ p").first()).not.toContainText("..");
  await expect(hero.locator("h1 ~ p").first()).toContainText("We raise money at friendly local events");

  await sql("insert into page_texts (key, value) values ('home.hero_intro', $1) on conflict (key) do update set value = excluded.value", [
    "Every pound raised here stays local.",
  ]);
  await sql("select pg_notify('millbrook_changes', $1)", [JSON.stringify({ topic: "page-texts", from: "e2e" })]);
  await expect
    .poll(async () => {
      await page.goto(`${server.origin}/`);
      return (await hero.locator("h1 ~ p").first().textContent())?.trim();
    })
    .toBe("Every pound raised here stays local.");
});
