import { expect, test } from "./fixtures.ts";

/**
 * What a visitor's phone downloads before the page can be used: a handful of scripts (the
 * shared public code is one chunk, see vite.config.ts; the route manifest is one more,
 * see react-router.config.ts), one stylesheet ahead of them in the head, nothing
 * from the admin area (the rich-text editor of news posts included), and at most 130 KB
 * of JavaScript once compressed.
 */
const PUBLIC_PAGES = ["/", "/events", "/events/1", "/support", "/news", "/news/community-garden-breaks-ground"];
// Texts that only admin code contains (the inactivity warning's button, the event form,
// the rich-text editor: Tiptap and the ProseMirror library under it).
const ADMIN_ONLY_TEXTS = ["Keep Session", "Update Event", "ProseMirror", "@tiptap", "Alt text for this image"];
const MAX_SCRIPTS = 7;
const MAX_SCRIPT_BYTES_COMPRESSED = 130 * 1024;

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most ${MAX_SCRIPTS} scripts, none with admin code, after its stylesheet`, async ({ page }) => {
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

    // The render-blocking stylesheet comes before the script preloads.
    const order = await page.evaluate(() =>
      [...document.head.querySelectorAll("link[rel=stylesheet], link[rel=modulepreload]")].map((l) => l.getAttribute("rel")),
    );
    expect(order[0]).toBe("stylesheet");
  });
}
