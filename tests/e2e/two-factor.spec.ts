/**
 * Two-step sign-in with an authenticator app, driven like a user: an administrator
 * without a second factor must enrol before any admin screen; afterwards sign-in asks for
 * a code; recovery codes work once.
 */
import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { confirmEnrolment, factorSummary, startEnrolment } from "../../app/auth/two-factor.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { sessions } from "../../app/db/schema.ts";
import { findUserByEmail } from "../../app/features/staff/staff.server.ts";
import { currentStep, totpCode, wrongCode } from "../helpers/totp.ts";
import { expect, findAccount, test } from "./fixtures.ts";

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("an administrator enrols at first sign-in, then signs in with a code; wrong codes and a reused recovery code are refused", async ({
  page,
  createAccount,
}) => {
  test.slow();
  const admin = await createAccount("administrator");
  await signInWithPassword(page, admin.email, admin.password);

  // Enrolment comes first: no admin screen (or its data) is reachable before it.
  await expect(page).toHaveURL(/\/admin\/login\/enrol/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up two-step sign-in");
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  for (const path of ["/admin/dashboard", "/admin/settings", "/admin/account"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toMatch(/^\/admin\/login\/enrol/);
  }
  // Data requests get React Router's redirect (202), never the page's data.
  const data = await page.request.get("/admin/users.data", { maxRedirects: 0 });
  expect(data.status()).toBe(202);
  const body = await data.text();
  expect(body).toContain("/admin/login/enrol");
  expect(body).not.toContain(admin.email);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\/enrol\?redirectTo=%2Fadmin%2Fdashboard/);

  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("6-digit code from the app").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");

  const step = currentStep();
  await page.getByLabel("6-digit code from the app").fill(totpCode(secret, step));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  // The codes can be copied, downloaded as a text file and printed.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const code of codes) expect(copied).toContain(code);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as a text file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("millbrook-recovery-codes.txt");
  const file = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(file as Buffer[]).toString("utf8");
  for (const code of codes) expect(text).toContain(code);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.getByRole("link", { name: "I have saved my codes: continue" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Next sign-in: password, then a code. A wrong code is refused.
  await signOut(page);
  await signInWithPassword(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  expect((await page.request.get("/admin/dashboard", { maxRedirects: 0 })).headers()["location"]).toMatch(/^\/admin\/login\/verify/);
  await page.getByLabel("Code").fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  // A wrong code is counted (the fifth in a row would end the step), the next step's code works.
  const nextCode = totpCode(secret, step + 1);
  await page.getByLabel("Code").fill(nextCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The same code cannot be used twice; a recovery code works once.
  await signOut(page);
  await signInWithPassword(page, admin.email, admin.password);
  await page.getByLabel("Code").fill(nextCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await page.getByLabel("Code").fill(codes[0]!.toUpperCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("You signed in with a recovery code. 9 left")).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, admin.email, admin.password);
  await page.getByLabel("Code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
});

test("an editor without a second factor signs in with the password alone", async ({ page, createAccount }) => {
  const editor = await createAccount("editor");
  await signInWithPassword(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("an administrator resets another's lost factor from Users, after confirming their password (re-authentication)", async ({
  page,
  signInAs,
  createAccount,
  e2eDatabase,
}) => {
  // Four password checks (two sign-ins, an enrolment, the re-authentication) on a busy machine.
  test.setTimeout(60_000);
  void e2eDatabase;
  const admin = await signInAs("administrator");
  const editor = await createAccount("editor");
  const editorRow = await findUserByEmail(editor.email);
  const enrolment = await startEnrolment(editorRow!.id, editor.email);
  await confirmEnrolment(editorRow!.id, totpCode(enrolment.secretGroups.replace(/\s/g, "")));

  // The last check of this session was 11 minutes ago: the server asks again.
  await getDb().update(sessions).set({ verified_at: sql`now() - interval '11 minutes'` }).where(eq(sessions.id, admin.sessionId));
  await page.goto("/admin/users");
  await findAccount(page, editor.email);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.locator(`[data-testid="staff-row"][data-email="${editor.email}"]`).getByRole("button", { name: "Reset two-step sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\/reauth\?redirectTo=%2Fadmin%2Fusers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  expect((await factorSummary(editorRow!.id)).hasFactor).toBe(true);

  await page.getByLabel("Password").fill("not my password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("That did not match. Please try again.");
  await page.waitForTimeout(1100);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Continue" }).click();
  // Re-authentication carries the reset out: no second click. Without mail, the set-up link is shown to hand over.
  await expect(page.getByText(`Two-step sign-in reset for ${editor.email}.`)).toBeVisible();
  // The answer comes back to the same search.
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?(access=all&)?q=${encodeURIComponent(editor.email)}$`));
  expect((await factorSummary(editorRow!.id)).hasFactor).toBe(false);
  const panel = page.getByTestId("one-time-link");
  await expect(panel).toContainText(`Two-step sign-in set-up link for ${editor.email}`);
  await expect(panel).toContainText("Mail is not configured");
  const link = await panel.getByLabel("Link").inputValue();
  expect(link).toMatch(/\/admin\/enrol\/[\w-]+$/);

  // The editor: the password alone does not lead to enrolment; the link (with the password) does.
  await signOut(page);
  await signInWithPassword(page, editor.email, editor.password);
  await expect(page.getByRole("alert").filter({ hasText: "Your two-step sign-in was reset" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up two-step sign-in again");
  await page.getByLabel("Password").fill(editor.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/enrol/);
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  // The link worked once.
  expect((await page.request.get(new URL(link).pathname)).status()).toBe(410);
});
