/**
 * Settings, the last-administrator rule and maintenance mode, on a server of its own
 * (own data folder and port): these change global state (site settings, maintenance
 * mode, the set of administrators), which must not disturb the tests sharing the main
 * e2e server.
 */
import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { totpCode } from "../helpers/totp.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const ADMIN = { email: "only-admin@millbrook.test", password: "quiet river lantern 7" };
let server: OwnServer;
let origin = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  origin = server.origin;
  const created = spawnSync(process.execPath, ["scripts/create-user.ts", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "administrator"], {
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(created.status, created.stderr + created.stdout).toBe(0);
});

test.afterAll(async () => {
  await server?.stop();
});

// The administrator enrols a second factor at the first sign-in; later sign-ins use its recovery codes.
let recoveryCodes: string[] = [];

async function signIn(page: Page) {
  await page.goto(`${origin}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/login\/(enrol|verify)/);
  if (/\/enrol/.test(page.url())) {
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    recoveryCodes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
    await page.getByRole("link", { name: "I have saved my codes: continue" }).click();
  } else {
    await page.getByLabel("Code").fill(recoveryCodes.pop()!);
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

test("the last administrator cannot be demoted or removed", async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/users`);
  const row = page.locator(`[data-testid="staff-row"][data-email="${ADMIN.email}"]`);
  await row.getByRole("button", { name: "Revoke access" }).click();
  await page.getByRole("dialog", { name: "Remove staff access?" }).getByRole("button", { name: "Revoke access" }).click();
  await expect(page.getByTestId("users-notice")).toHaveText(
    "Error: There must always be at least one administrator. Make another account an administrator first.",
  );
  await row.getByLabel(`Role of ${ADMIN.email}`).selectOption("editor");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByTestId("users-notice")).toContainText("There must always be at least one administrator");
  await expect(row.locator("td").nth(1)).toHaveText("Administrator");
});

