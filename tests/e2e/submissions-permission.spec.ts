/**
 * Form submissions hold personal data: editors see them only when an administrator has
 * allowed it on the Users screen, and the server refuses them otherwise (page, menu,
 * export and files alike).
 */
import { randomUUID } from "node:crypto";
import { expect, findAccount, test } from "./fixtures.ts";

test("an administrator allows an editor to see form submissions, then stops it", async ({ page, browser, signInAs }) => {
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  const editor = await signInAs("editor", { email: `editor-${randomUUID().slice(0, 8)}@example.org` });
  const cookies = await page.context().cookies();
  await editorContext.addCookies(cookies);
  await page.context().clearCookies();

  const nav = editorPage.getByRole("navigation", { name: "Admin sections" });
  const refused = async () => {
    const response = await editorPage.goto("/admin/inbox");
    expect(response?.status()).toBe(403);
    await expect(editorPage.getByRole("heading", { name: "No access to this section" })).toBeVisible();
    await expect(editorPage.getByText("An administrator can allow you to see them.")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Inbox" })).toHaveCount(0);
    expect((await editorPage.request.get("/admin/inbox/export.csv")).status()).toBe(403);
  };
  await refused();
  await editorPage.goto("/admin/dashboard");
  await expect(editorPage.getByTestId("new-submissions-card")).toHaveCount(0);

  await signInAs("administrator");
  await page.goto("/admin/users");
  await findAccount(page, editor.email);
  const row = page.locator(`[data-testid="staff-row"][data-email="${editor.email}"]`);
  await expect(row.getByTestId("permission-submissions")).toContainText("Cannot see form submissions");
  await row.getByRole("button", { name: `Allow form submissions for ${editor.email}` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`${editor.email} can now see form submissions`);
  await expect(row.getByTestId("permission-submissions")).toContainText("Can see form submissions");

  const response = await editorPage.goto("/admin/inbox");
  expect(response?.status()).toBe(200);
  await expect(editorPage.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();

  await row.getByRole("button", { name: `Stop form submissions for ${editor.email}` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(`${editor.email} can no longer see form submissions`);
  await refused();

  await page.goto("/admin/audit-log");
  await expect(page.getByText(editor.email).first()).toBeVisible();
  await editorContext.close();
});
