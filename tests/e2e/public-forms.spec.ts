import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Tiny valid files, checked by content on the server.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  test("the volunteer form shows a message per field, keeps values, then confirms with a reference", async ({ page }) => {
    await page.goto("/support#volunteer");
    const form = page.getByRole("form", { name: "Volunteer application" });
    await form.getByLabel("Full name").fill("Ann Example");
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("checkbox", { name: "Event Support" }).check();
    await form.getByRole("button", { name: "Submit Application" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("problems with your form");
    await expect(page.locator("#email-error")).toContainText("Please enter a valid email address, like name@example.com");
    await expect(page.locator("#phone-error")).toContainText("Please enter your phone number");
    await expect(page.locator("#availability-group-error")).toContainText("Please tell us when you are available");
    const again = page.getByRole("form", { name: "Volunteer application" });
    await expect(again.getByLabel("Full name")).toHaveValue("Ann Example");
    await expect(again.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByLabel("Email address")).toHaveAttribute("aria-describedby", "email-error");
    await expect(again.getByRole("checkbox", { name: "Event Support" })).toBeChecked();

    await again.getByLabel("Email address").fill("ann@example.org");
    await again.getByLabel("Phone number").fill("01632 960 111");
    await again.getByRole("checkbox", { name: "Weekends" }).check();
    await again.getByLabel("Why would you like to volunteer?").fill("I love Millbrook.");
    await again.getByRole("checkbox", { name: /I agree to the volunteer terms/ }).check();
    await again.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for offering to volunteer!" })).toBeVisible();
    await expect(page.getByText(/Your reference number is VOL-[2-9A-Z]{8}/)).toBeVisible();
  });

  test("the stall application takes 3 photos and confirms", async ({ page, openCraftFair }) => {
    await page.goto("/craft-fairs?tab=apply");
    const form = page.getByRole("form", { name: "Stall application form" });
    await form.getByLabel("Full name").fill("Helen Marsh");
    await form.getByLabel("Business name").fill("Marsh Pottery");
    await form.getByLabel("Email address").fill("helen@example.org");
    await form.getByLabel("Phone number").fill("01632 960 222");
    await form.getByLabel("Craft category").selectOption("ceramics");
    await form.getByLabel("Product description").fill("Mugs, jugs and bowls.");
    await form.getByRole("checkbox", { name: new RegExp(openCraftFair) }).check();
    await form.getByRole("radio", { name: /Large stall/ }).check();
    await form.getByLabel("Photos of your work").setInputFiles([photo("a.png")]);
    await form.getByRole("checkbox", { name: /stallholder terms/ }).check();
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.locator("#photos-error")).toContainText("Please upload 3 to 5 photos of your work");
    const again = page.getByRole("form", { name: "Stall application form" });
    await expect(again.getByLabel("Business name")).toHaveValue("Marsh Pottery");
    await expect(again.getByRole("radio", { name: /Large stall/ })).toBeChecked();

    await again.getByLabel("Photos of your work").setInputFiles([photo("a.png"), photo("b.png"), photo("c.png")]);
    await again.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for applying!" })).toBeVisible();
    await expect(page.getByText(/STL-[2-9A-Z]{8}/)).toBeVisible();
  });

  test("a nomination with a supporting PDF is confirmed", async ({ page }) => {
    await page.goto("/awards?tab=nominate");
    const form = page.getByRole("form", { name: "Make a nomination" });
    await form.getByLabel("Your name").fill("Sam Jones");
    await form.getByLabel("Your email address").fill("sam@example.org");
    await form.getByLabel("Relationship to the nominee").selectOption("friend");
    await form.getByLabel("Nominee's name").fill("Eileen Brookes");
    await form.getByLabel("Nominee's contact details").fill("eileen@example.org");
    await form.getByLabel("Award category").selectOption("volunteer-year");
    await form.getByLabel("Why are you nominating them?").fill("She drives neighbours to hospital.");
    await form.getByLabel("What difference have they made?").fill("Over 400 appointments kept.");
    await form.getByLabel("Supporting documents").setInputFiles([{ name: "letter.pdf", mimeType: "application/pdf", buffer: PDF }]);
    await form.getByRole("checkbox", { name: /knows about this nomination/ }).check();
    await form.getByRole("button", { name: "Submit Nomination" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your nomination!" })).toBeVisible();
    await expect(page.getByText(/NOM-[2-9A-Z]{8}/)).toBeVisible();
  });

  test("a nomination document that is really HTML is refused", async ({ page }) => {
    await page.goto("/awards?tab=nominate");
    const form = page.getByRole("form", { name: "Make a nomination" });
    await form.getByLabel("Supporting documents").setInputFiles([{ name: "letter.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><script>alert(1)</script>") }]);
    await form.getByRole("button", { name: "Submit Nomination" }).click();
    await expect(page.locator("#documents-error")).toContainText('"letter.pdf" is not a PDF, JPEG or PNG file');
  });

  test("an event without online booking offers no purchase form: the price and how to get tickets", async ({ page }) => {
    await page.goto("/events/2");
    const tickets = page.getByRole("region", { name: "Tickets" });
    await expect(tickets.getByTestId("ticket-price")).toHaveText("£5");
    await expect(tickets.getByTestId("ticket-info")).toHaveText("Pay on the gate. Children under 5 go free.");
    await expect(tickets.locator("form, select, button")).toHaveCount(0);
  });
});

