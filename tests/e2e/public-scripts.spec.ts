import { expect, test } from "./fixtures.ts";

/**
 * What a visitor's phone downloads before the page can be used: a handful of scripts (the
 * shared public code is one chunk, see vite.config.ts; the route manifest is one more,
 * see react-router.config.ts), one stylesheet ahead of them in the head, and nothing
 * from the admin area.
 */
const PUBLIC_PAGES = ["/", "/events", "/events/1", "/support"];
// Texts that only admin code contains (the inactivity warning's button, the event form).
const ADMIN_ONLY_TEXTS = ["Keep Session", "Update Event"];
const MAX_SCRIPTS = 7;

for (const path of PUBLIC_PAGES) {
  test(`${path} loads at most ${MAX_SCRIPTS} scripts, none with admin code, after its stylesheet`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.length, scripts.join("\n")).toBeLessThanOrEqual(MAX_SCRIPTS);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      for (const text of ADMIN_ONLY_TEXTS) expect(body.includes(text), `${url} contains "${text}"`).toBe(false);
    }

    // The render-blocking stylesheet comes before the script preloads.
    const order = await page.evaluate(() =>
      [...document.head.querySelectorAll("link[rel=stylesheet], link[rel=modulepreload]")].map((l) => l.getAttribute("rel")),
    );
    expect(order[0]).toBe("stylesheet");
  });
}
