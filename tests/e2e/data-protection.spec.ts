/**
 * Data-protection duties in the browser: a concern raised from the privacy notice, with and
 * without JavaScript, on a phone and a desktop (this server has no mail: the page says no
 * email was sent); then staff with the data-protection permission work it through to its
 * outcome, and log a request whose deadline has passed, which the dashboard shows.
 * Screenshots of every page go to test-results/screens/.
 */
import { expect, test } from "./fixtures.ts";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const shot = (name: string, width: number) => `test-results/screens/dp-${name}-${width}.png`;

async function noSideways(page: import("@playwright/test").Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of VIEWPORTS) {
    test.describe(`the concern form at ${viewport.width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport, javaScriptEnabled });

      test("a visitor raises a concern from the privacy notice and gets a reference, told truly that no email went", async ({ page }) => {
        await page.goto("/privacy");
        // The retention section is made from the retention table (2 years for bookings by default).
        await expect(page.getByTestId("legal-page")).toContainText(/Event bookings: your name and email address are removed \d+ (years|months) after the event/);
        if (javaScriptEnabled) await page.screenshot({ path: shot("privacy", viewport.width), fullPage: true });
        await page.getByRole("main").getByRole("link", { name: "Raise a data protection concern" }).click();
        await expect(page).toHaveURL(/\/privacy\/concern$/);
        if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await expect(page.getByRole("heading", { name: "Raise a data protection concern", level: 1 })).toBeVisible();
        await noSideways(page);
        if (javaScriptEnabled) await page.screenshot({ path: shot("concern-form", viewport.width), fullPage: true });

        const form = page.getByRole("form", { name: "Raise a data protection concern" });
        await form.getByLabel("Your concern").fill("Too short");
        await form.getByRole("radio", { name: "By phone" }).check();
        await form.getByRole("button", { name: "Send my concern" }).click();
        const summary = page.getByRole("alert").filter({ hasText: /problems? with your form/ });
        await expect(summary).toBeFocused();
        await expect(summary).toContainText("Your name: Please enter your name");
        await expect(summary).toContainText("Phone number or postal address: Please enter the phone number to call");
        await expect(form.getByLabel("Your concern")).toHaveValue("Too short");
        if (javaScriptEnabled) await page.screenshot({ path: shot("concern-errors", viewport.width), fullPage: true });

        const stamp = `${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
        await form.getByLabel("Your name").fill(`Dora Concern ${stamp}`);
        await form.getByLabel("Your email address").fill(`dora-${stamp}@example.org`);
        await form.getByLabel("What it is about").selectOption({ label: "Emails or messages I did not want" });
        await form.getByLabel("Your concern").fill("I asked you to stop emailing me in September and the emails kept coming.");
        await form.getByRole("radio", { name: "By email" }).check();
        await form.getByRole("button", { name: "Send my concern" }).click();

        const done = page.getByRole("status").filter({ hasText: "we have your concern" });
        await expect(done).toBeVisible();
        await expect(done).toContainText(/Your reference number is DPC-[0-9A-Z]{8}/);
        await expect(page.getByTestId("concern-mail")).toHaveText(/could not send you an email/);
        await expect(page.getByTestId("concern-mail")).not.toContainText("We have emailed");
        await noSideways(page);
        if (javaScriptEnabled) await page.screenshot({ path: shot("concern-done", viewport.width), fullPage: true });
      });
    });
  }
}

test("the footer links to the concern form on every page", async ({ page }) => {
  await page.goto("/events");
  await page.getByRole("contentinfo").getByRole("link", { name: "Raise a data protection concern" }).click();
  await expect(page).toHaveURL(/\/privacy\/concern$/);
});

