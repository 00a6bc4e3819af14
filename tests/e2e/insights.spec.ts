/**
 * Reports, end to end on a server of its own (the test process writes known gifts into its
 * database): a treasurer at 1280 and 390 px opens this financial year, compares it with the
 * last, checks a chart against its table and downloads the trustees' summary (read back
 * with pdf-parse); axe on every report page; the page-view beacon counts a real browser's
 * visit with nothing stored in the browser.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process.
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { donations } from "../../app/features/giving/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { financialYearOf } from "../../app/features/insights/period.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { openSitePage, startGivingSite, type GivingSite } from "./giving-server.ts";
import { ukDate } from "../../app/lib/uk-time.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let site: GivingSite;
const year = financialYearOf(ukDate(), 4);

test.beforeAll(async () => {
  test.setTimeout(150_000);
  site = await startGivingSite();
  // Only the known gifts below: the sample gifts a new site starts with go first.
  await getDb().execute(sql`delete from donations`);
  const gift = (reference: string, pence: number, at: string, cause: string | null, mode: "one-off" | "monthly" = "one-off") =>
    getDb().insert(donations).values({ reference, amount_pence: pence, mode, email: `${reference.toLowerCase()}@example.org`, cause_title: cause, paid_at: new Date(at) });
  // This financial year: £120 + £15 (monthly) + a £40 gift refunded = £135; the last one: £80.
  await gift("E2E-1", 12_000, `${year}-05-10T12:00:00Z`, "Food bank");
  await gift("E2E-2", 1_500, `${year}-06-15T12:00:00Z`, null, "monthly");
  await getDb().insert(donations).values({ reference: "E2E-3", amount_pence: 4_000, mode: "one-off", status: "refunded", email: "e2e-3@example.org", paid_at: new Date(`${year}-07-01T12:00:00Z`), refunded_at: new Date(`${year}-07-02T12:00:00Z`) });
  await gift("E2E-4", 8_000, `${year - 1}-05-10T12:00:00Z`, "Food bank");
  // An event of this financial year with a confirmed booking, for the events report.
  const [event] = await getDb()
    .insert(events)
    .values({ title: "E2E Ceilidh", date: `${year}-09-12`, time: "19:00", description: "A ceilidh.", location: "Village Hall", category: "social", booking_mode: "free", tickets_available: 40 })
    .returning();
  await getDb().insert(bookings).values({ reference: "MCF-E2E0-0001", event_id: event.id, name: "Ann", email: "ann@example.org", quantity: 3, status: "confirmed", confirmed_at: new Date(`${year}-09-01T12:00:00Z`), cancel_token_hash: "e2e-insights-booking" });
});

// eslint-disable-next-line no-empty-pattern
test.afterAll(async ({}, testInfo) => {
  if (site) await testInfo.attach("server output", { body: site.server.output(), contentType: "text/plain" });
  await site?.stop();
});

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

async function signIn(context: BrowserContext, options: Parameters<typeof createSignedInAccount>[0]) {
  const account = await createSignedInAccount(options);
  await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);
}

const figure = (page: Page, label: string) => page.locator(`[data-figure="${label}"]`);

for (const width of [1280, 390]) {
  test(`a treasurer at ${width} px opens the financial year, compares it with the last and downloads the trustees' summary`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(context, { role: "editor", permissions: ["donations"] });
    await openSitePage(page, `${site.origin}/admin/dashboard`);
    if (width < 768) await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Reports: money" })).toBeVisible();
    await expect(page.getByTestId("period-label")).toHaveText(`Financial year ${year} to ${year + 1}`);
    await expect(figure(page, "Money in")).toContainText("£135.00");
    await expect(figure(page, "Money in")).toContainText("Year before: £80.00");
    await expect(figure(page, "Money in")).toContainText("up 69%");
    // Money and events only: no supporter or website tab for a treasurer.
    await expect(page.getByRole("navigation", { name: "Reports" }).getByRole("link")).toHaveText(["Money", "Events"]);

    // The chart and its table agree: the by-cause bars' labels are the table's numbers.
    const byCause = page.locator('[data-chart="by-cause"]');
    await expect(byCause.locator("svg:visible")).toContainText("£120");
    await expect(byCause.locator("table")).toContainText("£120.00");
    await expect(byCause.locator("svg:visible")).toContainText("£80");
    await page.screenshot({ path: `test-results/insights-money-${width}.png`, fullPage: true });
    await noSideScroll(page);

    await page.getByLabel("Period").selectOption("last-year");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByTestId("period-label")).toHaveText(`Financial year ${year - 1} to ${year}`);
    await expect(figure(page, "Money in")).toContainText("£80.00");
    await page.getByLabel("Period").selectOption("this-year");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(figure(page, "Money in")).toContainText("£135.00");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Trustees' summary (PDF)" }).click()]);
    expect(download.suggestedFilename()).toBe(`trustees-summary-${year}-04-01-to-${year + 1}-03-31.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(await download.path())) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`Trustees' summary: Financial year ${year} to ${year + 1}`);
    expect(text).toContain("£135.00");
    expect(text).toContain("Year before £80.00");
  });
}

test("every report page passes axe, and shows its charts and tables without JavaScript", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
    await signIn(context, { role: "administrator" });
    const page = await context.newPage();
    for (const path of ["/admin/reports", "/admin/reports/events", "/admin/reports/supporters", "/admin/reports/website"]) {
      await page.goto(`${site.origin}${path}?period=this-year`);
      await expect(page.locator("[data-chart] svg:visible").first()).toBeVisible();
      await expect(page.locator("[data-chart-table]").first()).toBeAttached();
      // axe runs in the page, so only with JavaScript; the markup is the same without it.
      if (javaScriptEnabled) {
        expect((await new AxeBuilder({ page }).analyze()).violations, path).toEqual([]);
        await page.screenshot({ path: `test-results/insights-${path.split("/").pop()}-1280.png`, fullPage: true });
      }
    }
    await context.close();
  }
});

test("a real browser's visit is counted by the beacon, with no cookie and nothing stored", async ({ page }) => {
  await openSitePage(page, `${site.origin}/causes?utm_campaign=e2e`);
  await expect
    .poll(async () => (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from page_views where path = '/causes' and utm_campaign = 'e2e'`)).rows[0].n)
    .toBe(1);
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ""]);
});

test("a visitor objects on the visitor figures page: one cookie and nothing counted, then counted again without it", async ({ page }) => {
  await openSitePage(page, `${site.origin}/privacy/visitor-counting`);
  await page.getByRole("button", { name: "Do not count my visits" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText("Done: visits from this browser are no longer counted.");
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect((await page.context().cookies()).map((c) => [c.name, c.value, c.httpOnly])).toEqual([["mcf_no_count", "1", true]]);
  // The beacon still goes; its answer comes after the server has decided to count nothing.
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/visit");
  await openSitePage(page, `${site.origin}/causes?utm_campaign=e2e-objected`);
  await beacon;
  expect((await getDb().execute<{ n: number }>(sql`select count(*)::int as n from page_views where utm_campaign = 'e2e-objected'`)).rows[0].n).toBe(0);

  await openSitePage(page, `${site.origin}/privacy/visitor-counting`);
  await page.getByRole("button", { name: "Count my visits again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toHaveText("Done: visits from this browser are counted again, without a cookie.");
  expect(await page.context().cookies()).toEqual([]);
});
