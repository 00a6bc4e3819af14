/**
 * An admin list longer than its count's cap: the inbox counts matching submissions up to
 * 10,000, says "10,000+" and "Page 1 of 400+", and still pages on to the very end, where
 * the count is exact again.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "../../app/db/client.server.ts";
import { expect, test } from "./fixtures.ts";

const ROWS = 10_030;

test("the inbox with more than 10,000 matches: 10,000+, Page 1 of 400+, Next to the exact last page", async ({ page, signInAs, e2eDatabase }) => {
  test.setTimeout(120_000);
  expect(e2eDatabase.url).toBeTruthy();
  const tag = `bulk${randomUUID().slice(0, 8)}`;
  // Old enough to stay off the other tests' first pages, young enough for the retention rules.
  await getDb().execute(sql`
    insert into form_submissions (reference, kind, status, name, email, data, created_at, updated_at)
    select ${tag} || '-' || i, 'volunteer', 'archived', 'Person ' || ${tag} || ' ' || i, ${tag} || '-' || i || '@example.org',
           '{}'::jsonb, now() - interval '40 days' - (i || ' seconds')::interval, now() - interval '40 days'
    from generate_series(1, ${ROWS}) as i`);
  try {
    await signInAs("editor", { canSeeSubmissions: true });
    await page.goto(`/admin/inbox?q=${tag}`);
    await expect(page.getByText("10,000+ submissions match these filters")).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages).toContainText("Page 1 of 400+");
    await expect(page.getByRole("list", { name: "Submissions" }).getByRole("listitem")).toHaveCount(25);
    // Newest first: the one received last (i = 1).
    await expect(page.getByRole("list", { name: "Submissions" }).getByRole("listitem").first()).toContainText(`Person ${tag} 1`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "test-results/screenshots/inbox-capped-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/screenshots/inbox-capped-390.png", fullPage: true });

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages).toContainText("Page 2 of 400+");
    await expect(page.getByRole("list", { name: "Submissions" }).getByRole("listitem").first()).toContainText(`Person ${tag} 26`);

    // Past the cap the count goes just past the page asked for, so Next stays.
    await page.goto(`/admin/inbox?q=${tag}&page=401`);
    await expect(pages).toContainText("Page 401 of 401+");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=402/);
    // The end: an exact count, no Next.
    await expect(page.getByText(`${ROWS} submissions match these filters`)).toBeVisible();
    await expect(pages).toContainText("Page 402 of 402");
    await expect(pages).not.toContainText("+");
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Submissions" }).getByRole("listitem")).toHaveCount(ROWS - 401 * 25);
  } finally {
    await getDb().execute(sql`delete from form_submissions where reference like ${`${tag}-%`}`);
  }
});
