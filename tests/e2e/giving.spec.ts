/**
 * Giving, end to end: the donation form, Stripe Checkout (the Stripe double on loopback,
 * reached through the official SDK), signed webhooks into the ledger, the receipt (a real
 * SMTP server on loopback), monthly gifts and stopping them, refunds, repeated and
 * forged webhooks, and the form's amounts with and without JavaScript.
 * One server of its own for the whole file (started in beforeAll), so the tests run in order.
 */
import { sheetRows } from "../helpers/spreadsheet.ts";
// Not ./fixtures.ts: this spec opens its own database in the test process (one per
// process, app/db/client.server.ts), so it must not share a worker with the fixtures' specs.
import { expect, test, type Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { stripeEvents } from "../../app/db/schema.ts";
import { donations, giftAidDeclarations } from "../../app/features/giving/table.ts";
import { causes } from "../../app/features/causes/table.ts";
import { formatRaised } from "../../app/features/giving/settings.server.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { formatPence } from "../../app/lib/money.ts";
import {
  donationsByEmail,
  monthlyGiftByEmail,
  openSitePage,
  signInAdministrator,
  startGivingSite,
  waitForMail,
  type GivingSite,
} from "./giving-server.ts";

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

function donationForm(page: Page) {
  return page.getByRole("form", { name: "Make a donation" });
}

async function fillGiftAid(page: Page) {
  const form = donationForm(page);
  await form.getByRole("checkbox", { name: /Yes, add Gift Aid/ }).check();
  await form.getByLabel("Title").fill("Ms");
  await form.getByLabel("First name").fill("Ann");
  await form.getByLabel("Last name").fill("O'Neill");
  await form.getByLabel("House name or number").fill("Rose Cottage");
  await form.getByLabel("Postcode").fill("mb1 2ab");
}

test("a one-off gift with Gift Aid: Checkout, thank-you page, ledger row, declaration and receipt", async ({ page }) => {
  const email = newEmail("one-off");
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await expect(form.getByRole("checkbox", { name: /Yes, add Gift Aid/ })).not.toBeChecked();
  await form.getByLabel("Other amount in pounds").fill("12.50");
  await expect(form.getByRole("radio", { name: "Other amount" })).toBeChecked();
  await expect(form.getByTestId("gift-aid")).toContainText("£15.63");
  await form.getByLabel("Give to").selectOption({ label: "Community Garden" });
  await form.getByLabel("Email address").fill(email);
  await fillGiftAid(page);
  await form.getByRole("button", { name: "Donate £12.50" }).click();

  // Stripe's (double's) checkout page: the amount the server decided.
  await expect(page.getByTestId("checkout-amount")).toHaveText("£12.50");
  expect(await donationsByEmail(email)).toHaveLength(0);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  // What Gift Aid adds: 25p for every £1.
  await expect(page.getByTestId("gift-aid-added")).toContainText("25p from HMRC for every £1 you give: £3.13 more");
  const reference = (await page.locator("strong.font-mono").textContent())!;
  expect(reference).toMatch(/^MCF-[A-Z0-9]{8}$/);

  const rows = await donationsByEmail(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ reference, amount_pence: 1250, currency: "gbp", mode: "one-off", status: "paid", cause_title: "Community Garden" });
  const [declaration] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, rows[0].declaration_id!));
  expect(declaration).toMatchObject({ title: "Ms", first_name: "Ann", last_name: "O'Neill", house: "Rose Cottage", postcode: "MB1 2AB", cancelled_at: null });

  const [mail] = await waitForMail(site, email);
  expect(mail.subject).toBe("Thank you for your donation to Millbrook Community Foundation");
  expect(mail.text).toContain("Amount: £12.50");
  expect(mail.text).toContain(`Reference: ${reference}`);
  expect(mail.text).toContain("Cause: Community Garden");
  expect(mail.text).toMatch(/Date: \d{1,2} [A-Z][a-z]+ \d{4}/);
  expect(mail.text).toContain("I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years");
  expect(mail.text).toContain("it is my responsibility to pay any difference");
  expect(mail.text).not.toContain("/support/monthly/");

  // The cause's progress bar adds the gift, to the penny, to the amount staff entered.
  const [garden] = await getDb().select().from(causes).where(eq(causes.title, "Community Garden"));
  await openSitePage(page, `${site.origin}/causes`);
  await expect(page.getByRole("progressbar", { name: "Community Garden fundraising progress" })).toHaveAttribute(
    "aria-valuetext",
    new RegExp(`^${formatPence(garden.raised_pence + 1250).replace(".", "\\.")} raised of`),
  );
});

