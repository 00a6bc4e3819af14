import { expect, test } from "./fixtures.ts";

/**
 * What a visitor's phone downloads before the page can be used: a handful of scripts (the
 * shared public code is one chunk, see vite.config.ts; the route manifest is one more,
 * see react-router.config.ts), asked for only after the page has painted, no stylesheet
 * (the page's CSS is inline, app/lib/first-paint.server.ts), nothing from the admin area (the rich-text editor of news posts included), and at most 130 KB
 * of JavaScript once compressed.
 */
const PUBLIC_PAGES = ["/", "/events", "/events/1", "/support", "/volunteer", "/appeals", "/appeals/1", "/news", "/news/community-garden-breaks-ground", "/newsletters"];
// Texts that only admin code contains (the inactivity warning's button, the event form,
// the rich-text editor: Tiptap and the ProseMirror library under it).
const ADMIN_ONLY_TEXTS = ["Keep Session", "Update Event", "ProseMirror", "@tiptap", "Alt text for this image"];
const MAX_SCRIPTS = 7;
const MAX_SCRIPT_BYTES_COMPRESSED = 130 * 1024;

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most ${MAX_SCRIPTS} scripts, none with admin code, all after the first paint`, async ({ page }) => {
    const scripts: string[] = [];
    const transfers: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.url());
      // The body's bytes as they came over the wire (brotli from the server).
      transfers.push(response.finished().then(async () => (await response.request().sizes()).responseBodySize));
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(MAX_SCRIPTS);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      for (const text of ADMIN_ONLY_TEXTS) expect(body.includes(text), `${url} contains "${text}"`).toBe(false);
    }
    const compressed = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
    expect(compressed, `${path}: ${scripts.length} scripts`).toBeGreaterThan(10_000);
    expect(compressed, `${path}: ${scripts.length} scripts`).toBeLessThanOrEqual(MAX_SCRIPT_BYTES_COMPRESSED);
    console.log(`${path}: ${scripts.length} scripts, ${(compressed / 1024).toFixed(1)} KB compressed`);

    // Nothing holds the first paint but the page's own HTML: its CSS is inline (no
    // stylesheet link) and its scripts are only asked for after the page has painted.
    const timing = await page.evaluate(() => ({
      stylesheets: document.querySelectorAll("link[rel=stylesheet]").length,
      styles: document.head.querySelectorAll("style").length,
      paint: performance.getEntriesByName("first-paint")[0]?.startTime,
      scripts: performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js")).map((e) => e.startTime),
    }));
    expect(timing.stylesheets).toBe(0);
    expect(timing.styles).toBe(1);
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBe(scripts.length);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
  });
}

test("a page reads the stored scroll positions while loading only when it can have one: a reload comes back to where the visitor was", async ({ page }) => {
  // sessionStorage reads made while the page is still being parsed (the inline scroll
  // restoration script; React Router's own code reads it again after hydration).
  await page.addInitScript(() => {
    const read = Storage.prototype.getItem;
    const w = window as unknown as { readsWhileLoading: number };
    w.readsWhileLoading = 0;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (document.readyState === "loading") w.readsWhileLoading++;
      return read.call(this, key);
    };
  });
  const readsWhileLoading = () => page.evaluate(() => (window as unknown as { readsWhileLoading: number }).readsWhileLoading);

  await page.goto("/support");
  expect(await readsWhileLoading()).toBe(0);
  const key = await page.evaluate(() => (history.state as { key?: string } | null)?.key);
  expect(key).toMatch(/^[0-9a-v]+$/);

  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  expect(await readsWhileLoading()).toBe(1);
  expect(await page.evaluate(() => (history.state as { key?: string } | null)?.key)).toBe(key);
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});
