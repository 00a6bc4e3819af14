/**
 * Editable content, driven as staff and visitors do: an editor changes the home page's
 * texts and figures, the About timeline, the Community Fund's facts and recipients, a volunteer
 * role, an annual report (PDF checked and downloaded), a craft fair gallery
 * image, and a cause (image with alt text, hide without JavaScript); the public pages show each
 * change. History compares a version with now and restores it. An account without a
 * staff role is refused (and tests/e2e/access-matrix.spec.ts covers every new route).
 */
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

const stamp = Date.now().toString(36);

test("an editor changes the home page texts; the home page shows them, History compares and restores", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Page texts" }).click();
  await page.getByRole("link", { name: "Edit the Home page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Home page" })).toBeVisible();

  // A required text left empty: the field says so and nothing is saved.
  const cta = page.getByRole("group", { name: "Call to action" }).getByLabel("Heading");
  await cta.fill("");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByText("Heading is required")).toBeVisible();

  const title = `Every pound stays in Millbrook ${stamp}`;
  await cta.fill(title);
  await page.getByLabel("Figure 2 (optional)", { exact: true }).fill("12");
  await page.getByLabel("Figure 2 label").fill("groups funded so far");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Home page saved" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 2, name: title })).toBeVisible();
  const figures = visitor.getByRole("region", { name: "Our impact in numbers" });
  await expect(figures).toContainText("12");
  await expect(figures).toContainText("groups funded so far");

  // History: the newest version is the one just saved; restoring the one before brings the old words back.
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "History: Home page" })).toBeVisible();
  const versions = page.getByTestId("revision");
  await expect(versions.first()).toContainText("editor");
  await versions.first().getByRole("link", { name: /Compare/ }).click();
  await expect(page.getByText("This version is the same as the current one.")).toBeVisible();

  // Save once more so there is an older version to go back to.
  await page.goto("/admin/pages/home");
  await page.getByRole("group", { name: "Call to action" }).getByLabel("Heading").fill(`Changed again ${stamp}`);
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Home page saved" }).first()).toBeVisible();
  await page.goto("/admin/history/page/home");
  await page.getByTestId("revision").nth(1).getByRole("link", { name: /Compare/ }).click();
  const comparison = page.getByTestId("revision-comparison");
  await expect(comparison.getByRole("row", { name: /Heading/ })).toContainText(title);
  await expect(comparison.getByRole("row", { name: /Heading/ })).toContainText(`Changed again ${stamp}`);
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Version restored" }).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 2, name: title })).toBeVisible();

  // Put the built-in words back for the other tests.
  await page.goto("/admin/pages/home");
  await page.getByRole("group", { name: "Call to action" }).getByLabel("Heading").fill("Small gifts make a big difference here");
  await page.getByLabel("Figure 2 (optional)", { exact: true }).fill("7");
  await page.getByLabel("Figure 2 label").fill("local groups funded");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Home page saved" }).first()).toBeVisible();
  await visitor.close();
});

test("an editor adds a timeline entry and changes a value on the About page", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/pages/about");
  await page.getByLabel("Timeline entry 4: year").fill("2026");
  await page.getByLabel("Timeline entry 4: heading").fill(`A new home ${stamp}`);
  await page.getByLabel("Timeline entry 4: text").fill("The Foundation moved into the old post office on Market Street.");
  await page.getByLabel("Value 2", { exact: true }).fill("Open books");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "About page saved" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/about");
  await expect(visitor.getByRole("heading", { level: 3, name: `A new home ${stamp}` })).toBeVisible();
  await expect(visitor.getByText("The Foundation moved into the old post office on Market Street.")).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 3, name: "Open books" })).toBeVisible();
  await visitor.close();

  await page.getByLabel("Timeline entry 4: year").fill("");
  await page.getByLabel("Timeline entry 4: heading").fill("");
  await page.getByLabel("Timeline entry 4: text").fill("");
  await page.getByLabel("Value 2", { exact: true }).fill("Open and honest");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "About page saved" }).first()).toBeVisible();
});