test("on a 320 px phone the donation form, its messages and the thank-you page do not scroll sideways", async ({ page }) => {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.setViewportSize({ width: 320, height: 800 });
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await form.getByLabel("Other amount in pounds").fill("abc");
  await form.getByRole("button", { name: /^Donate/ }).click();
  await expect(form.getByText(/amount/i).first()).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await form.getByLabel("Other amount in pounds").fill("10");
  await form.getByLabel("Email address").fill(newEmail("phone-gift-with-a-rather-long-address"));
  await form.getByRole("button", { name: /^Donate £10/ }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test("cancelling Checkout brings back the form with what was entered, and records nothing", async ({ page }) => {
  const email = newEmail("cancel");
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await form.getByText("Monthly", { exact: true }).click();
  await form.getByLabel("Other amount in pounds").fill("7.25");
  await form.getByLabel("Email address").fill(email);
  await fillGiftAid(page);
  await form.getByRole("button", { name: "Donate £7.25 monthly" }).click();
  await page.getByRole("link", { name: "Cancel and go back" }).click();

  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByText("Your payment was cancelled and nothing was taken.")).toBeVisible();
  await expect(form.getByLabel("Other amount in pounds")).toHaveValue("7.25");
  await expect(form.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await expect(form.getByLabel("Email address")).toHaveValue(email);
  await expect(form.getByLabel("Last name")).toHaveValue("O'Neill");
  await expect(form.getByLabel("Postcode")).toHaveValue("MB1 2AB");
  expect(await donationsByEmail(email)).toHaveLength(0);
});

test("a monthly gift: two paid invoices make two gifts, then the donor stops it from the receipt's link", async ({ page }) => {
  const email = newEmail("monthly");
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await form.getByText("Monthly", { exact: true }).click();
  await form.getByText("£10", { exact: true }).click();
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Donate £10 monthly" }).click();
  await expect(page.getByTestId("checkout-amount")).toHaveText("£10.00 a month");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  await expect(page.getByText("Your monthly gift of £10")).toBeVisible();
  // No Gift Aid declared: the page does not claim any.
  await expect(page.getByTestId("gift-aid-added")).toHaveCount(0);

  const gift = await monthlyGiftByEmail(email);
  expect(gift).toMatchObject({ status: "active", amount_pence: 1000 });
  expect(await donationsByEmail(email)).toHaveLength(1);

  // The next month's invoice.
  await site.stripe.payInvoice(gift!.stripe_subscription_id);
  const rows = await donationsByEmail(email);
  expect(rows.map((r) => [r.mode, r.amount_pence, r.status])).toEqual([
    ["monthly", 1000, "paid"],
    ["monthly", 1000, "paid"],
  ]);
  expect(rows.map((r) => r.reference)).toEqual([`${gift!.reference}-01`, `${gift!.reference}-02`]);

  const mails = await waitForMail(site, email, 2);
  const link = /(http:\/\/localhost:\d+\/support\/monthly\/[\w-]+)/.exec(mails[1].text)?.[1];
  expect(link).toBeTruthy();
  expect(mails[1].text).toContain("Amount: £10.00 (monthly)");

  await openSitePage(page, link!);
  await expect(page.getByText("You give £10 every month")).toBeVisible();
  // Stripe failing: the page says so, the gift and its button stay, nothing is stopped.
  const subscription = site.stripe.subscriptions.get(gift!.stripe_subscription_id)!;
  site.stripe.subscriptions.delete(gift!.stripe_subscription_id);
  await page.getByRole("button", { name: "Stop my monthly gift" }).click();
  await expect(page.getByRole("alert")).toHaveText("We could not stop your gift just now. Please try again in a few minutes.");
  await expect(page.getByText("You give £10 every month")).toBeVisible();
  expect(await monthlyGiftByEmail(email)).toMatchObject({ status: "active" });
  site.stripe.subscriptions.set(gift!.stripe_subscription_id, subscription);
  await page.getByRole("button", { name: "Stop my monthly gift" }).click();
  await expect(page.getByText(/Your monthly gift of £10 \(reference MCF-\w+\) has stopped/)).toBeVisible();

  expect(site.stripe.subscriptions.get(gift!.stripe_subscription_id)?.status).toBe("canceled");
  await expect.poll(() => site.stripe.events("customer.subscription.deleted").length).toBe(1);
  expect(await monthlyGiftByEmail(email)).toMatchObject({ status: "ended" });
  await expect(site.stripe.payInvoice(gift!.stripe_subscription_id)).rejects.toThrow(/no active subscription/);
});

test("a refund marks the gift refunded", async ({ page }) => {
  const email = newEmail("refund");
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await form.getByText("£50", { exact: true }).click();
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Donate £50" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  const [paid] = await donationsByEmail(email);
  expect(paid.status).toBe("paid");

  await site.stripe.refund(paid.stripe_payment_intent_id!);
  const [refunded] = await donationsByEmail(email);
  expect(refunded.status).toBe("refunded");
  expect(refunded.refunded_at).not.toBeNull();
});

test("the same webhook delivered twice makes one gift", async ({ page }) => {
  const email = newEmail("twice");
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Donate £25" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();

  const completed = site.stripe.events("checkout.session.completed").at(-1)!;
  const again = await site.stripe.resend(completed);
  expect(again.status).toBe(200);
  expect(await donationsByEmail(email)).toHaveLength(1);
  await waitForMail(site, email);
  await new Promise((r) => setTimeout(r, 300));
  expect(site.smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
});

test("a forged or stale signature gets a 400 and records nothing", async () => {
  const before = await getDb().select().from(donations);
  const session = {
    id: "cs_test_forged0001",
    object: "checkout.session",
    mode: "payment",
    status: "complete",
    payment_status: "paid",
    amount_total: 99_900,
    currency: "gbp",
    customer_details: { email: "forger@example.org" },
    metadata: { reference: "MCF-FORGED01" },
    payment_intent: "pi_test_forged",
  };
  const event = { id: "evt_test_forged0001", object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), data: { object: session } };

  const forged = await site.stripe.deliver(event, { secret: "whsec_not_the_real_secret" });
  expect(forged.status).toBe(400);
  const stale = await site.stripe.deliver({ ...event, id: "evt_test_stale0001" }, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
  expect(stale.status).toBe(400);
  const unsigned = await fetch(site.stripe.webhookUrl!, { method: "POST", body: JSON.stringify(event), headers: { "Content-Type": "application/json" } });
  expect(unsigned.status).toBe(400);

  expect(await getDb().select().from(donations)).toHaveLength(before.length);
  expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, "evt_test_forged0001"))).toHaveLength(0);
  expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, "evt_test_stale0001"))).toHaveLength(0);
});

