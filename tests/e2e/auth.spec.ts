/** Staff sign-in, sign-out, access and inactivity, driven like a user in Chromium. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("login page", () => {
  test("shows the spec's texts, says staff (editors sign in too), and no server command once an administrator exists", async ({ page, createAccount }) => {
    await createAccount("administrator");
    await page.goto("/admin/login");
    await expect(page).toHaveTitle(/Admin Login/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expect(page.getByText("Sign in to access the admin dashboard")).toBeVisible();
    await expect(page.getByText("Staff access only. Contact the site owner if you need access.")).toBeVisible();
    // An administrator exists: the setup instructions are for a fresh install only.
    await expect(page.getByRole("button", { name: "Show setup instructions" })).toHaveCount(0);
    expect(await page.content()).not.toContain("npm run create-user");
  });

  test("'Forgot password?' says whom to ask when the site cannot send email", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/admin\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password");
    await expect(page.getByTestId("ask-an-administrator")).toContainText("Ask an administrator");
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a wrong password shows the failure message and the 'Login failed' toast; the same for an unknown email", async ({
    page,
    createAccount,
  }) => {
    const account = await createAccount("editor");
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("definitely the wrong one");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to sign in. Please check your credentials." })).toBeVisible();
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);

    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.org`);
    await page.getByLabel("Password").fill("definitely the wrong one");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to sign in. Please check your credentials." })).toBeVisible();
  });

  // Editors without a second factor sign in with the password alone (administrators: two-factor.spec.ts).
  test("signs in to the dashboard, shows 'Signing in...' while busy, and remembers the email", async ({ page, createAccount }) => {
    const account = await createAccount("editor");
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    // Hold the sign-in request a moment so the busy state can be seen.
    await page.route("**/admin/login.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Signed in successfully")).toBeVisible();
    await expect(page.getByTestId("admin-email")).toHaveText(account.email);

    // The last login email is remembered on this device.
    await page.context().clearCookies();
    await page.goto("/admin/login");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
  });

  test("goes back to the admin page first asked for (redirectTo)", async ({ page, createAccount }) => {
    const account = await createAccount("editor");
    await page.goto("/admin/craft-fairs");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcraft-fairs$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/craft-fairs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Craft Fairs" })).toBeVisible();
  });

  test("ignores an off-site redirectTo", async ({ page, createAccount }) => {
    const account = await createAccount("editor");
    await page.goto("/admin/login?redirectTo=%2F%2Fevil.example%2Fphish");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("gives up after 10 seconds with the timeout message and toast", async ({ page, createAccount }) => {
    const account = await createAccount("editor");
    await page.clock.install();
    await page.goto("/admin/login");
    // The sign-in request never answers.
    await page.route("**/admin/login.data*", async (route) => {
      if (route.request().method() !== "POST") await route.continue();
    });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeVisible();
    await page.clock.fastForward(10_500);
    await expect(page.getByText("Login request timed out. Please try again.")).toBeVisible();
    await expect(page.getByText("Login request timed out", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  });

  test("works without JavaScript (plain form post)", async ({ browser, createAccount, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const account = await createAccount("editor");
    await page.goto("/admin/events");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("wrong password again");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
    await page.waitForTimeout(1100); // the 1 s back-off after a failure
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    await context.close();
  });
});

test.describe("a refused sign-in", () => {
  test("never sends the typed password back: not in the page's HTML, not in its data", async ({ browser, page, createAccount, baseURL }) => {
    const account = await createAccount("editor");
    const typed = `typed-secret-${Date.now()}`;
    // Without JavaScript the page itself is the answer to the post.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const plain = await context.newPage();
    await plain.goto("/admin/login");
    await plain.getByLabel("Email").fill(account.email);
    await plain.getByLabel("Password").fill(typed);
    const posted = plain.waitForResponse((r) => r.request().method() === "POST");
    await plain.getByRole("button", { name: "Sign in", exact: true }).click();
    const html = await (await posted).text();
    expect(html).toContain("Failed to sign in. Please check your credentials.");
    expect(html).toContain(account.email);
    expect(html).not.toContain(typed);
    await expect(plain.getByLabel("Email")).toHaveValue(account.email);
    await expect(plain.getByLabel("Password")).toHaveValue("");
    await context.close();

    // With JavaScript the action's data comes back on its own.
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.org`);
    await page.getByLabel("Password").fill(typed);
    const data = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await (await data).text()).not.toContain(typed);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to sign in. Please check your credentials." })).toBeVisible();
    expect(await page.content()).not.toContain(typed);
  });
});

test.describe("signed in", () => {
  test("the sidebar lists the sections for the role and highlights the current one", async ({ page, signInAs }) => {
    await signInAs("editor");
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Events" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Craft Fairs" })).toBeVisible();
    for (const section of ["Inbox", "Donations", "Users", "Settings", "Audit log", "Data protection"]) {
      await expect(nav.getByRole("link", { name: section })).toHaveCount(0);
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    await page.context().clearCookies();
    await signInAs("administrator");
    await page.goto("/admin/users");
    await expect(nav.getByRole("link")).toContainText(["Dashboard", "Events", "Craft Fairs", "Users", "Settings"]);
    await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  });

  test("on a phone the sidebar is a drawer", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs("administrator");
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(nav).toBeHidden();
  });

  test("Sign Out ends the server session and shows 'Signed out successfully'", async ({ page, signInAs }) => {
    await signInAs("editor");
    await page.goto("/admin/dashboard");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Signed out successfully")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("Sign Out still leaves the admin area when the server cannot be reached", async ({ page, signInAs }) => {
    await signInAs("editor");
    await page.goto("/admin/dashboard");
    await page.route("**/admin/logout", (route) => route.abort("connectionfailed"));
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Failed to sign out")).toBeVisible();
  });

  test("an account without staff access sees the no-access page and no admin data", async ({ page, signInAs }) => {
    const account = await signInAs(null);
    const response = await page.goto("/admin/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No access");
    await expect(page.getByText(`You are signed in as ${account.email}`)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("an editor is refused the administrators' sections, also on client navigation", async ({ page, signInAs }) => {
    await signInAs("editor");
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No access to this section");
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("revoking the session is seen on the next navigation", async ({ page, signInAs, e2eDatabase }) => {
    const account = await signInAs("administrator");
    await page.goto("/admin/dashboard");
    const { deleteSessionsOfUser } = await import("../../app/auth/session.server.ts");
    void e2eDatabase;
    await deleteSessionsOfUser(account.user.id);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings/);
  });
});

test.describe("inactivity", () => {
  test("warns 5 minutes before the 2-hour limit, Keep Session extends, then signs out", async ({
    page,
    signInAs,
    e2eDatabase,
  }) => {
    void e2eDatabase;
    await page.clock.install();
    await signInAs("editor");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const warning = page.getByText("Your session will expire soon due to inactivity. Please save your work.");

    await page.clock.fastForward("01:50:00");
    await expect(warning).toBeHidden();
    await page.clock.fastForward("00:05:30");
    await expect(warning).toBeVisible();

    const deadline = () => page.evaluate(() => localStorage.getItem("mcf:session-deadline"));
    const before = await deadline();

    // Someone else changes the events: the dashboard refreshes in the background, which is
    // not this user's activity, so the warning stays and the deadline does not move.
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/dashboard.data");
    const { publishChange } = await import("../../app/live/change-feed.server.ts");
    publishChange("events");
    await refreshed;
    await expect(warning).toBeVisible();
    expect(await deadline()).toBe(before);

    const keepAlive = page.waitForResponse((r) => r.url().endsWith("/admin/keep-alive") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Keep Session" }).click();
    expect((await keepAlive).status()).toBe(200);
    await expect(warning).toBeHidden();
    // The page has taken the server's answer: a new deadline two hours on.
    await expect.poll(deadline).not.toBe(before);

    // Two more idle hours: warning, then sign-out.
    await page.clock.fastForward("01:56:00");
    await expect(warning).toBeVisible();
    await page.clock.fastForward("00:05:00");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("You've been logged out due to inactivity")).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});

test.describe("one-time set-password link", () => {
  test("sets a password (at least 12 characters) once, then the link is dead and the password works", async ({
    page,
    createAccount,
    e2eDatabase,
  }) => {
    void e2eDatabase;
    const { createOneTimeLink } = await import("../../app/auth/one-time-links.server.ts");
    const { findUserByEmail } = await import("../../app/features/staff/staff.server.ts");
    const account = await createAccount("editor");
    const user = await findUserByEmail(account.email);
    const link = await createOneTimeLink("invite", { userId: user!.id });

    await page.goto(link.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set your password");
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByLabel("New password (at least 12 characters)").fill("too short");
    await page.getByLabel("Confirm password").fill("too short");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("Password must be at least 12 characters")).toBeVisible();

    const password = "a brand new long password";
    await page.getByLabel("New password (at least 12 characters)").fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Set password" }).click();
    // Signed in straight away: the dashboard, with the account's email in the sidebar.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Your password has been set. You are signed in.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByText(account.email).first()).toBeVisible();

    const again = await page.goto(link.path);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");

    await page.context().clearCookies();
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test("after a failed sign-in the form rests as long as the server asks", async ({ page, createAccount }) => {
  const account = await createAccount("editor");
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("wrong password here");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled({ timeout: 3000 });
  await expect(page.getByRole("alert").filter({ hasText: "Failed to sign in" })).toBeVisible();

  // The second failure rests 2 seconds: meanwhile the page says why the button rests, and for how long.
  await page.getByLabel("Password").fill("wrong password again");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(button).toBeDisabled();
  await expect(page.locator("#login-error")).toHaveText("Server is busy. Please wait a moment and try again.");
  await expect(page.getByText(/^You can try again in [12] seconds?\.$/)).toBeVisible();
  await expect(button).toHaveAccessibleDescription(/You can try again in [12] seconds?\./);
  await expect(page.getByText("Failed to sign in. Please check your credentials.")).toBeHidden();
  await expect(page.getByText("You can try again in 1 second.")).toBeVisible({ timeout: 3000 });
  // Once it may try again, the reason of the failure is back.
  await expect(button).toBeEnabled({ timeout: 3000 });
  await expect(page.locator("#login-error")).toHaveText("Failed to sign in. Please check your credentials.");
  await expect(page.getByText(/You can try again in/)).toBeHidden();
});

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  test("login page, and after a failure", async ({ page }) => {
    await page.goto("/admin/login");
    await expectAccessible(page);
    await page.getByLabel("Email").fill(`axe-${Date.now()}@example.org`);
    await page.getByLabel("Password").fill("wrong password here");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to sign in" })).toBeVisible();
    await expectAccessible(page);
  });

  test("admin shell on desktop and phone, no-access page, inactivity warning", async ({ page, signInAs }) => {
    await page.clock.install();
    await signInAs("administrator");
    await page.goto("/admin/dashboard");
    await expectAccessible(page);
    await page.clock.fastForward("01:56:00");
    await expect(page.getByRole("button", { name: "Keep Session" })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expectAccessible(page);
    await page.context().clearCookies();
    await signInAs(null);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No access");
    await expectAccessible(page);
  });
});