test("with JavaScript, the volunteer form announces errors, confirms without a reload, and offers an empty form again", async ({ page }) => {
  await page.goto("/support#volunteer");
  const form = page.getByRole("form", { name: "Volunteer application" });
  await form.getByRole("button", { name: "Submit Application" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "problems with your form" });
  await expect(alert).toBeFocused();
  await form.getByLabel("Full name").fill("Bob Example");
  await form.getByLabel("Email address").fill("bob@example.org");
  await form.getByLabel("Phone number").fill("01632 960 999");
  await form.getByRole("checkbox", { name: "Flexible" }).check();
  await form.getByLabel("Why would you like to volunteer?").fill("To meet people.");
  await form.getByRole("checkbox", { name: /I agree to the volunteer terms/ }).check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("status").filter({ hasText: /VOL-[2-9A-Z]{8}/ })).toBeFocused();

  await page.getByRole("link", { name: "Send another application" }).click();
  await expect(form.getByLabel("Full name")).toHaveValue("");
  await expect(page.getByRole("status").filter({ hasText: /VOL-/ })).toHaveCount(0);
});

/** Top of an element on screen, once any (smooth) scrolling has settled: the same twice, 400ms apart. */
async function settledTop(page: Page, locator: Locator) {
  let last = NaN;
  await expect
    .poll(
      async () => {
        const top = (await locator.boundingBox())?.y ?? NaN;
        const still = top === last;
        last = top;
        return still;
      },
      { intervals: [400] },
    )
    .toBe(true);
  return last;
}

// The public header is fixed and 72px tall: what sits under it is out of sight.
const HEADER = 72;

const FORMS = [
  {
    name: "volunteer",
    path: "/support#volunteer",
    form: "Volunteer application",
    submit: "Submit Application",
    field: { link: /^Email address:/, label: "Email address" },
    group: { link: /^Availability:/, legend: "When are you available?" },
  },
  {
    name: "stall application",
    path: "/craft-fairs?tab=apply",
    form: "Stall application form",
    submit: "Submit Application",
    field: { link: /^Email address:/, label: "Email address" },
    group: { link: /^Fairs of interest:/, legend: "Which fairs would you like to attend?" },
  },
  {
    name: "nomination",
    path: "/awards?tab=nominate",
    form: "Make a nomination",
    submit: "Submit Nomination",
    field: { link: /^Nominee's name:/, label: "Nominee's name" },
  },
] as const;

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(`error summary at ${viewport.width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport, javaScriptEnabled });

      for (const f of FORMS) {
        test(`a failed ${f.name} lands on the summary, whose links move to the fields`, async ({ page }) => {
          await page.goto(f.path);
          if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          const form = page.getByRole("form", { name: f.form });
          await form.getByRole("button", { name: f.submit }).click();
          const summary = page.getByRole("alert").filter({ hasText: /problems? with your form/ });
          await expect(summary).toBeFocused();
          const top = await settledTop(page, summary);
          expect(top).toBeGreaterThanOrEqual(HEADER);
          expect(top).toBeLessThan(viewport.height / 2);

          await summary.getByRole("link", { name: f.field.link }).click();
          const input = page.getByRole("form", { name: f.form }).getByLabel(f.field.label, { exact: true });
          await expect(input).toBeFocused();
          expect(await settledTop(page, page.locator(`label[for="${await input.getAttribute("id")}"]`))).toBeGreaterThanOrEqual(HEADER);

          if ("group" in f) {
            await summary.scrollIntoViewIfNeeded();
            await summary.getByRole("link", { name: f.group.link }).click();
            const group = page.getByRole("group", { name: f.group.legend });
            await expect(group.getByRole("checkbox").first()).toBeFocused();
            expect(await settledTop(page, group.locator("legend"))).toBeGreaterThanOrEqual(HEADER);
          }
        });
      }
    });
  }
}