test.describe("staff", () => {
  test("administrators see the ledger with filters, totals, CSV and the donor view; editors are refused", async ({ page, context }) => {
    const email = newEmail("ledger");
    await openSitePage(page, `${site.origin}/support#donate`);
    const form = donationForm(page);
    await form.getByLabel("Other amount in pounds").fill("40");
    await form.getByLabel("Email address").fill(email);
    await fillGiftAid(page);
    await form.getByRole("button", { name: "Donate £40" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
    const [gift] = await donationsByEmail(email);

    // Editors see no donor data.
    const editor = await createSignedInAccount({ role: "editor" });
    const editorPage = await fetch(`${site.origin}/admin/donations`, { headers: { Cookie: `${editor.cookie.name}=${editor.cookie.value}` }, redirect: "manual" });
    expect(editorPage.status).toBe(403);
    const editorCsv = await fetch(`${site.origin}/admin/donations/export.csv`, { headers: { Cookie: `${editor.cookie.name}=${editor.cookie.value}` }, redirect: "manual" });
    expect(editorCsv.status).toBe(403);
    expect(await editorCsv.text()).not.toContain(email);

    await signInAdministrator(context, site.origin);
    await openSitePage(page, `${site.origin}/admin/donations`);
    await expect(page.getByRole("heading", { name: "Donations", level: 1 })).toBeVisible();
    const search = page.getByRole("search", { name: "Filter donations" });
    await search.getByLabel("Search").fill(email);
    await search.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("1 gift matches these filters")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: gift.reference });
    await expect(row).toContainText("£40.00");
    await expect(row).toContainText("Ms Ann O'Neill");
    await expect(row).toContainText("Paid");
    await expect(page.getByTestId("total-given")).toHaveText("£40.00");

    // Search by name and by reference; the refunded filter leaves it out.
    await openSitePage(page, `${site.origin}/admin/donations?q=${encodeURIComponent(gift.reference)}&giftAid=yes&mode=one-off`);
    await expect(page.getByRole("row").filter({ hasText: gift.reference })).toHaveCount(1);
    await openSitePage(page, `${site.origin}/admin/donations?q=${encodeURIComponent(gift.reference)}&status=refunded`);
    await expect(page.getByText("No gifts match these filters.")).toBeVisible();
    await openSitePage(page, `${site.origin}/admin/donations?status=refunded`);
    await expect(page.getByRole("row").filter({ hasText: "Refunded" }).first()).toBeVisible();

    // CSV of the filtered list.
    const csv = await page.request.get(`${site.origin}/admin/donations/export.csv?q=${encodeURIComponent(email)}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain('"Date (UK time)","Reference","Amount (£)"');
    expect(text).toContain(`"${gift.reference}","40.00","One-off","Paid","Where it is needed most","${email}","Yes","Ms","Ann","O'Neill","Rose Cottage","MB1 2AB",""`);

    // Donor view: gifts and declarations; cancelling keeps the declaration with its date.
    await openSitePage(page, `${site.origin}/admin/donations?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Ms Ann O'Neill" }).click();
    await expect(page.getByRole("heading", { name: email })).toBeVisible();
    const declaration = page.getByTestId("declaration");
    await expect(declaration).toContainText("Valid.");
    await declaration.getByRole("button", { name: "Cancel this declaration" }).click();
    await expect(page.getByTestId("declaration")).toContainText(/Cancelled \d{1,2} [A-Z][a-z]+ \d{4}\./);
    const [kept] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, gift.declaration_id!));
    expect(kept.cancelled_at).not.toBeNull();
  });

  test("a Gift Aid claim: eligible gifts, the HMRC schedule file checked cell by cell, then marked as claimed", async ({ page, context }) => {
    await signInAdministrator(context, site.origin);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    const [londonDay, londonMonth, londonYear] = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "2-digit" }).format(new Date()).split("/");
    await openSitePage(page, `${site.origin}/admin/donations/gift-aid`);
    // Before any claim the period runs to today (from as far back as HMRC allows).
    await expect(page.getByLabel("Gifts to")).toHaveValue(today);
    await page.getByLabel("Gifts from").fill(today);
    await page.getByLabel("Gifts to").fill(today);
    await page.getByRole("button", { name: "Find eligible gifts" }).click();
    // The one-off and no-JavaScript gifts with Gift Aid (the ledger test's declaration was cancelled before the claim, but after its gift).
    const eligible = await getDb().select().from(donations).where(eq(donations.status, "paid"));
    const expected = eligible.filter((d) => d.declaration_id).length;
    await expect(page.getByRole("heading", { name: `${expected} eligible gifts` })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download schedule" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`gift-aid-${today}-to-${today}.xlsx`);
    const sheet = await sheetRows(await file.path());
    expect(sheet[0]).toEqual(["Title", "First name or initial", "Last name", "House name or number", "Postcode", "Aggregated donations", "Sponsored event", "Donation date (DD/MM/YY)", "Amount"]);
    expect(sheet).toHaveLength(expected + 1);
    const amounts = [];
    for (const row of sheet.slice(1)) {
      expect(row.slice(0, 5)).toEqual(["Ms", "Ann", "O'Neill", "Rose Cottage", "MB1 2AB"]);
      expect(row[7]).toBe(`${londonDay}/${londonMonth}/${londonYear}`);
      amounts.push(row[8]);
    }
    expect(amounts).toEqual(eligible.filter((d) => d.declaration_id).sort((a, b) => +a.paid_at - +b.paid_at).map((d) => d.amount_pence / 100));

    // Marking asks first; Cancel changes nothing.
    await page.getByRole("button", { name: "Mark as claimed" }).click();
    const question = page.getByRole("alertdialog", { name: `Mark these ${expected} gifts` });
    await expect(question).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screenshots/gift-aid-confirm-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
    await question.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect((await getDb().select().from(donations).where(sql`${donations.claim_id} is not null`)).length).toBe(0);
    const markClaimed = async () => {
      await page.getByRole("button", { name: "Mark as claimed" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Yes, mark as claimed" }).click();
      await expect(page.getByText(/Claim \d+ recorded: \d+ gifts/)).toBeVisible();
    };
    await markClaimed();
    const claims = page.getByRole("list", { name: "Claims made" });
    await expect(claims).toContainText(`${expected} gifts`);
    // Undo: the gifts are unclaimed again (and the audit log says who undid it); then claimed for real.
    await claims.getByRole("button", { name: /^Undo claim \d+$/ }).click();
    await expect(page.getByText(/Claim \d+ undone/)).toBeVisible();
    expect((await getDb().select().from(donations).where(sql`${donations.claim_id} is not null`)).length).toBe(0);
    await expect(page.getByRole("heading", { name: `${expected} eligible gifts` })).toBeVisible();
    await markClaimed();
    await expect(claims).toContainText(`${expected} gifts`);
    await page.screenshot({ path: "test-results/screenshots/gift-aid-claimed-1280.png", fullPage: true });
    // The next claim starts after this one (which ended today), so today.
    await openSitePage(page, `${site.origin}/admin/donations/gift-aid`);
    await expect(page.getByLabel("Gifts from")).toHaveValue(today);
    const claimed = await getDb().select().from(donations).where(eq(donations.status, "paid"));
    expect(claimed.filter((d) => d.declaration_id && d.claim_id === null)).toHaveLength(0);

    await page.getByLabel("Gifts from").fill(today);
    await page.getByLabel("Gifts to").fill(today);
    await page.getByRole("button", { name: "Find eligible gifts" }).click();
    await expect(page.getByRole("heading", { name: "0 eligible gifts" })).toBeVisible();

    // Erasing a donor whose gift was claimed keeps that gift and its declaration, and says so.
    const [claimedGift] = await getDb().select().from(donations).where(sql`${donations.claim_id} is not null`).limit(1);
    await openSitePage(page, `${site.origin}/admin/data-protection`);
    await page.getByLabel("Email address").fill(claimedGift.email);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByTestId("giving-data")).toContainText("1 gift (1 in a Gift Aid claim), 1 Gift Aid declaration");
    await page.getByLabel("Type the email address to confirm").fill(claimedGift.email);
    await page.getByRole("button", { name: "Erase permanently" }).click();
    await expect(
      page.getByText("Kept 1 gift and 1 Gift Aid declaration: they were part of a Gift Aid claim, and HMRC requires them to be kept for 6 years after the claim"),
    ).toBeVisible();
    expect(await donationsByEmail(claimedGift.email)).toHaveLength(1);
  });
});