test("an editor adds a Community Fund recipient for a new year and changes the target; the page follows", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/fund-recipients");
  await page.getByRole("link", { name: "Add a recipient" }).click();
  await page.getByLabel("Name").fill(`Bowls Club ${stamp}`);
  await page.getByLabel("What the grant is for").fill("New woods and a ramp");
  await page.getByLabel("Year").fill("2099");
  await page.getByLabel("Amount (£)").fill("abc");
  await page.getByRole("button", { name: "Add Recipient" }).click();
  await expect(page.getByText("Amount must be in pounds and pence, for example 1250.50")).toBeVisible();
  await page.getByLabel("Amount (£)").fill("450");
  await page.getByLabel("Status").selectOption("awarded");
  await page.getByRole("button", { name: "Add Recipient" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recipient added" }).first()).toBeVisible();

  await page.goto("/admin/pages/community-fund");
  await page.getByLabel("Target", { exact: true }).fill("£20,000");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Community Fund page saved" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/community-fund");
  await expect(visitor.getByRole("heading", { level: 2, name: "Who we are funding in 2099" })).toBeVisible();
  await expect(visitor.getByRole("listitem").filter({ hasText: `Bowls Club ${stamp}` })).toContainText("Awarded");
  await expect(visitor.getByText(/Our aim is to give £20,000 in grants/)).toBeVisible();

  // Deleting it brings the newest real year back.
  await page.goto("/admin/fund-recipients");
  await page.getByRole("link", { name: `Delete Bowls Club ${stamp}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recipient deleted" }).first()).toBeVisible();
  await page.goto("/admin/pages/community-fund");
  await page.getByLabel("Target", { exact: true }).fill("£10,000");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 2, name: "Who we are funding in 2099" })).toHaveCount(0);
  await visitor.close();
});

test("an editor adds a cause with a described image; it is on /causes; hiding works without JavaScript", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  const title = `Skate park ${stamp}`;
  await page.goto("/admin/causes");
  await page.getByRole("link", { name: "Add a cause" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text", { exact: true }).fill("New ramps and a bench for the skate park by the river.");
  await page.getByLabel("Goal (£)").fill("£4,000.50");
  await page.getByLabel("Raised off the site (£)").fill("1000");
  const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 60, g: 120, b: 200 } } }).png().toBuffer();
  await page.getByLabel(/^Image/).first().setInputFiles({ name: "skate.png", mimeType: "image/png", buffer: image });
  await page.getByRole("button", { name: "Add Cause" }).click();
  await expect(page.getByText("Describe the image for people who cannot see it, or mark it as decorative")).toBeVisible();
  await page.getByLabel("Image description (alt text)").fill("Teenagers on the skate park ramps");
  await page.getByLabel(/^Image/).first().setInputFiles({ name: "skate.png", mimeType: "image/png", buffer: image });
  await page.getByRole("button", { name: "Add Cause" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cause added" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/causes");
  const card = visitor.getByRole("article").filter({ hasText: title });
  await expect(card.getByRole("img", { name: "Teenagers on the skate park ramps" })).toHaveAttribute("src", /^\/uploads\/causes\/.+\.webp$/);
  await expect(card).toContainText("£1,000");
  await expect(card).toContainText("£4,000.50");

  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto("/admin/causes");
  await noJs.getByRole("button", { name: `Move ${title} up` }).click();
  const order = await noJs.getByTestId("admin-cause").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-title")));
  expect(order.at(-2)).toBe(title);
  await noJs.getByRole("button", { name: `Hide ${title}` }).click();
  await expect(noJs.getByTestId("admin-cause").filter({ hasText: title })).toContainText("Hidden");
  await visitor.reload();
  await expect(visitor.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  await context.close();

  await page.goto("/admin/causes");
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cause deleted" }).first()).toBeVisible();

  // The words around the list are the Causes page's texts.
  await page.goto("/admin/pages/causes");
  await page.getByRole("group", { name: "Introduction" }).getByLabel("Heading", { exact: true }).fill(`Causes close to home ${stamp}`);
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Causes page saved" }).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: `Causes close to home ${stamp}` })).toBeVisible();
  await page.getByRole("group", { name: "Introduction" }).getByLabel("Heading", { exact: true }).fill("Good causes, right on our doorstep");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Causes page saved" }).first()).toBeVisible();
  await visitor.close();
});

test("an editor adds a volunteer role; the Support page lists it and the volunteer form offers it", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  const title = `Garden Helper ${stamp}`;
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Volunteer roles" }).click();
  await page.getByRole("link", { name: "Add a role" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("short");
  await page.getByRole("button", { name: "Add Role" }).click();
  await expect(page.getByText("Description must be at least 10 characters")).toBeVisible();
  await page.getByLabel("Description").fill("Weed, water and plant the library garden beds.");
  await page.getByLabel("Time commitment").fill("A morning a month");
  await page.getByLabel("Skills").fill("Green fingers welcome, not needed");
  await page.getByRole("button", { name: "Add Role" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Role added" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/support");
  await expect(visitor.getByRole("heading", { level: 3, name: title })).toBeVisible();
  await expect(visitor.getByRole("group", { name: /Areas of interest/ }).getByLabel(title)).toBeVisible();

  await page.getByRole("button", { name: `Hide ${title}` }).click();
  await expect(page.getByTestId("admin-volunteer-role").filter({ hasText: title })).toContainText("Hidden");
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 3, name: title })).toHaveCount(0);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Role deleted" }).first()).toBeVisible();
  await visitor.close();
});

test("an editor uploads an annual report; a file that is not a PDF is refused; visitors download the PDF", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  const title = `Annual Report 2025 ${stamp}`;
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Annual reports" }).click();
  await page.getByRole("link", { name: "Add a report" }).click();
  await page.getByLabel("Year").fill("2025");
  await page.getByLabel("Title").fill(title);
  // A web page renamed to .pdf is refused by its content.
  await page.getByLabel(/^PDF file/).setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
  await page.getByRole("button", { name: "Add Report" }).click();
  await expect(page.getByText("The file is not a PDF. Please choose a PDF document.")).toBeVisible();
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await page.getByLabel(/^PDF file/).setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Add Report" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Report added" }).first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/trustees");
  const link = visitor.getByRole("link", { name: `${title} (PDF)` });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/uploads\/reports\/.+\.pdf$/);
  // Listed before the built-in 2024 report.
  const names = await visitor.locator("#reports a").allTextContents();
  expect(names.findIndex((n) => n.includes(title))).toBeLessThan(names.findIndex((n) => n.includes("Annual Report 2024")));
  const download = await visitor.request.get(href!);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(download.headers()["content-disposition"]).toBe("attachment");
  expect(download.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);

  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Report deleted" }).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("link", { name: `${title} (PDF)` })).toHaveCount(0);
  await visitor.close();
});

test("an editor adds a craft fair gallery image with alt text; the Past Fairs gallery shows it first after moving it", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  const alt = `Stallholders laughing ${stamp}`;
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Craft fair gallery" }).click();
  const images = page.getByTestId("admin-gallery-image");
  await expect(images.first()).toBeVisible();
  const before = await images.count();
  await page.getByRole("link", { name: "Add an image" }).click();
  await page.getByRole("button", { name: "Add Image" }).click();
  await expect(page.getByText("Choose an image for the gallery")).toBeVisible();
  const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 220, g: 90, b: 90 } } }).png().toBuffer();
  await page.getByLabel(/^Image/).first().setInputFiles({ name: "fair.png", mimeType: "image/png", buffer: image });
  await page.getByLabel("Image description (alt text)").fill(alt);
  await page.getByRole("button", { name: "Add Image" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image added" }).first()).toBeVisible();
  // Added last; each move is waited for at its new place before the next.
  await expect(images.nth(before)).toHaveAttribute("data-title", alt);
  for (let at = before - 1; at >= 0; at--) {
    await page.getByRole("button", { name: `Move ${alt} up` }).click();
    await expect(images.nth(at)).toHaveAttribute("data-title", alt);
  }
  await expect(page.getByTestId("admin-gallery-image").first()).toHaveAttribute("data-title", alt);

  const visitor = await browser.newPage();
  await visitor.goto("/craft-fairs?tab=past");
  const first = visitor.getByRole("heading", { name: "Gallery" }).locator("xpath=..").getByRole("img").first();
  await expect(first).toHaveAttribute("alt", alt);
  await expect(first).toHaveAttribute("src", /^\/uploads\/craft-fair-gallery\/.+\.webp$/);

  await page.getByRole("link", { name: `Delete ${alt}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted" }).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("img", { name: alt })).toHaveCount(0);
  await visitor.close();
});

test("an account without a staff role cannot see or save page texts, causes or recipients", async ({ page, signInAs }) => {
  await signInAs(null);
  for (const path of ["/admin/pages/home", "/admin/causes/new", "/admin/fund-recipients", "/admin/volunteer-roles", "/admin/annual-reports/new", "/admin/craft-fair-gallery", "/admin/history/page/home"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByLabel("Heading")).toHaveCount(0);
  }
  const post = await page.request.post("/admin/pages/home", { form: { cta_title: "Hacked" }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0, failOnStatusCode: false });
  expect(post.status()).toBe(403);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "Hacked" })).toHaveCount(0);
});