test("staff work a complaint to its outcome, and log a request whose deadline has passed", async ({ page, signInAs, request, baseURL }) => {
  test.setTimeout(90_000);
  // A concern, posted as a browser without JavaScript would.
  const stamp = Date.now();
  const posted = await request.post("/privacy/concern", {
    headers: { Origin: baseURL! },
    form: { name: `Eve Staffside ${stamp}`, email: `eve-${stamp}@example.org`, about: "Why do you still have my old volunteer form?", contact_by: "email" },
  });
  expect(posted.status()).toBe(200);
  const reference = /DPC-[0-9A-Z]{8}/.exec(await posted.text())?.[0];
  expect(reference).toBeTruthy();

  await signInAs("editor", { permissions: ["data-protection"] });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/data-protection/complaints");
    await expect(page.getByRole("heading", { name: "Complaints", level: 1 })).toBeVisible();
    await expect(page.getByTestId("complaints")).toContainText(reference!);
    await noSideways(page);
    await page.screenshot({ path: shot("admin-complaints", viewport.width), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[1]);
  await page.getByRole("link", { name: reference! }).click();
  await expect(page.getByTestId("complaint-about")).toHaveText("Why do you still have my old volunteer form?");
  await expect(page.getByTestId("complaint-status")).toHaveText("Received");

  await page.getByLabel("Investigating").check();
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByTestId("complaint-status")).toHaveText("Investigating");
  await page.getByLabel("Add a note").fill("Checked the inbox: the form is from 2025 and due for deletion.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("complaint-notes")).toContainText("due for deletion");

  await page.getByLabel(/The answer to send to/).fill("We have deleted your old form now. Forms are kept for 12 months after their last change.");
  await page.getByRole("button", { name: "Email the outcome" }).click();
  // This server has no mail: the outcome is kept, and the page says it was not sent.
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "NOT sent" })).toBeVisible();
  await expect(page.getByTestId("complaint-status")).toHaveText("Investigating");
  await page.screenshot({ path: shot("admin-complaint", 1280), fullPage: true });
  await page.setViewportSize(VIEWPORTS[0]);
  await noSideways(page);
  await page.screenshot({ path: shot("admin-complaint", 390), fullPage: true });

  await page.getByRole("link", { name: "Find this person's data" }).click();
  await expect(page.getByTestId("started-from")).toContainText(reference!);
  await expect(page.getByTestId("personal-data")).toContainText(`eve-${stamp}@example.org`);
  await expect(page.getByTestId("dp-records")).toContainText(reference!);
  await page.screenshot({ path: shot("admin-find-from-complaint", 390), fullPage: true });

  // A request that came by post 40 days ago: overdue at once.
  await page.setViewportSize(VIEWPORTS[1]);
  await page.goto("/admin/data-protection/requests");
  const received = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("What they asked for").selectOption("access");
  await page.getByLabel("How it came").selectOption("post");
  await page.getByLabel("Date received").fill(received);
  await page.getByLabel("Their name").fill(`Finn Letter ${stamp}`);
  await page.getByLabel("Their email address").fill(`finn-${stamp}@example.org`);
  await page.getByRole("button", { name: "Record the request" }).click();
  await expect(page.getByRole("heading", { name: /Request DPR-/ })).toBeVisible();
  await expect(page.locator('[data-due="overdue"]').first()).toContainText("Overdue");
  // The first month is over: no extension is offered any more.
  await expect(page.getByRole("button", { name: "Extend by two months" })).toHaveCount(0);
  await page.screenshot({ path: shot("admin-request", 1280), fullPage: true });
  await page.setViewportSize(VIEWPORTS[0]);
  await noSideways(page);
  await page.screenshot({ path: shot("admin-request", 390), fullPage: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/data-protection/requests");
    await expect(page.getByTestId("requests")).toContainText(`Finn Letter ${stamp}`);
    await noSideways(page);
    await page.screenshot({ path: shot("admin-requests", viewport.width), fullPage: true });
  }

  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("overdue-data-protection")).toContainText(/request.* overdue/);
  await page.screenshot({ path: shot("admin-dashboard", 390), fullPage: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/data-protection");
    await expect(page.getByTestId("retention-table")).toContainText("Event bookings");
    await noSideways(page);
    await page.screenshot({ path: shot("admin-data-protection", viewport.width), fullPage: true });
  }
});

test("the dashboard says nothing of overdue data-protection work to staff without the permission", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("overdue-data-protection")).toHaveCount(0);
  const complaints = await page.goto("/admin/data-protection/complaints");
  expect(complaints?.status()).toBe(403);
});
