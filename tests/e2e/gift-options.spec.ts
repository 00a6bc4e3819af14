/**
 * Gift options end to end, at 390 and 1280 px: a monthly gift by Direct Debit from the form
 * to its first paid invoice; a failed payment seen by staff (at risk on the Donations
 * screen) and by the donor (the email with the Manage my giving link); the covered fee's
 * total, with and without JavaScript; a gift in memory with its notification email. The
 * Stripe double (official SDK, signed webhooks) and a loopback SMTP server, on a server of
 * this file's own.
 */
import { expect, test, type Page } from "@playwright/test";
import { monthlyGiftByEmail, donationsByEmail, openSitePage, signInAdministrator, startGivingSite, waitForMail, type GivingSite } from "./giving-server.ts";

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

let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now()}-${++counter}@example.org`;
const donationForm = (page: Page) => page.getByRole("form", { name: "Make a donation" });
const shot = (page: Page, name: string, width: number) => page.screenshot({ path: `test-results/screenshots/gift-options-${name}-${width}.png`, fullPage: true });
/** The donation form alone (the support page is long). */
const formShot = (page: Page, name: string, width: number) => donationForm(page).screenshot({ path: `test-results/screenshots/gift-options-${name}-${width}.png` });

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a monthly gift by Direct Debit: the Guarantee and the charity's details, Stripe's Bacs page, the confirmation, then the first paid invoice", async ({ page }) => {
      const email = newEmail(`dd-${width}`);
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      // One-off: no choice of Direct Debit.
      await expect(form.getByText("Direct Debit", { exact: true })).toBeHidden();
      await form.getByText("Monthly", { exact: true }).click();
      await form.getByText("Direct Debit", { exact: true }).click();
      const guarantee = form.getByTestId("dd-guarantee");
      await expect(guarantee).toBeVisible();
      await expect(guarantee.getByRole("heading", { name: "The Direct Debit Guarantee" })).toBeVisible();
      await expect(guarantee).toContainText("you are entitled to a full and immediate refund of the amount paid from your bank or building society");
      await expect(form.getByTestId("dd-contact")).toContainText("Millbrook Community Foundation, registered charity number 1198472");
      await expect(form.getByTestId("dd-contact")).toContainText("info@millbrookfoundation.org.uk");
      await form.getByText("£10", { exact: true }).click();
      await form.getByLabel("Email address").fill(email);
      await formShot(page, "direct-debit-form", width);
      await form.getByRole("button", { name: "Donate £10 monthly" }).click();

      // Stripe's (the double's) Bacs page: bank details, then the mandate.
      await expect(page.getByTestId("checkout-amount")).toHaveText("£10.00 a month");
      await expect(page.getByLabel("Sort code")).toBeVisible();
      await page.getByRole("button", { name: "Set up Direct Debit" }).click();

      await expect(page.getByRole("heading", { name: "Your Direct Debit is set up" })).toBeVisible();
      const confirmation = page.getByTestId("dd-confirmation");
      await expect(confirmation).toContainText("Stripe will email you within 3 working days to confirm the Instruction");
      await expect(confirmation.getByTestId("dd-guarantee")).toBeVisible();
      await expect(confirmation.getByTestId("dd-contact")).toContainText("registered charity number 1198472");
      await shot(page, "direct-debit-confirmation", width);

      // The mandate is set up; nothing is paid until the first invoice is.
      const gift = await monthlyGiftByEmail(email);
      expect(gift).toMatchObject({ payment_method: "bacs_debit", status: "active", amount_pence: 1000 });
      expect(await donationsByEmail(email)).toHaveLength(0);
      await site.stripe.payInvoice(gift!.stripe_subscription_id);
      const rows = await donationsByEmail(email);
      expect(rows.map((r) => [r.mode, r.amount_pence, r.status])).toEqual([["monthly", 1000, "paid"]]);
      const [receipt] = await waitForMail(site, email);
      expect(receipt.text).toContain("Paid by: Direct Debit");
      expect(receipt.text).toContain("registered charity number 1198472");
      expect(receipt.text).toContain(`${site.origin}/manage-giving`);
    });

    test("a failed payment: the donor is emailed once with the link to update their details, staff see the gift at risk", async ({ page, context }) => {
      const email = newEmail(`failing-${width}`);
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      await form.getByText("Monthly", { exact: true }).click();
      await form.getByText("£25", { exact: true }).click();
      await form.getByLabel("Email address").fill(email);
      await form.getByRole("button", { name: "Donate £25 monthly" }).click();
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
      const gift = await monthlyGiftByEmail(email);
      expect(gift).toMatchObject({ payment_method: "card", at_risk_since: null });

      const invoice = await site.stripe.failInvoice(gift!.stripe_subscription_id);
      await site.stripe.failInvoice(gift!.stripe_subscription_id, invoice); // Stripe's retry
      const mails = await waitForMail(site, email, 2); // the receipt, then the failure
      const failures = mails.filter((m) => m.subject.includes("did not go through"));
      expect(failures).toHaveLength(1);
      expect(failures[0].text).toContain(`${site.origin}/manage-giving`);
      expect(failures[0].text).toContain("£25.00");
      expect(failures[0].text).toContain("registered charity number 1198472");

      await signInAdministrator(context, site.origin);
      await page.goto(`${site.origin}/admin/donations`);
      const atRisk = page.getByTestId("at-risk");
      await expect(atRisk.getByRole("heading", { name: /Monthly gifts at risk/ })).toBeVisible();
      const line = atRisk.getByRole("listitem").filter({ hasText: email });
      await expect(line).toContainText("£25.00 a month");
      await expect(line).toContainText("2 failed attempts");
      await expect(page.getByRole("row").filter({ hasText: email }).getByText("At risk")).toBeVisible();
      await shot(page, "at-risk-admin", width);

      // Paid after all: no longer at risk.
      await site.stripe.payInvoice(gift!.stripe_subscription_id);
      await page.reload();
      await expect(page.getByTestId("at-risk").getByText(email)).toHaveCount(0);
    });

    test("cover the fees: unticked, the exact new total shown, and exactly that total sent to Stripe", async ({ page }) => {
      const email = newEmail(`fees-${width}`);
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      const box = form.getByRole("checkbox", { name: /Cover the processing fee/ });
      await expect(box).not.toBeChecked();
      await form.getByLabel("Other amount in pounds").fill("10");
      await box.check();
      // Card: 1.5% + 20p on £10 → £10.36.
      await expect(form.getByTestId("fee-total")).toHaveText("You add £0.36: £10.36 in all.");
      await form.getByText("Monthly", { exact: true }).click();
      await form.getByText("Direct Debit", { exact: true }).click();
      // Direct Debit: 1% + 20p on £10 → £10.31 a month.
      await expect(form.getByTestId("fee-total")).toHaveText("You add £0.31: £10.31 in all each month.");
      await form.getByText("Card", { exact: true }).click();
      await form.getByText("One-off", { exact: true }).click();
      await form.getByLabel("Email address").fill(email);
      await formShot(page, "cover-fees", width);
      await form.getByRole("button", { name: "Donate £10.36" }).click();
      await expect(page.getByTestId("checkout-amount")).toHaveText("£10.36");
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
      const [gift] = await donationsByEmail(email);
      expect(gift).toMatchObject({ amount_pence: 1036, fee_covered_pence: 36 });
    });

    test("in memory of someone, with a notification email to a named person (no amount)", async ({ page, context }) => {
      const email = newEmail(`memory-${width}`);
      const family = newEmail(`family-${width}`);
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      await form.getByText("£50", { exact: true }).click();
      await form.getByLabel("Email address").fill(email);
      await form.getByRole("checkbox", { name: /Give in memory or in honour of someone/ }).check();
      await form.getByRole("radio", { name: "In memory of" }).check();
      await form.getByLabel("Their name").fill("Margaret Hale");
      await form.getByLabel("A message").fill("For Mum, who loved the garden.");
      await form.getByLabel("Name of the person to tell").fill("John Hale");
      await form.getByLabel("Email of the person to tell").fill(family);
      await formShot(page, "in-memory-form", width);
      await form.getByRole("button", { name: "Donate £50" }).click();
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();

      const [notice] = await waitForMail(site, family);
      expect(notice.subject).toBe("A gift in memory of Margaret Hale");
      expect(notice.text).toContain("Dear John Hale,");
      expect(notice.text).toContain("For Mum, who loved the garden.");
      expect(notice.text).not.toContain("£50");
      expect(notice.text).toContain("registered charity number 1198472");
      await page.waitForTimeout(500);
      expect(site.smtp.mails.filter((m) => m.to.includes(family))).toHaveLength(1);

      await signInAdministrator(context, site.origin);
      await page.goto(`${site.origin}/admin/donations?q=${encodeURIComponent(email)}`);
      await expect(page.getByRole("row").filter({ hasText: email }).getByTestId("dedication")).toHaveText("In memory of Margaret Hale");
      // The donor's page: the whole dedication, and whom the site told.
      await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
      const detail = page.getByTestId("dedication-detail");
      await expect(detail).toContainText("In memory of Margaret Hale");
      await expect(detail).toContainText("For Mum, who loved the garden.");
      await expect(detail).toContainText(`Told: John Hale <${family}>, without the amount, emailed`);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });

  test("cover the fees: the server states the exact total before sending the donor to pay it", async ({ page }) => {
    const email = newEmail("fees-nojs");
    await page.goto(`${site.origin}/support#donate`);
    const form = donationForm(page);
    await form.getByLabel("Other amount in pounds").fill("20");
    await form.getByLabel("Email address").fill(email);
    await form.getByText("Cover the processing fee").click();
    const sessionsBefore = site.stripe.sessions.size;
    await form.getByRole("button", { name: "Donate" }).click();
    // £20 by card: ceil(2020 / 0.985) = £20.51.
    await expect(page.getByTestId("fee-confirmation")).toContainText("Your gift of £20.00 plus £0.51 to cover the card fee comes to £20.51");
    await formShot(page, "cover-fees-confirm-nojs", 390);
    // Nothing went to Stripe before the donor saw the total.
    expect(site.stripe.sessions.size).toBe(sessionsBefore);
    await donationForm(page).getByRole("button", { name: "Donate £20.51" }).click();
    await expect(page.getByTestId("checkout-amount")).toHaveText("£20.51");
  });
});

