/**
 * Sponsors (app/features/sponsors): a fresh site shows the sample sponsors on /about; an
 * editor adds a sponsor with a logo (described for screen readers), moves it up, and a
 * visitor on a 390 px phone sees it on /about, linking to the sponsor's site.
 */
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(60_000);

const name = `Oak Lane Hardware ${Date.now().toString(36)}`;
const logoAlt = `${name} logo`;

async function logo() {
  const buffer = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();
  return { name: "oak-lane.png", mimeType: "image/png", buffer };
}

test("a fresh site shows the sample sponsors on /about", async ({ page }) => {
  await page.goto("/about");
  const sponsors = page.getByTestId("sponsors");
  await expect(sponsors.getByRole("link", { name: "Millbrook Bakery logo" })).toHaveAttribute("href", "https://millbrook-bakery.example.org");
});

test("an editor adds a sponsor with a logo and moves it up; a visitor on a phone sees it on /about", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Sponsors" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sponsors" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("link", { name: "Add a sponsor" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("textbox", { name: "Website" }).fill("not a web address");
  await page.getByLabel(/^Logo/).first().setInputFiles(await logo());
  await page.getByRole("button", { name: "Add Sponsor" }).click();
  await expect(page.getByText("Enter the sponsor's full web address, starting with https://")).toBeVisible();

  await page.getByRole("textbox", { name: "Website" }).fill("https://oak-lane.example.org");
  await page.getByLabel("Logo description (alt text)").fill(logoAlt);
  await page.getByLabel(/^Logo/).first().setInputFiles(await logo());
  await page.getByRole("button", { name: "Add Sponsor" }).click();
  await expect(page).toHaveURL(/\/admin\/sponsors$/);
  await expect(page.getByRole("status").filter({ hasText: "Sponsor added" }).first()).toBeVisible();
  const rows = page.getByTestId("admin-sponsor");
  await expect(rows.last()).toHaveAttribute("data-name", name);
  await page.getByRole("button", { name: `Move ${name} up` }).click();
  await expect(rows.nth((await rows.count()) - 2)).toHaveAttribute("data-name", name);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await phone.newPage();
  await visitor.goto("/about");
  const link = visitor.getByTestId("sponsors").getByRole("link", { name: logoAlt });
  await expect(link).toHaveAttribute("href", "https://oak-lane.example.org");
  await expect(link.getByRole("img", { name: logoAlt })).toHaveAttribute("src", /^\/uploads\/sponsors\/.+\.webp$/);
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport();
  // Moved up: it comes before the sponsor that was last.
  const order = await visitor.getByTestId("sponsors").getByRole("link").evaluateAll((links) => links.map((l) => l.textContent?.trim() ?? ""));
  expect(order.at(-1)).not.toContain(name);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.screenshot({ path: "test-results/sponsors-about-390.png", fullPage: true });
  await phone.close();
});
