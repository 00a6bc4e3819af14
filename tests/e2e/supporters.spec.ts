/**
 * Supporters, end to end on a server of its own with mail at an SMTP catcher on loopback:
 * the footer's newsletter signup and its confirmation link at 390 and 1280 px (with and
 * without JavaScript), a refused signup's message, the one-click unsubscribe POST with no session or Origin, and staff
 * finding a supporter, reading the timeline and adding a note.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process.
import { expect, test, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { linkSupporter } from "../../app/features/supporters/supporters.server.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { openSitePage, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let site: GivingSite;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  site = await startGivingSite();
});

// eslint-disable-next-line no-empty-pattern
test.afterAll(async ({}, testInfo) => {
  if (site) await testInfo.attach("server output", { body: site.server.output(), contentType: "text/plain" });
  await site?.stop();
});

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

for (const width of [390, 1280]) {
  test(`footer signup at ${width} px: a confirmation email, and subscribed only after its button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `footer-${width}-${Date.now()}@example.org`;
    await openSitePage(page, `${site.origin}/events`);
    const signup = page.getByTestId("signup-footer");
    await signup.scrollIntoViewIfNeeded();
    await signup.getByLabel("Email").fill(email);
    await signup.getByLabel(/First name/).fill("Fay");
    await signup.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("signup-answer")).toContainText("Nearly done: please check your email");
    await expect(page.getByTestId("signup-answer")).toContainText(email);
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/supporters-signup-${width}.png`, fullPage: false });

    const [mail] = await waitForMail(site, email);
    const link = /(http:\/\/localhost:\d+\/newsletter\/confirm\/[\w-]+)/.exec(mail.text)![1];
    await openSitePage(page, link);
    await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
    let liveConnections = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/live") liveConnections++;
    });
    await page.getByRole("button", { name: "Yes, subscribe me" }).click();
    await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
    // A change to what the page shows (another editor saving) while the answer is on screen
    // must not take it away: a revalidation would drop the action's answer.
    await expect.poll(() => liveConnections).toBeGreaterThan(0);
    await getDb().execute(sql`select pg_notify('millbrook_changes', ${JSON.stringify({ topic: "settings", from: "e2e" })})`);
    await page.waitForTimeout(1_000);
    await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/supporters-confirmed-${width}.png`, fullPage: false });

    // The preferences link works without a password; the one-click POST (RFC 8058) comes
    // from a mail provider: no session, no Origin.
    const preferences = await page.getByRole("link", { name: "Your email preferences" }).getAttribute("href");
    const token = preferences!.split("/").pop()!;
    const oneClick = await fetch(`${site.origin}/newsletter/unsubscribe/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await openSitePage(page, `${site.origin}${preferences}`);
    await expect(page.getByTestId("preferences-page")).toContainText(`${email} does not get the foundation's news by email.`);
    await page.getByRole("button", { name: "Subscribe again" }).click();
    await expect(page.getByRole("status")).toContainText("You are subscribed again");
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the footer signup works as a plain form", async ({ page }) => {
    const email = `nojs-${Date.now()}@example.org`;
    await page.goto(`${site.origin}/`);
    const signup = page.getByTestId("signup-footer");
    await signup.getByLabel("Email").fill(email);
    await signup.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("signup-answer")).toContainText("Nearly done");
    await waitForMail(site, email);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a refused signup, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test("shows the server's message under the email field and keeps what was typed", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${site.origin}/`);
      const footer = page.getByTestId("signup-footer");
      // The browser lets this address through (no dot in the domain); the server's check does not.
      await footer.getByLabel("Email").fill("fay@localhost");
      await footer.getByLabel(/First name/).fill("Fay");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/newsletter$/);
      const form = page.getByTestId("signup-news");
      await expect(form.getByText("Enter an email address like name@example.org")).toBeVisible();
      await expect(form.getByLabel("Email")).toHaveValue("fay@localhost");
      await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel(/First name/)).toHaveValue("Fay");
      await expect(page.getByTestId("signup-answer")).toHaveCount(0);
      await noSideScroll(page);
      await page.screenshot({ path: `test-results/supporters-signup-refused-js-${javaScriptEnabled ? "on" : "off"}.png`, fullPage: false });
    });
  });
}

test("staff find a supporter, read the timeline and add a note", async ({ page, context }) => {
  const email = `timeline-${Date.now()}@example.org`;
  await getDb().transaction((tx) => linkSupporter(tx, { email, name: "Tilly Timeline", postcode: "MB4 4TT" }));
  const signup = await fetch(`${site.origin}/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin },
    body: new URLSearchParams({ email, source: "news" }),
  });
  expect(signup.status).toBe(200);
  const [mail] = await waitForMail(site, email);
  const link = /(http:\/\/localhost:\d+\/newsletter\/confirm\/[\w-]+)/.exec(mail.text)![1];
  expect((await fetch(link, { method: "POST", headers: { Origin: site.origin } })).status).toBe(200);

  const account = await createSignedInAccount({ role: "editor", permissions: ["supporters"] });
  await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openSitePage(page, `${site.origin}/admin/supporters`);
    await page.getByRole("search", { name: "Filter supporters" }).getByLabel("Search").fill("tilly timeline");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("link", { name: "Tilly Timeline" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tilly Timeline" })).toBeVisible();
    await expect(page.getByTestId("timeline")).toContainText("Agreed to email news");
    await expect(page.getByTestId("timeline")).toContainText("Newsletter signup on the news page, confirmed by the emailed link");
    const note = `Thanked by phone at ${width} px.`;
    await page.getByRole("textbox", { name: "Note", exact: true }).fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("timeline").locator("li").first()).toContainText(note);
    await expect(page.getByRole("textbox", { name: "Note", exact: true })).toHaveValue("");
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/supporters-staff-${width}.png`, fullPage: true });
  }

  // An editor without the permission is refused the list and the page.
  const other = await createSignedInAccount({ role: "editor" });
  const refused = await fetch(`${site.origin}/admin/supporters?q=tilly`, { headers: { Cookie: `${other.cookie.name}=${other.cookie.value}` }, redirect: "manual" });
  expect(refused.status).toBe(403);
  expect(await refused.text()).not.toContain("Tilly");
});