test.describe("amounts with JavaScript", () => {
  for (const [typed, message] of [
    ["0", "The smallest donation is £1"],
    ["5000.01", "The most you can give online at once is £5,000"],
    ["abc", "Enter the amount in pounds and pence, using numbers only, for example 12.50"],
    ["12.505", "Enter the amount with no more than 2 digits after the point, for example 12.50"],
  ]) {
    test(`"${typed}" gets a message next to the field and goes nowhere`, async ({ page }) => {
      await openSitePage(page, `${site.origin}/support#donate`);
      const form = donationForm(page);
      await form.getByLabel("Email address").fill(newEmail("amount"));
      const field = form.getByLabel("Other amount in pounds");
      await field.fill(typed);
      await form.getByRole("button", { name: "Donate" }).click();
      await expect(page.locator("#customAmount-error")).toContainText(message);
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      expect(page.url()).toContain(`${site.origin}/support`);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a typed amount is used even with the £25 preset still ticked, and the donation goes through", async ({ page }) => {
    const email = newEmail("nojs");
    await page.goto(`${site.origin}/support#donate`);
    const form = donationForm(page);
    await expect(form.getByRole("radio", { name: "£25" })).toBeChecked();
    await form.getByLabel("Other amount in pounds").fill("12.50");
    await form.getByLabel("Email address").fill(email);
    await fillGiftAid(page);
    // The button states no amount it cannot keep up to date (not "Donate £25" beside £12.50).
    await expect(form.getByRole("button", { name: /^Donate/ })).toHaveText("Donate");
    await form.getByRole("button", { name: /^Donate/ }).click();
    await expect(page.getByTestId("checkout-amount")).toHaveText("£12.50");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
    const rows = await donationsByEmail(email);
    expect(rows.map((r) => r.amount_pence)).toEqual([1250]);
    expect(rows[0].declaration_id).not.toBeNull();
  });

  for (const [typed, message] of [
    ["0", "The smallest donation is £1"],
    ["5000.01", "The most you can give online at once is £5,000"],
    ["abc", "Enter the amount in pounds and pence, using numbers only, for example 12.50"],
  ]) {
    test(`the server refuses "${typed}" with a message next to the field, never £25`, async ({ page }) => {
      await page.goto(`${site.origin}/support#donate`);
      const form = donationForm(page);
      await form.getByLabel("Other amount in pounds").fill(typed);
      await form.getByLabel("Email address").fill(newEmail("nojs-amount"));
      await form.getByRole("button", { name: /^Donate/ }).click();
      await expect(page.locator("#customAmount-error")).toContainText(message);
      await expect(form.getByLabel("Other amount in pounds")).toHaveValue(typed);
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem with your form" })).toContainText(`Other amount: ${message}`);
    });
  }

  test("Gift Aid details are asked for, each with its message, when the box is ticked", async ({ page }) => {
    await page.goto(`${site.origin}/support#donate`);
    const form = donationForm(page);
    await form.getByLabel("Email address").fill(newEmail("nojs-giftaid"));
    await form.getByRole("checkbox", { name: /Yes, add Gift Aid/ }).check();
    await form.getByLabel("Postcode").fill("not a postcode");
    await form.getByRole("button", { name: /^Donate/ }).click();
    // The title is optional (as on HMRC's schedule).
    await expect(page.locator("#donation-title-error")).toHaveCount(0);
    await expect(form.getByLabel("Title (optional)")).toBeVisible();
    await expect(page.locator("#donation-firstName-error")).toContainText("Enter your first name");
    await expect(page.locator("#donation-lastName-error")).toContainText("Enter your last name");
    await expect(page.locator("#donation-house-error")).toContainText("Enter your house name or number");
    await expect(page.locator("#donation-postcode-error")).toContainText("Enter a real UK postcode");
    await expect(form.getByRole("checkbox", { name: /Yes, add Gift Aid/ })).toBeChecked();
  });
});

test("Diagnostics shows that payments are configured and when the last webhook arrived", async ({ page, context }) => {
  await signInAdministrator(context, site.origin);
  await openSitePage(page, `${site.origin}/admin/users`);
  await page.getByRole("button", { name: "Run Diagnostics" }).click();
  const check = page.getByTestId("diagnostics").locator('[data-check="payments"]');
  await expect(check).toHaveAttribute("data-status", "ok");
  await expect(check).toContainText(/Stripe keys are set; last webhook arrived \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(UK time\)/);
  await expect(check).not.toContainText(site.stripe.secretKey);
});

test("staff set the largest online gift and the other ways to give in Settings", async ({ page, context }) => {
  await signInAdministrator(context, site.origin);
  await openSitePage(page, `${site.origin}/admin/settings`);
  const card = page.getByRole("region", { name: "Online giving" });
  await expect(card).toContainText("Card payments are switched on");
  await card.getByLabel("Largest online donation (£)").fill("abc");
  await card.getByRole("button", { name: "Save giving settings" }).click();
  await expect(page.getByText(/Giving settings not saved: Enter the amount in pounds and pence/)).toBeVisible();
  await card.getByLabel("Largest online donation (£)").fill("100");
  await card.getByLabel("Raised off the site (£)").fill("2,000");
  await card.getByLabel("Other ways to give (bank transfer, cheque)").fill("Bank transfer: sort code 12-34-56, account 12345678.");
  await card.getByRole("button", { name: "Save giving settings" }).click();
  await expect(page.getByText("Giving settings saved")).toBeVisible();
  await expect(card.getByLabel("Largest online donation (£)")).toHaveValue("100");
  await expect(card.getByLabel("Other ways to give (bank transfer, cheque)")).toHaveValue("Bank transfer: sort code 12-34-56, account 12345678.");

  await expect(card.getByLabel("Raised off the site (£)")).toHaveValue("2000");

  await context.clearCookies();
  // The home page's "raised" figure: £2,000 raised off the site plus the paid gifts made here.
  const paid = (await getDb().select().from(donations).where(eq(donations.status, "paid"))).reduce((sum, d) => sum + d.amount_pence, 0);
  expect(paid).toBeGreaterThan(0);
  const pounds = Math.floor((200_000 + paid) / 100);
  await openSitePage(page, `${site.origin}/`);
  const stats = page.getByRole("region", { name: "Our impact in numbers" });
  await expect(stats.getByText("raised for Millbrook")).toBeVisible();
  await expect(stats.locator("dd").first()).toHaveText(`£${Math.floor(pounds / 100) / 10}k+`);
  expect(formatRaised(200_000 + paid)).toBe(`£${Math.floor(pounds / 100) / 10}k+`);
  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await expect(form.getByText("From £1 to £100.")).toBeVisible();
  await form.getByLabel("Other amount in pounds").fill("100.01");
  await form.getByRole("button", { name: "Donate" }).click();
  await expect(page.locator("#customAmount-error")).toContainText("The most you can give online at once is £100");
});

// Last in the file: it uses up this address's Checkout sessions for the window.
test("too many payments started from one address: the form says so in its own words, keeps what was typed, and opens no Checkout", async ({ page }) => {
  const email = newEmail("waiting");
  const post = () =>
    page.request.post(`${site.origin}/support?form=donate`, {
      form: { intent: "donate", frequency: "one-off", amount: "custom", customAmount: "5", cause: "", email },
      headers: { Origin: site.origin },
      maxRedirects: 0,
    });
  let status = 0;
  for (let i = 0; i < 15 && status !== 429; i++) status = (await post()).status();
  expect(status).toBe(429);

  await openSitePage(page, `${site.origin}/support#donate`);
  const form = donationForm(page);
  await form.getByLabel("Other amount in pounds").fill("12.50");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: /^Donate/ }).click();
  await expect(form.getByRole("alert")).toHaveText("You have started several payments in a short time. Please wait a few minutes and try again. Nothing has been taken.");
  expect(new URL(page.url()).origin).toBe(site.origin);
  await expect(form.getByLabel("Other amount in pounds")).toHaveValue("12.50");
  await expect(form.getByLabel("Email address")).toHaveValue(email);
});