test("settings are validated, saved optimistically, rolled back on failure and reach the public site", async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/settings`);
  await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible();
  // The contact email and social links have one screen: Contact details.
  await expect(page.getByLabel(/email|facebook|twitter|instagram/i)).toHaveCount(0);
  await expect(page.getByTestId("contact-note").getByRole("link", { name: "Contact details" })).toHaveAttribute("href", "/admin/contact");

  // Bad input: a message per field, nothing saved.
  await page.getByLabel("Site name").fill("");
  await page.getByLabel("Tagline").fill("x".repeat(151));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(notifications(page)).toContainText("Failed to save settings: Please correct the highlighted fields");
  await expect(page.getByText("Site name is required")).toBeVisible();
  await expect(page.getByText("Tagline must be at most 150 characters")).toBeVisible();
  await expect(page.getByTestId("settings-form-error")).toHaveText("Please correct the highlighted fields");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/settings-refused-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing to retry: the fields need correcting first.
  await expect(notifications(page).getByRole("button", { name: "Retry" })).toHaveCount(0);
  // Only fields that do something: no social "handles", no image paths (the uploader sets images).
  await expect(page.getByLabel(/handle/i)).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /image/i })).toHaveCount(0);

  // A failing save: rolled back, with Retry.
  await page.getByLabel("Tagline").fill("Supporting our community");
  await page.getByLabel("Site description").fill("Together for Millbrook");
  await page.getByLabel("Site name").fill("Millbrook Foundation Test");
  // (The save is the page's own action, posted by a fetcher: the connection drops on the way.)
  const saveRequest = (url: URL) => url.pathname === "/admin/settings.data";
  await page.route(saveRequest, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(notifications(page)).toContainText("Failed to save settings: Network connection error");
  await expect(page.getByLabel("Site description")).not.toHaveValue("Together for Millbrook");
  await page.unroute(saveRequest);
  await notifications(page).getByRole("button", { name: "Retry" }).click();
  await expect(notifications(page)).toContainText("Settings saved successfully");
  await expect(page.getByLabel("Site description")).toHaveValue("Together for Millbrook");

  // The public site on the next request.
  const visitor = await page.context().browser()!.newContext();
  const home = await visitor.newPage();
  await home.goto(`${origin}/`);
  await expect(home.locator('meta[name="description"]')).toHaveAttribute("content", "Together for Millbrook");
  await expect(home.locator("header")).toContainText("Millbrook Foundation Test");
  await home.goto(`${origin}/events`);
  await expect(home).toHaveTitle(/\| Millbrook Foundation Test$/);
  await expect(home.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Millbrook Foundation Test");
  await visitor.close();
});

test("without JavaScript the form posts to the same action: bad input is refused and changes nothing, a good one is saved", async ({ page, browser }) => {
  await signIn(page);
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const screen = await plain.newPage();
  const siteName = async () => (await (await plain.request.get(`${origin}/admin/settings/data`)).json()).settings.site_name as string;
  try {
    await screen.goto(`${origin}/admin/settings`);
    const before = await siteName();
    await screen.getByLabel("Site name").fill("");
    await screen.getByLabel("Tagline").fill("Typed without scripts");
    await screen.getByRole("button", { name: "Save Settings" }).click();
    await expect(screen.getByText("Site name is required")).toBeVisible();
    await expect(screen.getByTestId("settings-form-error")).toHaveText("Please correct the highlighted fields");
    // What was typed is still there, and nothing was stored.
    await expect(screen.getByLabel("Tagline")).toHaveValue("Typed without scripts");
    await expect(screen.getByLabel("Site name")).toHaveValue("");
    await expect(screen.getByLabel("Site name")).toHaveAttribute("aria-invalid", "true");
    expect(await siteName()).toBe(before);
    for (const width of [390, 1280]) {
      await screen.setViewportSize({ width, height: 900 });
      await screen.screenshot({ path: `test-results/screenshots/settings-refused-no-js-${width}.png`, fullPage: true });
    }

    await screen.getByLabel("Site name").fill("Millbrook Without Scripts");
    await screen.getByRole("button", { name: "Save Settings" }).click();
    await expect(screen).toHaveURL(`${origin}/admin/settings`);
    await expect(screen.getByLabel("Site name")).toHaveValue("Millbrook Without Scripts");
    await expect(screen.getByLabel("Tagline")).toHaveValue("Typed without scripts");
    await expect(screen.getByTestId("settings-form-error")).toHaveCount(0);
    expect(await siteName()).toBe("Millbrook Without Scripts");
  } finally {
    await plain.close();
  }
});

test("slow and failed loading: slow message, Retry Loading, Enter Settings Manually", async ({ page }) => {
  await signIn(page);
  await page.goto(`${origin}/admin/settings`);
  let mode: "slow" | "fail" = "slow";
  await page.route("**/admin/settings/data", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    if (mode === "fail") return route.fulfill({ status: 503, json: { error: "The settings could not be read from the database." } });
    await new Promise((r) => setTimeout(r, 4200));
    return route.continue();
  });
  await page.getByRole("button", { name: "Discard unsaved changes" }).click();
  await expect(page.getByText("Loading settings...")).toBeVisible();
  await expect(page.getByText("Loading settings is taking longer than usual. Please wait...")).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible({ timeout: 10_000 });

  mode = "fail";
  await page.getByRole("button", { name: "Discard unsaved changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The settings could not be loaded" })).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Retry Loading" }).click();
  await expect(page.getByRole("button", { name: "Enter Settings Manually" })).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Enter Settings Manually" }).click();
  await expect(notifications(page)).toContainText("You can now manually enter settings.");
  await expect(page.getByLabel("Site name")).toBeVisible();
});

test("maintenance mode: 503 with Retry-After for visitors, banner for staff, admin and /healthz keep working", async ({ page, request }) => {
  // An event title, to look for in what visitors get during maintenance.
  const ics = await (await request.get(`${origin}/events/1/calendar.ics`)).text();
  const title = /SUMMARY:(.+)/.exec(ics)![1].trim().replace(/\\/g, "");
  expect((await request.get(`${origin}/events`)).status()).toBe(200);
  await signIn(page);
  const contactEmail = `office-${Date.now().toString(36)}@millbrook.test`;
  await page.goto(`${origin}/admin/contact`);
  await page.getByLabel("General email").fill(contactEmail);
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(notifications(page)).toContainText("Contact details saved");
  await page.goto(`${origin}/admin/settings`);
  await page.getByLabel("Tagline").fill(`Supporting our community ${Date.now().toString(36)}`);
  await page.getByRole("switch", { name: "Maintenance mode" }).click();
  // While the save is on its way, the screen does not yet say visitors see the maintenance page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const posted = new Promise<void>((resolve) => (sent = resolve));
  await page.route((url) => url.pathname === "/admin/settings.data", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    sent();
    await held;
    return route.continue();
  });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await posted;
  await expect(page.getByTestId("maintenance-status")).toHaveCount(0);
  release();
  await expect(notifications(page)).toContainText("Settings saved successfully");
  await expect(page.getByTestId("maintenance-status")).toBeVisible();
  await page.unrouteAll();
  try {
    for (const path of ["/", "/events", "/events/1", "/about"]) {
      const response = await request.get(`${origin}${path}`);
      expect(response.status(), path).toBe(503);
      expect(response.headers()["retry-after"]).toBe("3600");
      const html = await response.text();
      expect(html).toContain("We&#x27;ll be back soon");
      // No page loader ran: the page's data is not in the 503 page.
      expect(html, path).not.toContain(title);
    }
    // Client data requests, the calendar file and the sitemap are refused as well.
    for (const path of ["/events.data", "/events/1.data", "/_root.data", "/events/1/calendar.ics", "/sitemap.xml"]) {
      const response = await request.get(`${origin}${path}`);
      expect(response.status(), path).toBe(503);
      expect(await response.text(), path).not.toContain(title);
    }
    expect((await request.get(`${origin}/healthz`)).status()).toBe(200);
    // Form posts are refused as well, before anything is stored.
    const post = await request.post(`${origin}/support`, {
      headers: { Origin: origin },
      form: { intent: "volunteer", fullName: "Maintenance Visitor", email: "visitor@example.org" },
    });
    expect(post.status()).toBe(503);
    expect(post.headers()["retry-after"]).toBe("3600");

    const visitor = await page.context().browser()!.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${origin}/`);
    await expect(anonymous.getByRole("heading", { name: "We'll be back soon" })).toBeVisible();
    // The contact email from Contact details, not a built-in one.
    await expect(anonymous.getByRole("link", { name: contactEmail })).toHaveAttribute("href", `mailto:${contactEmail}`);
    await expect(anonymous.getByText("info@millbrookfoundation.org.uk")).toHaveCount(0);
    for (const width of [390, 1280]) {
      await anonymous.setViewportSize({ width, height: 800 });
      await anonymous.screenshot({ path: `test-results/screenshots/maintenance-page-${width}.png` });
    }
    await visitor.close();

    // Staff see the site with the banner, which covers neither the header nor the page's top.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const staffView = await page.goto(`${origin}/events`);
      expect(staffView?.status()).toBe(200);
      const banner = page.getByTestId("maintenance-banner");
      await expect(banner).toContainText("Maintenance mode is on");
      await expect(banner).toBeInViewport();
      const header = (await page.locator("header").first().boundingBox())!;
      const bar = (await banner.boundingBox())!;
      expect(bar.y >= header.y + header.height || bar.y + bar.height <= header.y, `banner overlaps the header at ${width} px`).toBe(true);
      await page.screenshot({ path: `test-results/screenshots/maintenance-banner-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The dashboard says so, with the way to turn it off.
    const admin = await page.goto(`${origin}/admin/dashboard`);
    expect(admin?.status()).toBe(200);
    const notice = page.getByTestId("maintenance-notice");
    await expect(notice).toContainText("Maintenance mode is on");
    await notice.getByRole("link", { name: "Turn it off in Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
  } finally {
    await page.goto(`${origin}/admin/settings`);
    await page.getByRole("switch", { name: "Maintenance mode" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(notifications(page)).toContainText("Settings saved successfully");
  }
  const back = await request.get(`${origin}/`);
  expect(back.status()).toBe(200);
  expect(await back.text()).not.toContain("maintenance-banner");
  await page.goto(`${origin}/admin/dashboard`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("maintenance-notice")).toHaveCount(0);

  // The audit log says it in words, not codes and JSON.
  await page.goto(`${origin}/admin/audit-log?kind=settings`);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText(`${ADMIN.email} turned maintenance mode off`);
  await expect(page.getByTestId("audit-row").filter({ hasText: "turned maintenance mode on" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "changed: Tagline, Maintenance mode" })).toHaveCount(1);
  await expect(page.locator("main")).not.toContainText("settings.maintenance");
  await expect(page.locator("main")).not.toContainText('{"changed"');
});

test("the hero image is uploaded from Settings into the media library, shown on the home page, and taken off it again", async ({ page }) => {
  const sharp = (await import("sharp")).default;
  const photo = await sharp({ create: { width: 1800, height: 900, channels: 3, background: "#e39b22" } }).jpeg().toBuffer();
  await signIn(page);
  await page.goto(`${origin}/admin/settings`);
  const images = page.getByRole("region", { name: "Images" });
  await images.getByLabel(/New hero image/).setInputFiles({ name: "green.jpg", mimeType: "image/jpeg", buffer: photo });
  // A text edit not saved yet survives the upload, and the upload does not claim to save it.
  await page.getByLabel("Site description").fill("Typed but not saved yet");
  await images.getByRole("button", { name: "Upload Hero image" }).click();
  await expect(notifications(page)).toContainText("Hero image uploaded");
  await expect(notifications(page)).not.toContainText("Settings saved successfully");
  await expect(page.getByLabel("Site description")).toHaveValue("Typed but not saved yet");
  const preview = images.getByRole("img", { name: "Current hero image" });
  await expect(preview).toHaveAttribute("src", /^\/uploads\/settings\/[\w-]+\.webp$/);
  const src = await preview.getAttribute("src");

  // Saving the text afterwards keeps the new image.
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(notifications(page)).toContainText("Settings saved successfully");
  await expect(preview).toHaveAttribute("src", src!);

  await page.goto(`${origin}/`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Typed but not saved yet");
  await expect(page.locator(`img[src="${src}"]`)).toBeVisible();
  const file = await page.request.get(`${origin}${src}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");

  // A file that only pretends to be an image is refused.
  await page.goto(`${origin}/admin/settings`);
  await images.getByLabel(/New hero image/).setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
  await images.getByRole("button", { name: "Upload Hero image" }).click();
  await expect(notifications(page)).toContainText("Image upload failed");
  await expect(preview).toHaveAttribute("src", src!);

  await images.getByRole("button", { name: "Remove Hero image" }).click();
  await expect(notifications(page)).toContainText("Hero image removed");
  await expect(images.getByText("No image chosen: the built-in artwork is shown.").first()).toBeVisible();
  // The home page no longer shows it; the file stays in the media library, which owns it.
  await page.goto(`${origin}/`);
  await expect(page.locator(`img[src="${src}"]`)).toHaveCount(0);
  await page.goto(`${origin}/admin/media?kind=image`);
  await expect(page.getByTestId("media-grid").locator(`img[src="${src}"]`)).toHaveCount(1);
});