test.describe("fee settings", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("staff change the card fee in Settings and the donation form's total follows", async ({ page, context }) => {
    await signInAdministrator(context, site.origin);
    await page.goto(`${site.origin}/admin/settings#fees`);
    const card = page.locator("#fees");
    await expect(card.getByLabel("Card: percentage (%)")).toHaveValue("1.5");
    await expect(card.getByLabel("Direct Debit: fixed fee (pence)")).toHaveValue("20");
    await card.getByLabel("Card: percentage (%)").fill("2");
    await card.getByLabel("Card: fixed fee (pence)").fill("30");
    await card.screenshot({ path: "test-results/screenshots/gift-options-fee-settings-1280.png" });
    await card.getByRole("button", { name: "Save fees" }).click();
    await expect(page.getByText("Fees saved")).toBeVisible();
    await expect(page.locator("#fees").getByLabel("Card: percentage (%)")).toHaveValue("2");
    try {
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      await form.getByLabel("Other amount in pounds").fill("10");
      await form.getByRole("checkbox", { name: /Cover the processing fee/ }).check();
      // 2% + 30p on £10: ceil(1030 / 0.98) = £10.52.
      await expect(form.getByTestId("fee-total")).toHaveText("You add £0.52: £10.52 in all.");
    } finally {
      await page.goto(`${site.origin}/admin/settings#fees`);
      await page.locator("#fees").getByLabel("Card: percentage (%)").fill("1.5");
      await page.locator("#fees").getByLabel("Card: fixed fee (pence)").fill("20");
      await page.locator("#fees").getByRole("button", { name: "Save fees" }).click();
      await expect(page.getByText("Fees saved")).toBeVisible();
    }
  });
});
