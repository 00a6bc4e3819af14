import { expect, test } from "./fixtures.ts";

test("the home page is served with the foundation's name", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Millbrook Community Foundation/);
});

test("the sample gala is on /events/1", async ({ page }) => {
  const response = await page.goto("/events/1");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Millbrook Charity Gala Dinner");
});
