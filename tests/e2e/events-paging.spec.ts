/**
 * The upcoming events a page at a time: the server sends one page of the chosen category
 * tab, and the pages below the list work as links without JavaScript and on the client
 * with it. A category that fits on one page shows no paging.
 *
 * A server of our own on a fresh database of the browser-test PostgreSQL server, so the
 * events added here touch nobody else's tests.
 */
import pg from "pg";
import { openEmbeddedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { E2E_DATA_DIR } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let closeDatabase = async () => {};

/**
 * 14 workshops and 13 sports events after the sample's six (its weekly coffee mornings,
 * twelve dates, are one card): 33 upcoming, three pages.
 */
const WORKSHOPS = 14;
const SPORTS = 13;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const external = await openEmbeddedDatabase({ dataDir: E2E_DATA_DIR, mode: "attach", database: `events_paging_${Date.now()}` });
  closeDatabase = external.close;
  // The first start applies the migrations and writes the sample content.
  const first = await startOwnServer({ DATABASE_URL: external.url });
  await first.stop();
  const client = new pg.Client({ connectionString: external.url });
  await client.connect();
  try {
    // Dated after the sample events (at most 205 days ahead), one a day.
    await client.query(
      `insert into events (title, date, time, description, location, category, ticket_price)
       select 'Workshop ' || lpad(i::text, 2, '0'), current_date + 300 + i, '10:00', 'Make something.', 'Millbrook Village Hall', 'workshop', 'Free'
       from generate_series(1, $1::int) as i`,
      [WORKSHOPS],
    );
    await client.query(
      `insert into events (title, date, time, description, location, category, ticket_price)
       select 'Sports day ' || lpad(i::text, 2, '0'), current_date + 400 + i, '10:00', 'Run about.', 'Millbrook Green', 'sports', 'Free'
       from generate_series(1, $1::int) as i`,
      [SPORTS],
    );
  } finally {
    await client.end();
  }
  server = await startOwnServer({ DATABASE_URL: external.url });
});

test.afterAll(async () => {
  await server?.stop();
  await closeDatabase();
});

const titles = (page: import("@playwright/test").Page) => page.getByRole("tabpanel").getByRole("heading", { level: 3 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages and category tabs are links the server answers", async ({ page }) => {
    await page.goto(`${server.origin}/events`);
    await expect(titles(page)).toHaveCount(12);
    // The soonest first: the sample's six, then the workshops.
    await expect(titles(page).first()).not.toHaveText(/Workshop|Sports/);
    const pager = page.getByRole("navigation", { name: "Pages of upcoming events" });
    await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(pager.locator("[aria-current=page]")).toHaveText("1");

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/events\?tab=all&page=2#upcoming$/);
    await expect(titles(page)).toHaveCount(12);
    await expect(titles(page).first()).toHaveText("Workshop 07");
    await expect(pager.locator("[aria-current=page]")).toHaveText("2");

    await pager.getByRole("link", { name: "3", exact: true }).click();
    await expect(titles(page)).toHaveText(["Sports day 05", "Sports day 06", "Sports day 07", "Sports day 08", "Sports day 09", "Sports day 10", "Sports day 11", "Sports day 12", "Sports day 13"]);
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);

    // A tab starts at its first page, with only its own events, filtered by the server.
    await page.getByRole("tablist", { name: "Event categories" }).getByRole("tab", { name: "Workshop" }).click();
    await expect(page).toHaveURL(/\?tab=workshop#event-categories-tab-workshop$/);
    await expect(titles(page)).toHaveCount(12);
    // The sample Repair Café is a workshop too, and the soonest.
    await expect(titles(page).first()).toHaveText("Millbrook Repair Café");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(titles(page)).toHaveText(["Workshop 12", "Workshop 13", "Workshop 14"]);

    // A page past the end shows the last one; a made-up page number the first.
    await page.goto(`${server.origin}/events?tab=sports&page=99`);
    await expect(titles(page)).toHaveText(["Sports day 13"]);
    await page.goto(`${server.origin}/events?tab=sports&page=-1x`);
    await expect(titles(page)).toHaveCount(12);
    await expect(titles(page).first()).toHaveText("Sports day 01");
  });
});

test("with JavaScript, tabs and pages load their events on the client", async ({ page }) => {
  await page.goto(`${server.origin}/events`);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const tabs = page.getByRole("tablist", { name: "Event categories" });
  const pager = page.getByRole("navigation", { name: "Pages of upcoming events" });

  await tabs.getByRole("tab", { name: "Sports" }).click();
  await expect(page).toHaveURL(/\?tab=sports$/);
  await expect(tabs.getByRole("tab", { name: "Sports" })).toHaveAttribute("aria-selected", "true");
  await expect(titles(page)).toHaveCount(12);
  await expect(titles(page).first()).toHaveText("Sports day 01");

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?tab=sports&page=2#upcoming$/);
  await expect(titles(page)).toHaveText(["Sports day 13"]);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(titles(page)).toHaveCount(12);

  // A category that fits on one page has no paging.
  await tabs.getByRole("tab", { name: "Family" }).click();
  await expect(titles(page)).toHaveText(["Millbrook Summer Fair"]);
  await expect(pager).toHaveCount(0);
  // All of it on the client: the page was never loaded again.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

for (const width of [320, 390]) {
  test(`on a phone (${width} px) the pages read as a status on one line above the two links`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${server.origin}/events?tab=all&page=2`);
    const pager = page.getByRole("navigation", { name: "Pages of upcoming events" });
    const status = pager.getByText("Page 2 of 3");
    await expect(status).toBeVisible();
    const previous = pager.getByRole("link", { name: "Previous" });
    const next = pager.getByRole("link", { name: "Next" });
    await expect(previous).toBeVisible();
    await expect(next).toBeVisible();
    const [statusBox, previousBox, nextBox] = await Promise.all([status.boundingBox(), previous.boundingBox(), next.boundingBox()]);
    const lineHeight = await status.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect(statusBox!.height).toBeLessThan(lineHeight * 1.5);
    expect(statusBox!.y + statusBox!.height).toBeLessThanOrEqual(previousBox!.y);
    expect(Math.abs(previousBox!.y - nextBox!.y)).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}
