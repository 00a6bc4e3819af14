/**
 * The Users screen and the audit log, as an administrator on the shared e2e server.
 * Independent of other tests: every account has a unique email; global settings are
 * not touched here (see settings-maintenance.spec.ts, which runs its own server).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser } from "../../app/features/staff/staff.server.ts";
import { expect, findAccount, test, TEST_PASSWORD } from "./fixtures.ts";

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.org`;

async function setPasswordThroughLink(page: Page, url: string, password: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await page.getByLabel("New password (at least 12 characters)").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  // Signed in at once; sign out again so the test can sign in with the new password.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Your password has been set. You are signed in.")).toBeVisible();
  await page.context().clearCookies();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

const row = (page: Page, email: string) => page.locator(`[data-testid="staff-row"][data-email="${email}"]`);

test("an administrator invites a person who sets a password through the link and signs in as an editor", async ({ page, browser, signInAs }) => {
  await signInAs("administrator");
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

  // One form for giving access: there is no second, separate invitation form.
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Grant access" })).toHaveCount(0);
  const access = page.getByRole("region", { name: "Admin Access" });

  // Empty email: the spec's message, under the field; nothing is posted.
  await access.getByRole("button", { name: "Give access" }).click();
  await expect(access.getByText("Please enter an email address")).toBeVisible();
  await expect(access.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  // A new email address gets an invitation.
  const email = uniqueEmail("invitee");
  await access.getByLabel("Email address").fill(email);
  await access.getByLabel("Role").selectOption("editor");
  await access.getByRole("button", { name: "Give access" }).click();
  await expect(page.getByTestId("one-time-link")).toContainText(`Invitation link for ${email}`);
  await expect(page.getByTestId("one-time-link")).toContainText("Mail is not configured");
  const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(link).toMatch(/\/admin\/set-password\/[\w-]+$/);
  await findAccount(page, email);
  await expect(row(page, email)).toContainText("Editor");
  await expect(row(page, email)).toContainText("Invited, no password yet");

  // The invited person, in a fresh browser.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await setPasswordThroughLink(invitee, link, "a brand new password");
  await signIn(invitee, email, "a brand new password");
  await expect(invitee.getByTestId("admin-email")).toHaveText(email);
  await expect(invitee.getByRole("navigation", { name: "Admin sections" }).getByText("Editor", { exact: true })).toHaveCount(0);
  await expect(invitee.getByRole("link", { name: "Users" })).toHaveCount(0);
  // The link worked once.
  const again = await invitee.goto(link);
  expect(again?.status()).toBe(410);
  await context.close();
});

test("an administrator grants, changes and revokes staff access; revoked staff are signed out on their next request", async ({ page, browser, signInAs, createAccount }) => {
  await signInAs("administrator");
  const person = await createAccount(null);
  await page.goto("/admin/users");
  await findAccount(page, person.email);
  await expect(page.locator(`[data-testid="other-row"][data-email="${person.email}"]`)).toBeVisible();

  // The same form as for a new person: an existing account gets access at once, no invitation.
  await page.locator("#access-email").fill(person.email);
  await page.locator("#access-role").selectOption("editor");
  await page.getByRole("button", { name: "Give access" }).click();
  await expect(page.getByTestId("one-time-link")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Admin access granted to ${person.email}`);
  await expect(row(page, person.email)).toContainText("Editor");

  // The person signs in as an editor in another browser.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, person.email, person.password);

  await row(page, person.email).getByLabel(`Role of ${person.email}`).selectOption("administrator");
  await row(page, person.email).getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`${person.email} is now an Administrator`);
  await expect(row(page, person.email).locator("td").nth(1)).toHaveText("Administrator");

  // Their next request sees the new role.
  await other.goto("/admin/users");
  await expect(other.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();

  // Revoke asks first in the styled dialog (never the browser's own confirm box).
  page.on("dialog", () => {
    throw new Error("the browser's confirm box was used");
  });
  await row(page, person.email).getByRole("button", { name: "Revoke access" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove staff access?" });
  await expect(dialog).toContainText(person.email);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, person.email)).toContainText("Administrator");
  await row(page, person.email).getByRole("button", { name: "Revoke access" }).click();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await row(page, person.email).getByRole("button", { name: "Revoke access" }).click();
  await dialog.getByRole("button", { name: "Revoke access" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Staff access removed from ${person.email}`);
  // The list stays on the same search.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(row(page, person.email)).toHaveCount(0);
  await expect(page.locator(`[data-testid="other-row"][data-email="${person.email}"]`)).toBeVisible();

  // Revoking access ended their session: they are sent to sign in again.
  await other.goto("/admin/dashboard");
  await expect(other).toHaveURL(/\/admin\/login$/);
  await expect(other.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await context.close();

  // The audit log shows what happened, filtered by kind and person.
  const admin = (await page.getByTestId("admin-email").textContent())!;
  await page.goto(`/admin/audit-log?kind=staff&email=${encodeURIComponent(admin)}`);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText(`${admin} removed staff access`);
  await expect(rows.nth(1)).toContainText(`${admin} changed a staff role`);
  await expect(rows.nth(2)).toContainText(`${admin} gave staff access`);
  await expect(rows.first()).not.toContainText("staff.access_revoked");
  await page.goto("/admin/audit-log?kind=settings&email=nobody%40example.org");
  await expect(page.getByText("No entries match these filters.")).toBeVisible();
});

test("the Users screen shows 25 accounts a page, found by email and access, with wildcards taken literally", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  await signInAs("administrator");
  // 27 accounts of this test's own: two editors and 25 without staff access.
  const tag = `paged${randomUUID().slice(0, 8)}`;
  const emails = Array.from({ length: 27 }, (_, i) => `${String(i).padStart(2, "0")}-${tag}@example.org`);
  for (const [i, email] of emails.entries()) await createUser({ email, role: i >= 25 ? "editor" : null });

  await page.goto("/admin/users");
  // Whatever else the shared database holds, one page shows at most 25.
  expect(await page.getByRole("table", { name: "Accounts" }).locator("tbody tr").count()).toBeLessThanOrEqual(25);

  const search = page.getByRole("search", { name: "Find accounts" });
  await search.getByLabel("Search").fill(tag.toUpperCase());
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("27 accounts match these filters")).toBeVisible();
  const rows = page.getByRole("table", { name: "Accounts" }).locator("tbody tr");
  await expect(rows).toHaveCount(25);
  // Staff first, then by email.
  await expect(rows.nth(0)).toHaveAttribute("data-email", emails[25]!);
  await expect(rows.nth(1)).toHaveAttribute("data-email", emails[26]!);
  await expect(rows.nth(2)).toHaveAttribute("data-email", emails[0]!);
  await expect(rows.nth(2)).toContainText("No staff access");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute("data-email", emails[24]!);
  // The search box keeps the words; a new search starts at page 1.
  await expect(search.getByLabel("Search")).toHaveValue(tag.toUpperCase());

  await search.getByLabel("Access").selectOption("Editors");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("2 accounts match these filters")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(pages).toHaveCount(0);

  // % and _ are letters like any other.
  await search.getByLabel("Access").selectOption("All accounts");
  await search.getByLabel("Search").fill(`0_-${tag}`);
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No accounts match these filters.")).toBeVisible();
  await search.getByLabel("Search").fill(`%${tag}`);
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No accounts match these filters.")).toBeVisible();

  await search.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(search.getByLabel("Search")).toHaveValue("");
});

test("Reset Password gives a one-hour link that sets a new password once", async ({ page, browser, signInAs, createAccount }) => {
  await signInAs("administrator");
  const editor = await createAccount("editor");
  await page.goto("/admin/users");
  await findAccount(page, editor.email);
  await row(page, editor.email).getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`Password reset link created for ${editor.email}`);
  await expect(page.getByTestId("one-time-link")).toContainText(`Password reset link for ${editor.email}`);
  const link = await page.getByRole("textbox", { name: "Link" }).inputValue();

  const context = await browser.newContext();
  const other = await context.newPage();
  await setPasswordThroughLink(other, link, "my fresh new password");
  await other.goto("/admin/login");
  await other.getByLabel("Email").fill(editor.email);
  await other.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByText("Failed to sign in. Please check your credentials.")).toBeVisible();
  // That failure throttles the account for 1 s ('Server is busy...'): the form rests until then.
  await expect(other.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled({ timeout: 5_000 });
  await other.waitForTimeout(1_100);
  await signIn(other, editor.email, "my fresh new password");
  expect((await other.goto(link))?.status()).toBe(410);
  await context.close();
});

test("Run Diagnostics shows real checks", async ({ page, signInAs }) => {
  await signInAs("administrator");
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Run Diagnostics" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Diagnostics complete");
  const panels = page.getByTestId("diagnostics");
  await expect(panels.locator('[data-check="database"]')).toHaveAttribute("data-status", "ok");
  await expect(panels.locator('[data-check="database"]')).toContainText(/Answered in \d+ ms/);
  await expect(panels.locator('[data-check="migrations"]')).toHaveAttribute("data-status", "ok");
  await expect(panels.locator('[data-check="administrators"]')).toContainText(/\d+ administrators?/);
  await expect(panels.locator('[data-check="file-store"]')).toHaveAttribute("data-status", "ok");
  await expect(panels.locator('[data-check="mail"]')).toHaveAttribute("data-status", "warning");
  // The job queue: running, what waits and failed, each periodic job's last run.
  await expect(panels.locator('[data-check="queue"]')).toContainText(/Running\. \d+ jobs? waiting, \d+ failed/);
  await expect(panels.locator('[data-check="queue"]')).toContainText(/Last runs \(UK time\): retention [^;]+; housekeeping [^;]+; news-sweep/);
});

test.describe("editors and accounts without a role are refused over HTTP", () => {
  for (const role of ["editor", null] as const) {
    test(`${role ?? "no role"}: screens and actions`, async ({ request, sessionCookie, createAccount }) => {
      const cookie = await sessionCookie(role);
      const target = await createAccount(null);
      const headers = { Cookie: cookie };
      for (const path of ["/admin/users", "/admin/settings", "/admin/audit-log", "/admin/settings/data", "/admin/audit-log.data", "/admin/users.data"]) {
        const response = await request.get(path, { headers, maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
        expect(await response.text()).not.toContain("@example.org\u0022,\u0022role");
      }
      const posts: [string, Record<string, string>][] = [
        ["/admin/users", { intent: "grant", email: target.email, role: "administrator" }],
        ["/admin/users", { intent: "invite", email: uniqueEmail("sneaky"), role: "administrator" }],
        ["/admin/users", { intent: "diagnostics" }],
        ["/admin/settings", { site_name: "Hacked" }],
      ];
      for (const [path, form] of posts) {
        const response = await request.post(path, { headers: { ...headers, Origin: new URL(path, test.info().project.use.baseURL).origin }, form, maxRedirects: 0 });
        expect(response.status(), `${path} ${form.intent ?? ""}`).toBe(403);
      }
      const json = await request.post("/admin/settings/data", {
        headers: { ...headers, Origin: new URL("/", test.info().project.use.baseURL).origin },
        data: { site_name: "Hacked" },
        maxRedirects: 0,
      });
      expect(json.status()).toBe(403);
      // Nothing changed: the target still has no staff access, the site name is intact.
      const home = await request.get("/");
      expect(await home.text()).not.toContain("Hacked");
    });
  }
});
