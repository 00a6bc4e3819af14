/**
 * Trustees, edited by staff: an editor adds a trustee with a photo (alt text required
 * unless decorative), reorders, hides and deletes; the public /trustees page follows.
 */
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(60_000);

const name = `Priya Shah ${Date.now().toString(36)}`;

async function photo() {
  const buffer = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 140, b: 60 } } }).png().toBuffer();
  return { name: "priya.png", mimeType: "image/png", buffer };
}

const adminRows = (page: import("@playwright/test").Page) => page.getByTestId("admin-trustee");

test("an editor adds a trustee with a described photo; the public page shows it", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Trustees" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trustees" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("link", { name: "Add a trustee" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Role").fill("Trustee, Young People");
  await page.getByLabel("Bio").fill("Priya teaches at Millbrook Academy and runs the youth council.");
  await page.getByLabel(/^Photo/).first().setInputFiles(await photo());
  await page.getByRole("button", { name: "Add Trustee" }).click();
  // The server asks for a description of the photo.
  await expect(page.getByText("Describe the photo for people who cannot see it, or mark it as decorative")).toBeVisible();

  await page.getByLabel("Photo description (alt text)").fill("Priya Shah outside the academy");
  await page.getByLabel(/^Photo/).first().setInputFiles(await photo());
  await page.getByRole("button", { name: "Add Trustee" }).click();
  await expect(page).toHaveURL(/\/admin\/trustees$/);
  await expect(page.getByRole("status").filter({ hasText: "Trustee added" }).first()).toBeVisible();
  await expect(adminRows(page).last()).toHaveAttribute("data-name", name);

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/trustees");
  const card = visitor.getByTestId("trustee-list").getByRole("listitem").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: "Priya Shah outside the academy" })).toHaveAttribute("src", /^\/uploads\/trustees\/.+\.webp$/);
  await visitor.close();
});

test("reordering and hiding work without JavaScript, and the public page follows", async ({ browser, signInAs, page }) => {
  const account = await signInAs("editor");
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto("/admin/trustees");
  const before = await adminRows(noJs).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-name")));
  expect(before.at(-1)).toBe(name);
  await noJs.getByRole("button", { name: `Move ${name} up` }).click();
  const after = await adminRows(noJs).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-name")));
  expect(after.at(-2)).toBe(name);
  expect(after.at(-1)).toBe(before.at(-2));

  const visitor = await browser.newPage();
  await visitor.goto("/trustees");
  const publicNames = await visitor.getByTestId("trustee-list").locator("h3").allTextContents();
  expect(publicNames.indexOf(name)).toBe(publicNames.indexOf(before.at(-2)!) - 1);

  await noJs.getByRole("button", { name: `Hide ${name}` }).click();
  await expect(adminRows(noJs).filter({ hasText: name })).toContainText("Hidden");
  await visitor.reload();
  await expect(visitor.getByTestId("trustee-list")).not.toContainText(name);
  await visitor.close();
  await context.close();
  void account;
});

test("an editor deletes the trustee after confirming", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/trustees");
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this trustee?" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trustee deleted" }).first()).toBeVisible();
  await expect(adminRows(page).filter({ hasText: name })).toHaveCount(0);
});
