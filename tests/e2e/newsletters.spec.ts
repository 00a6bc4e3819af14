/**
 * Newsletters, end to end on a server of its own with mail at an SMTP catcher on loopback,
 * at 390 and 1280 px: a staff member with the supporters permission writes a newsletter in
 * the editor, previews it, counts a segment (gave in the last 12 months), sends it and
 * sees the counts; only the segment's member gets it, with the one-click unsubscribe
 * header. Then publishes it in the public archive, which works without JavaScript.
 */
// Not ./fixtures.ts: this spec opens its own database in the test process.
import { expect, test, type Page } from "@playwright/test";
import { getDb } from "../../app/db/client.server.ts";
import { eq } from "drizzle-orm";
import { donations } from "../../app/features/giving/table.ts";
import { newsletters } from "../../app/features/newsletters/table.ts";
import { linkSupporter, recordConsent } from "../../app/features/supporters/supporters.server.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { openSitePage, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

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

async function subscriber(email: string, gave: boolean) {
  const id = (await getDb().transaction((tx) => linkSupporter(tx, { email, name: email.split("@")[0] })))!;
  await getDb().transaction((tx) => recordConsent(tx, { supporterId: id, given: true, source: "test", wording: "Email me news" }));
  if (gave) await getDb().insert(donations).values({ reference: `E2E-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, amount_pence: 2500, mode: "one-off", email, supporter_id: id, paid_at: new Date() });
}

for (const width of [390, 1280]) {
  test(`at ${width} px staff write a newsletter, send it to a segment and see the counts`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    const stamp = `${width}-${Date.now()}`;
    const giver = `giver-${stamp}@example.org`;
    const other = `other-${stamp}@example.org`;
    await subscriber(giver, true);
    await subscriber(other, false);
    const account = await createSignedInAccount({ role: "editor", permissions: ["supporters"] });
    await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);

    const subject = `Thank you, givers (${width})`;
    await openSitePage(page, `${site.origin}/admin/newsletters`);
    await page.getByRole("link", { name: "Write a newsletter" }).click();
    // A subject too short is refused: nothing saved, every field keeps what was typed.
    await page.getByLabel("Subject").fill("Hi");
    await page.getByLabel(/Preview text/).fill("What your gifts did this spring");
    const editor = page.locator("[contenteditable=true]").first();
    await editor.click();
    await page.keyboard.type("Your gifts bought new goals for the youth club.");
    await page.getByRole("button", { name: "Save newsletter" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please correct the fields below. Nothing was saved." })).toBeVisible();
    await expect(page.getByText("Write a subject of at least 3 characters")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Hi");
    await expect(page.getByLabel(/Preview text/)).toHaveValue("What your gifts did this spring");
    await expect(editor).toContainText("Your gifts bought new goals for the youth club.");
    await expect(page).toHaveURL(/\/admin\/newsletters\/new$/);
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/newsletter-refused-${width}.png`, fullPage: true });
    await page.getByLabel("Subject").fill(subject);
    await page.getByRole("button", { name: "Save newsletter" }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();

    // The preview: the HTML at two widths, the plain-text part.
    await expect(page.frameLocator('iframe[title="The newsletter at phone width"]').getByText("Your gifts bought new goals for the youth club.")).toBeVisible();
    await page.getByRole("figure").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/newsletter-preview-${width}.png` });
    await page.getByText("The plain-text part").click();
    await expect(page.getByTestId("plain-text")).toContainText("Registered charity number");

    // The segment and its count, before sending.
    await page.getByLabel("Send to").selectOption({ label: "Subscribers who gave in the last 12 months" });
    await page.getByRole("button", { name: "Count them" }).click();
    const count = page.getByTestId("audience-count");
    await expect(count).toContainText("Subscribers who gave in the last 12 months");
    const n = Number((await count.locator("strong").textContent())!.replace(/,/g, ""));
    expect(n).toBeGreaterThanOrEqual(1);
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/newsletter-compose-${width}.png`, fullPage: true });

    // "At a set time" with no time is refused: nothing sent, the choice kept.
    await page.getByLabel("At a set time (UK time)").check();
    await page.getByRole("button", { name: new RegExp(`^Send to ${n} (person|people)$`) }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Choose a date and time in the future to send it. Nothing was sent." })).toBeVisible();
    await expect(page.getByLabel("At a set time (UK time)")).toBeChecked();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.locator("main")).toContainText("Draft");
    expect(site.smtp.mails.filter((m) => m.subject === subject)).toHaveLength(0);
    await page.getByLabel("Now", { exact: true }).check();
    await page.getByRole("button", { name: new RegExp(`^Send to ${n} (person|people)$`) }).click();
    await expect(page.getByText("Sending has started")).toBeVisible();
    const [mail] = await waitForMail(site, giver);
    expect(mail.subject).toBe(subject);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // The counts fill in as it goes.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("newsletter-counts")).toContainText(`Sent${n}`, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/^Sent \d/)).toBeVisible();
    expect(site.smtp.mails.filter((m) => m.to.includes(other) && m.subject === subject)).toHaveLength(0);
    await noSideScroll(page);
    await page.screenshot({ path: `test-results/newsletter-sent-${width}.png`, fullPage: true });

    // In the public archive, on request.
    await page.getByRole("button", { name: "Publish in the public archive" }).click();
    await expect(page.getByText("Published in the newsletter archive")).toBeVisible();
  });
}

test.describe("the public archive without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("lists the published newsletters and shows one", async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.origin}/newsletters`);
      await expect(page.getByRole("heading", { level: 1, name: "Newsletters" })).toBeVisible();
      await page.getByRole("link", { name: "Thank you, givers (1280)" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Thank you, givers (1280)" })).toBeVisible();
      await expect(page.getByText("Your gifts bought new goals for the youth club.")).toBeVisible();
      await noSideScroll(page);
      await page.screenshot({ path: `test-results/newsletter-archive-${width}.png`, fullPage: true });
    }
  });
});

test.describe("a refused newsletter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("shows the messages, keeps every field as typed and saves nothing", async ({ page, context }) => {
    const account = await createSignedInAccount({ role: "editor", permissions: ["supporters"] });
    await context.addCookies([{ name: account.cookie.name, value: account.cookie.value, url: site.origin, httpOnly: true, sameSite: "Lax" }]);
    const preview = `Kept without JavaScript ${Date.now()}`;
    await page.goto(`${site.origin}/admin/newsletters/new`);
    await page.getByLabel("Subject").fill("Yo");
    await page.getByLabel(/Preview text/).fill(preview);
    await page.getByRole("textbox", { name: "Newsletter" }).fill("<p>The plain field, as typed.</p>");
    await page.getByRole("button", { name: "Save newsletter" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please correct the fields below. Nothing was saved." })).toBeVisible();
    await expect(page.getByText("Write a subject of at least 3 characters")).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue("Yo");
    await expect(page.getByLabel(/Preview text/)).toHaveValue(preview);
    await expect(page.getByRole("textbox", { name: "Newsletter" })).toHaveValue("<p>The plain field, as typed.</p>");
    expect(await getDb().select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.preview_text, preview))).toEqual([]);
  });
});
