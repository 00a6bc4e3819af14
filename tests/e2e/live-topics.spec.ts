/**
 * Open pages listen to the content topics their loaders actually read (recorded by the
 * server for the page and for each client data request), not to what their routes
 * declare: the home page's route declares none, yet it listens to the causes it shows and
 * updates in front of the visitor when a cause is renamed; after a client navigation to
 * /news it listens to the news instead.
 */
import { asc, eq } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { causes } from "../../app/features/causes/table.ts";
import { expect, test } from "./fixtures.ts";

test("an open page listens to what its loaders read and updates after an edit to it", async ({ page, e2eDatabase }) => {
  void e2eDatabase; // connects this process to the server's database (for the edit and its notification)
  const { publishChange } = await import("../../app/live/change-feed.server.ts");
  const listened: string[][] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/live") listened.push(url.searchParams.get("topics")?.split(",") ?? ["(every topic)"]);
  });

  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  await expect.poll(() => listened.length).toBeGreaterThan(0);
  // One connection, opened once the record arrived: what the page's loaders read, the
  // header's and footer's topics among them.
  expect(listened).toHaveLength(1);
  expect(listened[0]).toEqual(expect.arrayContaining(["causes", "events", "news", "page-texts", "settings", "contact"]));
  for (const unread of ["trustees", "newsletters", "awards", "(every topic)"]) expect(listened[0]).not.toContain(unread);

  const [first] = await getDb().select().from(causes).where(eq(causes.is_visible, true)).orderBy(asc(causes.sort_order), asc(causes.id)).limit(1);
  const renamed = `${first.title} (renamed ${Date.now().toString(36)})`;
  await expect(page.getByRole("heading", { name: first.title, exact: true })).toBeVisible();
  try {
    await getDb().update(causes).set({ title: renamed }).where(eq(causes.id, first.id));
    publishChange("causes");
    // No reload: the open page revalidates and shows the new name.
    await expect(page.getByRole("heading", { name: renamed, exact: true })).toBeVisible();
  } finally {
    await getDb().update(causes).set({ title: first.title }).where(eq(causes.id, first.id));
    publishChange("causes");
  }

  // A client navigation: the data request carries the new page's record.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const connections = listened.length;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/news$/);
  // A new connection for the new set (the home page's already had news in it).
  await expect.poll(() => listened.length).toBeGreaterThan(connections);
  // The layout's loader did not run again, but its header and footer still count.
  expect(listened.at(-1)).toEqual(expect.arrayContaining(["news", "settings", "contact", "page-texts"]));
  expect(listened.at(-1)).not.toContain("causes");
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});
