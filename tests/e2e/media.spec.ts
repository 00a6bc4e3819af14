/**
 * The media library: an editor uploads an image, describes it and sets its focal point
 * (the numbers without JavaScript, the click with it), uses it on a trustee through the
 * form's media field; the public Trustees page shows it with that alt text, cropped around
 * that point; the library refuses to delete it while the trustee uses it.
 */
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

test.setTimeout(90_000);

const SHOTS = "test-results/media-shots";

test("an editor uploads an image, describes it, sets its focal point and uses it on a trustee; the public page follows", async ({ page, browser, signInAs }) => {
  await signInAs("editor");
  const stamp = Date.now().toString(36);
  const filename = `heron-${stamp}.png`;
  const alt = `A grey heron on the mill pond ${stamp}`;
  const trustee = `Ada Moss ${stamp}`;

  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Media library" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  // The sample pictures are in the library from the start.
  await expect(page.getByTestId("media-item").filter({ hasText: "litter-pick.svg" })).toBeVisible();

  // A file that is no image or PDF, whatever its name, is refused: nothing added, the grid unchanged.
  const notes = `notes-${stamp}.png`;
  await page.getByLabel("Upload images or PDFs").setInputFiles({ name: notes, mimeType: "image/png", buffer: Buffer.from("Minutes of the trustees' meeting") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText(`${notes}: Only JPEG, PNG, WebP or GIF images and PDF documents can be uploaded.`)).toBeVisible();
  await expect(page.getByLabel("Upload images or PDFs")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("media-item").filter({ hasText: notes })).toHaveCount(0);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/media-upload-refused-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 70, g: 120, b: 160 } } }).png().toBuffer();
  await page.getByLabel("Upload images or PDFs").setInputFiles({ name: filename, mimeType: "image/png", buffer });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: filename })).toBeVisible();
  const itemUrl = page.url();

  // Saving without a description is refused, and nothing changes.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Describe the image for people who cannot see it, or mark it as decorative")).toBeVisible();

  // A click on the picture moves the focal point (JavaScript).
  const target = page.getByTestId("focal-target");
  const box = (await target.boundingBox())!;
  await target.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(page.getByLabel("From the left")).toHaveValue(/^2[4-6]$/);
  await expect(page.getByLabel("From the top")).toHaveValue(/^7[4-6]$/);

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/media-item-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Without JavaScript: the numbers and the description are a plain form.
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto(itemUrl);
  await noJs.getByLabel("Description (alt text)").fill(alt);
  await noJs.getByLabel("From the left").fill("101");
  await noJs.getByRole("button", { name: "Save" }).click();
  await expect(noJs.getByText("Enter a whole number from 0 to 100")).toBeVisible();
  await noJs.getByLabel("From the left").fill("20");
  await noJs.getByLabel("From the top").fill("30");
  await noJs.getByRole("button", { name: "Save" }).click();
  await expect(noJs).toHaveURL(/\/admin\/media$/);
  await context.close();

  await page.goto(itemUrl);
  await expect(page.getByLabel("Description (alt text)")).toHaveValue(alt);
  await expect(page.getByTestId("focal-preview-wide")).toHaveCSS("object-position", "20% 30%");

  await page.goto("/admin/media");
  await page.getByLabel("Search").fill(`heron-${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("media-item")).toHaveCount(1);
  await expect(page.getByTestId("media-item")).toContainText(alt);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The trustee form picks it from the library: the alt text comes with it.
  await page.goto("/admin/trustees/new");
  await page.getByLabel("Name").fill(trustee);
  await page.getByLabel("Role").fill("Trustee");
  await page.getByLabel("Bio").fill("Ada keeps the river clean and the accounts straight.");
  await page.getByRole("radio", { name: alt }).check();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("group", { name: /^Photo/ }).screenshot({ path: `${SHOTS}/media-field-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole("button", { name: "Add Trustee" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trustee added" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/trustees");
  const photo = visitor.getByTestId("trustee-list").getByRole("listitem").filter({ hasText: trustee }).getByRole("img", { name: alt });
  await expect(photo).toHaveAttribute("src", /^\/uploads\/media\/.+\.webp$/);
  await expect(photo).toHaveCSS("object-position", "20% 30%");
  await visitor.close();

  // In use: the library names where, and refuses to delete it.
  await page.goto(itemUrl);
  await expect(page.getByTestId("media-usages")).toContainText(`Trustee: ${trustee}`);
  await page.getByRole("button", { name: "Delete from the library" }).click();
  await expect(page.getByRole("alert")).toContainText(`cannot be deleted. Remove it from: Trustee: ${trustee}`);
});

test("the sample litter pick's wide banner is cropped around the volunteers; the library grid at desktop and phone widths", async ({ page, signInAs }) => {
  await page.goto("/events/4");
  const banner = page.locator('img[src="/images/events/litter-pick.svg"]');
  await expect(banner).toHaveCSS("object-position", "47% 90%");
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/event-banner-1280.png` });

  await signInAs("editor");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/media");
    await expect(page.getByTestId("media-item").first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/media-library-${width}.png`, fullPage: width === 1280 });
  }
});
