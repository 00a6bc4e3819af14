/**
 * What a new member of staff meets in the admin area: a search that never pulls them
 * back to the list, and the words, counts and links of the staff screens.
 */
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
