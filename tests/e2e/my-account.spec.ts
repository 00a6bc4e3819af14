/** My account, driven like a user: sessions, password change, two-step sign-in, notices. */
import { createSession } from "../../app/auth/session.server.ts";
import { totpCode } from "../helpers/totp.ts";
import { expect, test } from "./fixtures.ts";

test("sees where they are signed in and ends another session", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const account = await signInAs("editor");
  await createSession(account.user.id, {
    ip: "198.51.100.7",
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0",
  });
  await page.goto("/admin/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  const other = rows.filter({ hasText: "Firefox on Windows" });
  await expect(other).toContainText("198.51.100.7");
  await expect(other).toContainText("last seen");
  await other.getByRole("button", { name: /End session/ }).click();
  await expect(page.getByText("The session was ended.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
});

test("changes the password: the current one is required, the rules apply, other sessions end, and the next sign-in shows a notice", async ({
  page,
  signInAs,
  e2eDatabase,
}) => {
  void e2eDatabase;
  const account = await signInAs("editor");
  const elsewhere = await createSession(account.user.id, { ip: "198.51.100.8", userAgent: "elsewhere" });
  await page.goto("/admin/account");
  const fill = async (current: string, password: string, confirm = password) => {
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password (at least 12 characters)").fill(password);
    await page.getByLabel("Confirm new password").fill(confirm);
    await page.getByRole("button", { name: "Change password" }).click();
  };
  await fill("not my password at all", "violet kettle harbour 93");
  await expect(page.getByText("Your current password is not right")).toBeVisible();

  await page.waitForTimeout(1100); // the wrong password's back-off
  await fill(account.password, "qwerty123456");
  await expect(page.getByText("This password is too common. Choose one that is harder to guess")).toBeVisible();
  await page.waitForTimeout(100);
  await fill(account.password, "violet kettle harbour 93");
  await expect(page.getByText("Your password has been changed. Your other sessions were ended.")).toBeVisible();
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  const old = await page.request.get("/admin/dashboard", { headers: { Cookie: `${account.cookie.name}=${elsewhere.token}` }, maxRedirects: 0 });
  expect(old.status()).toBe(302);

  // The next sign-in with the new password shows the notice.
  await page.context().clearCookies();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("violet kettle harbour 93");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Since you last signed in: Your password was changed.")).toBeVisible();
});

test("an editor sets up two-step sign-in from My account, then turns it off", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/account");
  await expect(page.getByTestId("factor-status")).toHaveText("Off: signing in needs only your password.");
  await page.getByRole("link", { name: "Set up two-step sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Set up an authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved my codes" }).click();
  await expect(page.getByTestId("factor-status")).toHaveText("On: an authenticator app. 10 recovery codes left.");

  await page.getByRole("link", { name: "Manage two-step sign-in" }).click();
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in is off.")).toBeVisible();
  await expect(page.getByTestId("factor-status")).toHaveText("Off: signing in needs only your password.");
});

test("an administrator cannot turn off their own second factor", async ({ page, signInAs }) => {
  await signInAs("administrator");
  await page.goto("/admin/account/two-factor");
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await page.getByLabel("6-digit code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await page.getByRole("link", { name: "I have saved my codes" }).click();
  await page.goto("/admin/account/two-factor");
  await expect(page.getByRole("button", { name: "Make new recovery codes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off two-step sign-in" })).toHaveCount(0);
  // Posting anyway is refused by the server.
  const response = await page.request.post("/admin/account/two-factor", {
    form: { intent: "remove" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  await page.goto("/admin/account");
  await expect(page.getByTestId("factor-status")).toContainText("On: an authenticator app");
});
