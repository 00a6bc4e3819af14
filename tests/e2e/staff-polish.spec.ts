/**
 * What a new member of staff meets in the admin area: a search that never pulls them
 * back to the list, and the words, counts and links of the staff screens.
 */
import { randomUUID } from "node:crypto";
import { countNewSubmissions } from "../../app/features/submissions/inbox.server.ts";
import { submit } from "../helpers/submissions.ts";
import { expect, test } from "./fixtures.ts";

test.describe("the search box of the admin lists", () => {
  for (const list of [
    { path: "/admin/events", search: "Search events", add: "Add New Event" },
    { path: "/admin/craft-fairs", search: "Search craft fairs", add: "Add New Craft Fair" },
  ]) {
    test(`${list.path}: Add New right after typing stays on the new form, and so does it after Enter`, async ({ page, signInAs }) => {
      await signInAs("editor");
      await page.goto(list.path);
      await page.getByLabel(list.search).fill("Mill");
      await page.getByRole("link", { name: list.add }).click();
      await expect(page).toHaveURL(new RegExp(`${list.path}/new$`));
      await page.waitForTimeout(800);
      await expect(page).toHaveURL(new RegExp(`${list.path}/new$`));

      await page.goto(list.path);
      await page.getByLabel(list.search).fill("Mill");
      await page.getByLabel(list.search).press("Enter");
      await expect(page).toHaveURL(/q=Mill/);
      await page.getByRole("link", { name: list.add }).click();
      await expect(page).toHaveURL(new RegExp(`${list.path}/new$`));
      await page.waitForTimeout(800);
      await expect(page).toHaveURL(new RegExp(`${list.path}/new$`));
    });
  }
});

test("the Users screen at 1280 px: the role dropdowns show their whole text", async ({ page, signInAs, createAccount }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount("editor");
  await signInAs("administrator");
  await page.goto("/admin/users");
  const selects = page.locator('[data-testid="staff-row"] select');
  expect(await selects.count()).toBeGreaterThan(1);
  const cut = await selects.evaluateAll((elements) =>
    elements
      .map((element) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The longest option, the side padding and the arrow must fit.
        const needed = Math.max(...[...select.options].map((o) => context.measureText(o.text).width)) + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 24;
        return { text: select.selectedOptions[0]?.text, width: select.clientWidth, needed };
      })
      .filter((s) => s.width < s.needed),
  );
  expect(cut).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/users-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/screenshots/users-390.png", fullPage: true });
});

test("the inbox counts in good English, and the event form says Organiser", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const email = `one-${randomUUID().slice(0, 8)}@example.org`;
  await submit("volunteer", { email });
  await signInAs("administrator"); // administrators see submissions
  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("1 submission matches these filters")).toBeVisible();
  await page.goto("/admin/events/new");
  await expect(page.getByLabel("Organiser")).toBeVisible();
  await expect(page.getByText("Organizer")).toHaveCount(0);
});

test("an active event and craft fair link to their public page from the admin form", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/events/edit/1");
  const link = page.getByRole("link", { name: "View on site" });
  await expect(link).toHaveAttribute("href", "/events/1");
  const [publicPage] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText("Millbrook Charity Gala Dinner");
  await publicPage.close();
  await page.goto("/admin/craft-fairs/edit/1");
  await expect(page.getByRole("link", { name: "View on site" })).toHaveAttribute("href", "/craft-fairs");
  // A new entry has no public page yet.
  await page.goto("/admin/events/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Event");
  await expect(page.getByRole("link", { name: "View on site" })).toHaveCount(0);
});

test("the Inbox item of the sidebar shows how many submissions are new", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  await submit("volunteer", { email: `new-${randomUUID().slice(0, 8)}@example.org` });
  await signInAs("administrator"); // administrators see submissions
  await expect(async () => {
    await page.goto("/admin/events");
    const expected = await countNewSubmissions();
    expect(expected).toBeGreaterThan(0);
    const inbox = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: /^Inbox/ });
    await expect(inbox).toHaveAccessibleName(`Inbox ${expected} new`, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
});

test("event and craft fair action buttons sit on one row at 1280 px", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs("editor");
  for (const path of ["/admin/events", "/admin/craft-fairs"]) {
    await page.goto(path);
    const rows = page.getByTestId("row-actions");
    expect(await rows.count()).toBeGreaterThan(0);
    const wrapped = await rows.evaluateAll((elements) =>
      elements.filter((row) => new Set([...row.querySelectorAll("a, button")].map((b) => Math.round(b.getBoundingClientRect().top))).size > 1).length,
    );
    expect(wrapped, path).toBe(0);
    await page.screenshot({ path: `test-results/screenshots/admin-list-${path.split("/").pop()}-1280.png` });
  }
});
