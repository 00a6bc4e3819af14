import { getDb } from "../../app/db/client.server.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { hashToken } from "../../app/lib/tokens.server.ts";
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/**
 * What a visitor's phone downloads before the page can be used: a handful of scripts (the
 * shared code is two chunks, one of them for public pages only, see vite.config.ts and
 * docs/decisions/260; the route manifest is one more, see react-router.config.ts), asked for
 * only after the page has painted, no stylesheet (the page's CSS is inline,
 * app/lib/first-paint.server.ts), nothing from the admin area (the rich-text editor of news
 * posts included), and at most 120 KB of JavaScript once compressed. Every kind of page in
 * the sitemap is here (the last test checks it), with the pages it leaves out: a booking,
 * the donation thank-you page, the manage-giving sign-in, the newsletter signup and a 404.
 */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/community-fund",
  "/events",
  "/events/1",
  "/craft-fairs",
  "/awards",
  "/trustees",
  "/causes",
  "/support",
  "/volunteer",
  "/volunteer/1",
  "/appeals",
  "/appeals/1",
  "/news",
  "/news/community-garden-breaks-ground",
  "/newsletters",
  "/privacy",
  "/terms/volunteers",
  "/terms/stallholders",
  "/accessibility",
  "/cookies",
  "/privacy/concern",
  "/privacy/visitor-counting",
  "/support/thank-you?session_id=cs_unknown",
  "/manage-giving",
  "/newsletter",
  "/no-such-page",
];
// Texts that only admin code contains (the inactivity warning's button, the event form,
// the rich-text editor: Tiptap and the ProseMirror library under it).
// The last is an admin route's id: it is in the whole route manifest, never the public one.
const ADMIN_ONLY_TEXTS = ["Keep Session", "Update Event", "ProseMirror", "@tiptap", "Alt text for this image", '"routes/admin/dashboard"'];
const MAX_SCRIPTS = 7;
const MAX_SCRIPT_BYTES_COMPRESSED = 120 * 1024;

/** The page's scripts: none with admin code, at most 7 and 120 KB, all after the first paint. */
async function checkScripts(page: Page, path: string) {
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
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

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

  // Nothing holds the first paint but the page's own HTML: its CSS is inline, and its
  // scripts and the public stylesheet (for the pages rendered in the browser after it) are
  // only asked for after the page has painted.
  const timing = await page.evaluate(() => ({
    stylesheets: [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map((link) => new URL(link.href).pathname),
    styles: document.head.querySelectorAll("style").length,
    paint: performance.getEntriesByName("first-paint")[0]?.startTime,
    scripts: performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js")).map((e) => e.startTime),
    css: performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".css")).map((e) => e.startTime),
  }));
  expect(timing.stylesheets).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]);
  expect(timing.styles).toBe(1);
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBe(scripts.length);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
  expect(timing.css.length).toBe(1);
  expect(timing.css[0]).toBeGreaterThanOrEqual(timing.paint!);
}

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most ${MAX_SCRIPTS} scripts and 120 KB, none with admin code, all after the first paint`, async ({ page }) => {
    await checkScripts(page, path);
  });
}

test("a booking's page loads at most 7 scripts and 120 KB, none with admin code, all after the first paint", async ({ page, e2eDatabase }) => {
  void e2eDatabase;
  const token = `tok${Date.now()}${Math.random().toString(36).slice(2)}abcdefghijklmnop`;
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const reference = `MCF-WGHT-${Array.from({ length: 4 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
  await getDb()
    .insert(bookings)
    .values({ reference, event_id: 1, name: "Script Weigher", email: `weigher-${Date.now()}@example.org`, quantity: 1, status: "confirmed", confirmed_at: new Date(), cancel_token_hash: hashToken(token) });
  await checkScripts(page, `/bookings/${reference}/${token}`);
  await expect(page.getByTestId("booking-details").getByText(reference)).toBeVisible();
});

test("every kind of page in the sitemap is weighed above", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(10);
  // Pages of one route load the same scripts: an event, a news post, an appeal, a newsletter, a volunteering opportunity.
  const kind = (path: string) => path.replace(/^\/(events|news|appeals|newsletters|volunteer)\/[^/]+$/, "/$1/:item");
  const weighed = new Set(PUBLIC_PAGES.map((path) => kind(new URL(path, "http://x").pathname)));
  const missing = [...new Set(paths.map(kind))].filter((path) => !weighed.has(path));
  expect(missing).toEqual([]);
});

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
