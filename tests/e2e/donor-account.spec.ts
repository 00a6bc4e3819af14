/**
 * A donor manages their own giving, in the browser at 390 and 1280 px: a monthly gift made
 * on the support page (Stripe double), then "Manage my giving": the sign-in link read from
 * the loopback SMTP server, the gift raised, paused, the card updated at Stripe's (double's)
 * page, and a receipt and the year's statement downloaded and read back as PDFs.
 * One server of its own for the file (its own database, Stripe double and mail catcher).
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { taxYearLabel, taxYearOf } from "../../app/features/donor-account/tax-year.ts";
import { monthlyGiftByEmail, openSitePage, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

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

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return pdfText(await file.path());
}

/** A monthly gift of £10 with Gift Aid, made on the support page; returns once Stripe's webhooks are in. */
async function giveMonthly(page: Page, email: string) {
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = page.getByRole("form", { name: "Make a donation" });
  await form.getByText("Monthly", { exact: true }).click();
  await form.getByText("£10", { exact: true }).click();
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("checkbox", { name: /Yes, add Gift Aid/ }).check();
  await form.getByLabel("Title").fill("Ms");
  await form.getByLabel("First name").fill("Ann");
  await form.getByLabel("Last name").fill("O'Neill");
  await form.getByLabel("House name or number").fill("Rose Cottage");
  await form.getByLabel("Postcode").fill("mb1 2ab");
  await form.getByRole("button", { name: "Donate £10 monthly" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`at ${width} px: sign in by link, raise the monthly gift, pause it, update the card, download a receipt and the statement`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const email = `donor-${width}-${Date.now()}@example.org`;
    const shot = async (name: string) => {
      const path = testInfo.outputPath(`${width}-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`${width}-${name}`, { path, contentType: "image/png" });
    };

    // A monthly gift of £10 with Gift Aid, made on the support page.
    await giveMonthly(page, email);
    const receiptMail = (await waitForMail(site, email))[0]!;
    expect(receiptMail.text).toContain(`Manage my giving: ${site.origin}/manage-giving`);
    expect(receiptMail.text).toContain("registered charity number");

    // From the support page to "Manage my giving": ask for a link.
    await openSitePage(page, `${site.origin}/support#donate`);
    await page.getByRole("link", { name: "Manage my giving" }).click();
    await expect(page.getByRole("heading", { name: "Manage my giving", level: 1 })).toBeVisible();
    await shot("1-ask");
    await page.getByLabel("Your email address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByTestId("link-answer")).toContainText("Check your email");
    const mail = (await waitForMail(site, email, 2)).find((m) => m.subject.startsWith("Your link to manage your giving"))!;
    const link = /(http:\/\/localhost:\d+\/manage-giving\/sign-in\/[\w-]+)/.exec(mail.text)![1]!;

    await page.goto(link);
    await page.getByRole("button", { name: "Sign in to my giving" }).click();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const gift = page.getByTestId("monthly-gift");
    await expect(gift.getByRole("heading", { name: "£10 a month" })).toBeVisible();
    await expect(gift.getByTestId("monthly-status")).toHaveText("Active");
    await shot("2-signed-in");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The link worked once.
    const again = await page.context().newPage();
    await again.goto(link);
    await expect(again.getByTestId("link-refused")).toBeVisible();
    await again.close();

    // Raise it to £15: Stripe's subscription and the ledger follow.
    await gift.getByLabel("Change the amount").fill("15");
    await gift.getByRole("button", { name: "Change", exact: true }).click();
    await expect(page.getByTestId("donor-notice")).toHaveText("Thank you: your monthly gift is changed, from your next payment.");
    await expect(gift.getByRole("heading", { name: "£15 a month" })).toBeVisible();
    const row = (await monthlyGiftByEmail(email))!;
    expect(row.amount_pence).toBe(1500);
    expect(site.stripe.subscriptions.get(row.stripe_subscription_id)!.amount).toBe(1500);

    // A bad amount: a clear message, nothing changed.
    await gift.getByLabel("Change the amount").fill("15.999");
    await gift.getByRole("button", { name: "Change", exact: true }).click();
    await expect(page.getByTestId("donor-error")).toContainText("no more than 2 digits after the point");
    expect(site.stripe.subscriptions.get(row.stripe_subscription_id)!.amount).toBe(1500);

    // Pause for 2 months.
    await gift.getByLabel("Take a break").selectOption("2");
    await gift.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByTestId("donor-notice")).toContainText("Your monthly gift is paused");
    await expect(gift.getByTestId("monthly-status")).toContainText("Paused until");
    expect(site.stripe.subscriptions.get(row.stripe_subscription_id)!.pause_collection).toMatchObject({ behavior: "void" });
    await shot("3-paused");

    // New card details, at Stripe's (the double's) page, and back.
    await gift.getByRole("button", { name: "Update card or bank details" }).click();
    await expect(page.getByRole("heading", { name: "Update payment method" })).toBeVisible();
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByTestId("donor-notice")).toContainText("Any change you made to your payment details applies from your next payment");
    expect(site.stripe.savedPaymentMethods.get(row.stripe_customer_id!)).toMatch(/^pm_test_/);

    // A receipt and this tax year's statement, as PDFs.
    const gifts = page.getByTestId("donor-gifts");
    await expect(gifts.getByRole("listitem")).toHaveCount(1);
    await expect(gifts).toContainText("Gift Aided");
    const receipt = await download(page, () => gifts.getByRole("link", { name: /Receipt \(PDF\)/ }).first().click());
    expect(receipt).toContain("Receipt for your donation");
    expect(receipt).toMatch(/Amount\s+£10\.00 \(monthly gift\)/);
    expect(receipt).toContain("Received with thanks from Ms Ann O'Neill.");
    const year = taxYearLabel(taxYearOf(new Date()));
    const statement = await download(page, () => page.getByRole("link", { name: `Statement ${year} (PDF)` }).click());
    expect(statement).toContain(`Your giving statement, tax year ${year}`);
    expect(statement).toMatch(/Total given\s+£10\.00/);
    expect(statement).toMatch(/Of which Gift Aided\s+£10\.00/);
    await shot("4-done");

    // The page is private: never served from the page cache to someone without the cookie.
    const response = await page.request.get(`${site.origin}/manage-giving`, { headers: { Cookie: "" } });
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const outsider = await page.context().browser()!.newPage();
    await outsider.goto(`${site.origin}/manage-giving`);
    await expect(outsider.getByLabel("Your email address")).toBeVisible();
    await expect(outsider.getByText(email)).toHaveCount(0);
    await outsider.close();
  });
}

test("without JavaScript at 320 px: sign in by link, change the amount, cancel the declaration; nothing scrolls sideways", async ({ page, browser }) => {
  const email = `nojs-${Date.now()}@example.org`;
  await giveMonthly(page, email);
  await waitForMail(site, email);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
  const plain = await context.newPage();
  try {
    await plain.goto(`${site.origin}/manage-giving`);
    await plain.getByLabel("Your email address").fill(email);
    await plain.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(plain.getByTestId("link-answer")).toContainText("Check your email");
    const mail = (await waitForMail(site, email, 2)).find((m) => m.subject.startsWith("Your link to manage your giving"))!;
    await plain.goto(/(http:\/\/localhost:\d+\/manage-giving\/sign-in\/[\w-]+)/.exec(mail.text)![1]!);
    await plain.getByRole("button", { name: "Sign in to my giving" }).click();
    await expect(plain.getByText(`Signed in as ${email}`)).toBeVisible();
    expect(await plain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const gift = plain.getByTestId("monthly-gift");
    await gift.getByLabel("Change the amount").fill("12.50");
    await gift.getByRole("button", { name: "Change", exact: true }).click();
    await expect(plain.getByTestId("donor-notice")).toHaveText("Thank you: your monthly gift is changed, from your next payment.");
    await expect(gift.getByRole("heading", { name: "£12.50 a month" })).toBeVisible();
    expect((await monthlyGiftByEmail(email))!.amount_pence).toBe(1250);

    const declaration = plain.getByTestId("declaration");
    await declaration.getByText("Cancel this declaration").click();
    await declaration.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(plain.getByTestId("donor-notice")).toContainText("Your Gift Aid declaration is cancelled");
    await expect(plain.getByTestId("declaration")).toContainText("Ended");
    expect(await plain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});
