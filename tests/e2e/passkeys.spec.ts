/**
 * Passkeys driven like a user, with Chromium's virtual authenticator (DevTools protocol,
 * WebAuthn domain: CTAP2, internal transport, resident keys, user verification): an
 * administrator enrols a passkey at first sign-in, then signs in with the password and
 * the passkey as second step, and with the passkey alone; an editor adds one in My
 * account, re-authenticates with it, removes it, and it no longer signs in. The browser
 * library is loaded only when a passkey button is pressed, never on public pages.
 */
import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { sessions, staffPasskeys } from "../../app/db/schema.ts";
import { findUserByEmail } from "../../app/features/staff/staff.server.ts";
import { expect, test } from "./fixtures.ts";

/** A platform authenticator (like Touch ID or Windows Hello) that verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

/** Scripts whose text holds the WebAuthn browser library, among those the page loaded. */
function watchWebAuthnLibrary(page: Page) {
  const loaded: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    if (body.includes("WebAuthn is not supported in this browser")) loaded.push(response.url());
  });
  return loaded;
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("an administrator enrols a passkey at first sign-in, then signs in with password and passkey, and with the passkey alone", async ({
  page,
  createAccount,
  e2eDatabase,
}) => {
  void e2eDatabase;
  test.slow();
  const authenticator = await addVirtualAuthenticator(page);
  const library = watchWebAuthnLibrary(page);
  const admin = await createAccount("administrator");

  // Public pages never load the WebAuthn library; the login page only when asked.
  await page.goto("/");
  await page.goto("/events");
  expect(library).toEqual([]);

  await signInWithPassword(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/login\/enrol/);
  expect(library).toEqual([]);
  await page.getByLabel("Name for this passkey").fill("Office laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  expect(library.length).toBeGreaterThan(0);
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.getByRole("link", { name: "I have saved my codes: continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Password, then the passkey as the second step.
  await page.context().clearCookies();
  await signInWithPassword(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The passkey alone: no password, no second step.
  await page.context().clearCookies();
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Faccount%2Fpasskeys");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/passkeys$/);
  const row = page.getByTestId("passkey-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Office laptop");
  await expect(row).toContainText("last used");

  // An administrator must keep a second factor: the only passkey cannot be removed.
  await row.getByRole("button", { name: "Remove passkey: Office laptop" }).click();
  await expect(page.getByRole("alert")).toContainText("Your account must keep two-step sign-in.");
  await expect(page.getByTestId("passkey-row")).toHaveCount(1);
});

test("an editor adds a passkey in My account, confirms it's them with it, removes it, and it no longer signs in", async ({
  page,
  signInAs,
  e2eDatabase,
}) => {
  void e2eDatabase;
  test.slow();
  const authenticator = await addVirtualAuthenticator(page);
  const editor = await signInAs("editor");
  await page.goto("/admin/account");
  await page.getByRole("link", { name: "Add a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Passkeys" })).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByLabel("Name for this passkey").fill("Phone <b>& co</b>");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  // The first second factor of the account: recovery codes come with it.
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("passkey-row")).toContainText("Phone <b>& co</b>");
  await expect(page.getByTestId("passkey-row")).toContainText("not used yet");
  await page.goto("/admin/account");
  await expect(page.getByTestId("factor-status")).toHaveText("On: 1 passkey. 10 recovery codes left.");
  // With passkeys alone, new recovery codes are made from the passkeys page too.
  await page.goto("/admin/account/passkeys");
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/two-factor$/);
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);

  // Removing needs a recent check: the passkey itself does it.
  await getDb().update(sessions).set({ verified_at: sql`now() - interval '11 minutes'` }).where(eq(sessions.id, editor.sessionId));
  await page.goto("/admin/account/passkeys");
  await page.getByRole("button", { name: "Remove passkey: Phone <b>& co</b>" }).click();
  await expect(page).toHaveURL(/\/admin\/reauth\?redirectTo=%2Fadmin%2Faccount%2Fpasskeys/);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  // Confirming carries the removal out: no second click.
  await expect(page.getByText("Passkey removed: Phone <b>& co</b>.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/account\/passkeys$/);
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  const user = await findUserByEmail(editor.email);
  expect(await getDb().select().from(staffPasskeys).where(eq(staffPasskeys.user_id, user!.id))).toEqual([]);

  // The browser still holds the credential, but the server no longer knows it.
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.context().clearCookies();
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").first()).toContainText("That passkey did not sign you in.");
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await page.request.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(302);
});
