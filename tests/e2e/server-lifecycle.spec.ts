/**
 * The server as a newcomer meets it: a fresh data folder, the first-run setup link
 * printed at start-up (it works once), data kept across a restart, and the same app
 * running on a PostgreSQL server named by DATABASE_URL.
 * Each test starts its own server process on its own port and data folder.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { openEmbeddedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { E2E_DATA_DIR } from "../../playwright.config.ts";
import { totpCode } from "../helpers/totp.ts";
import { startOwnServer as startServer } from "./own-server.ts";

// Each test starts whole server processes (twice for the restart): give them time on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function waitFor<T>(read: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test("a fresh install prints a one-time setup link, creates the first administrator and keeps data across restarts", async ({ page }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-first-run-"));
  fs.chmodSync(dataDir, 0o755);
  let server = await startServer({ DATA_DIR: dataDir });
  try {
    // Output that is not a terminal is the log: the link is not in it, the log says which file holds it.
    const linkFile = path.join(dataDir, "setup-link.txt");
    const link = await waitFor(() => (fs.existsSync(linkFile) ? /(http:\/\/localhost:\d+\/admin\/setup\/[\w-]+)/.exec(fs.readFileSync(linkFile, "utf8"))?.[1] : undefined), "the setup link");
    expect(fs.statSync(linkFile).mode & 0o777).toBe(0o600);
    await expect.poll(() => server.output(), { message: "the log names the file" }).toContain("No administrator exists yet");
    expect(server.output()).toContain(linkFile);
    expect(server.output()).not.toContain("/admin/setup/");

    await page.goto(`${server.origin}/events/1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Millbrook Charity Gala Dinner");

    // Before the first administrator exists, the sign-in page shows how to create one.
    await page.goto(`${server.origin}/admin/login`);
    await page.getByRole("button", { name: "Show setup instructions" }).click();
    await expect(page.getByText(/npm run create-user -- --email/)).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Create the first administrator" })).toBeVisible();
    await page.getByLabel("Email").fill("chair@millbrook.test");
    await page.getByLabel("Password (at least 12 characters)").fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText("Password must be at least 12 characters")).toBeVisible();

    await page.getByLabel("Password (at least 12 characters)").fill("correct horse battery");
    await page.getByLabel("Confirm password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create administrator" }).click();
    // The new administrator is walked through enrolling a second factor before any screen.
    await expect(page).toHaveURL(/\/admin\/login\/enrol/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up two-step sign-in");
    await expect(page.getByTestId("totp-qr")).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await page.getByRole("link", { name: "I have saved my codes: continue" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("chair@millbrook.test").first()).toBeVisible();
    // The app's secret is encrypted under a key file beside the database folder, readable by the server's user only.
    expect(fs.statSync(path.join(dataDir, "secret-encryption.key")).mode & 0o777).toBe(0o600);
    await page.goto(`${server.origin}/admin/users`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    // Now that one exists, the sign-in page shows no server command.
    const login = await page.request.get(`${server.origin}/admin/login`);
    expect(await login.text()).not.toContain("npm run create-user");

    // The link works once.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This setup link no longer works" })).toBeVisible();

    // Restart: the administrator is still there, so no new setup link is printed.
    await server.stop();
    server = await startServer({ DATA_DIR: dataDir });
    await page.waitForTimeout(500);
    expect(server.output()).not.toContain("No administrator exists yet");
    await expect.poll(() => fs.existsSync(linkFile), { message: "the used link's file is removed" }).toBe(false);
    const health = await page.request.get(`${server.origin}/healthz`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: { ok: true } });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("runs on the PostgreSQL server named by DATABASE_URL, with the same migrations and sample content", async ({ page }) => {
  // The browser-test server's PostgreSQL stands in for an external server here.
  const external = await openEmbeddedDatabase({ dataDir: E2E_DATA_DIR, mode: "attach", database: `external_${Date.now()}` });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-url-"));
  const server = await startServer({ DATABASE_URL: external.url, DATA_DIR: dataDir });
  try {
    await page.goto(`${server.origin}/events/1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Millbrook Charity Gala Dinner");
    // No embedded cluster was created for this server.
    expect(fs.existsSync(path.join(dataDir, "pg"))).toBe(false);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
