/**
 * One person, everything they did, on one record: a visitor gives on /support (ticking the
 * news box), books the quiz night's family tickets with a code under the same address typed
 * in capitals, and staff send a newsletter to every subscriber. The supporter's timeline
 * shows the gift, the booking with its ticket types, the consent and the newsletter, at
 * 1280 and 390 px. Runs on a server of its own with the Stripe double and an SMTP catcher.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process.
import { expect, test, type Page } from "@playwright/test";
import { getDb } from "../../app/db/client.server.ts";
import { givingSettings } from "../../app/features/giving/table.ts";
import { supporterByEmail } from "../../app/features/supporters/index.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { openSitePage, startGivingSite, type GivingSite } from "./giving-server.ts";

test.describe.configure({ mode: "serial", timeout: 150_000 });

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

test("a gift, a family booking and a newsletter land on one supporter's timeline", async ({ page, context }, testInfo) => {
  const email = `rosa-${Date.now()}@example.org`;

  // A one-off gift of £20, with the news box ticked.
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = page.getByRole("form", { name: "Make a donation" });
  await form.getByLabel("Other amount in pounds").fill("20");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("checkbox", { name: "Email me news of the foundation's work" }).check();
  await form.getByRole("button", { name: /^Donate £20/ }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£20.00");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();

  // The quiz night: a Family ticket and an Adult, with the sample code, the address in capitals.
  await getDb().insert(givingSettings).values({ id: 1, max_tickets_per_client: 100 }).onConflictDoUpdate({ target: givingSettings.id, set: { max_tickets_per_client: 100 } });
  await openSitePage(page, `${site.origin}/events/3`);
  const box = page.getByRole("region", { name: "Tickets" });
  await box.getByLabel("Family", { exact: true }).selectOption("1");
  await box.getByLabel("Adult", { exact: true }).selectOption("1");
  await box.getByRole("button", { name: "Continue", exact: true }).click();
  await box.getByLabel("Names of the people coming").fill("Rosa Field\nTom Field");
  await box.getByLabel("Your name").fill("Rosa Field");
  await box.getByLabel("Email", { exact: true }).fill(`  ${email.toUpperCase()} `);
  await box.getByLabel("Discount code").fill("QUIZ10");
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByRole("status").filter({ hasText: "Code QUIZ10 applied" })).toBeVisible();
  // £25 + £10, less 10%.
  await expect(box.getByTestId("ticket-total")).toHaveText("£31.50");
  await box.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£31.50");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "You're booked" })).toBeVisible();

  // One supporter for both, found by the address however it was typed.
  const supporter = await supporterByEmail(email);
  expect(supporter).not.toBeNull();

  // Staff send a newsletter to every subscriber; she is one (she ticked the box).
  const account = await createSignedInAccount({ role: "editor", permissions: ["supporters"] });
  await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);
  const subject = `What your gifts did this autumn ${Date.now()}`;
  await openSitePage(page, `${site.origin}/admin/newsletters`);
  await page.getByRole("link", { name: "Write a newsletter" }).click();
  await page.getByLabel("Subject").fill(subject);
  await page.locator("[contenteditable=true]").first().click();
  await page.keyboard.type("The community garden has its new beds, thanks to you.");
  await page.getByRole("button", { name: "Save newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await page.getByRole("button", { name: "Count them" }).click();
  const n = Number((await page.getByTestId("audience-count").locator("strong").textContent())!.replace(/,/g, ""));
  expect(n).toBeGreaterThanOrEqual(1);
  await page.getByRole("button", { name: new RegExp(`^Send to ${n} (person|people)$`) }).click();
  await expect(page.getByText("Sending has started")).toBeVisible();
  // The newsletter reaches her (after her receipt and her tickets).
  await expect.poll(() => site.smtp.mails.filter((m) => m.to.includes(email) && m.subject === subject).length, { timeout: 30_000 }).toBe(1);

  // Her timeline: newest first, the newsletter, the booking with its types, the gift and her consent.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(async () => {
      await openSitePage(page, `${site.origin}/admin/supporters/${supporter!.id}`);
      await expect(page.getByTestId("timeline")).toContainText(`Newsletter: ${subject}`, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const timeline = page.getByTestId("timeline");
    await expect(timeline).toContainText("Booked 5 places for Big Community Quiz Night");
    await expect(timeline).toContainText("1 Adult, 1 Family");
    await expect(timeline).toContainText("Gave £20.00");
    await expect(timeline).toContainText("Agreed to email news");
    const titles = await timeline.locator("li").allTextContents();
    const at = (text: string) => titles.findIndex((t) => t.includes(text));
    expect(at(`Newsletter: ${subject}`)).toBeLessThan(at("Booked 5 places"));
    expect(at("Booked 5 places")).toBeLessThan(at("Gave £20.00"));
    await noSideScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`supporter-timeline-${width}.png`), fullPage: true });
  }
});
