import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * A public page's first paint needs only its HTML: the CSS its classes use is inline in its
 * head (cut from build/critical.css, app/lib/first-paint.server.ts), and it links the
 * public stylesheet only once it has painted (kept from loading here); the whole one (staff
 * screens link it) adds only rules it does not use. So a public page must look the
 * same with the whole stylesheet added: every element keeps its computed style (the
 * properties that place, size and colour things). The heading font is never fetched here:
 * the whole stylesheet declares it again, and with it cached the second look would lay the
 * headings out in it while the first used the fallback, moving what sits below them.
 */
const PAGES = ["/", "/events", "/events/1", "/craft-fairs", "/support", "/news", "/about", "/trustees", "/volunteer", "/appeals", "/appeals/1", "/no-such-page"];
const PROPERTIES = [
  "display", "position", "top", "left", "float", "box-sizing", "overflow", "visibility", "opacity", "z-index",
  "margin-top", "margin-right", "margin-bottom", "margin-left", "padding-top", "padding-right", "padding-bottom", "padding-left",
  "border-top-width", "border-bottom-width", "border-left-width", "border-right-width", "border-top-color", "border-radius",
  "max-width", "min-height", "aspect-ratio", "flex-direction", "flex-wrap", "justify-content", "align-items", "gap",
  "grid-template-columns", "grid-column-start", "grid-column-end", "order",
  "font-family", "font-size", "font-weight", "font-style", "line-height", "letter-spacing", "text-transform", "text-align",
  "text-decoration-line", "white-space", "color", "background-color", "background-image", "box-shadow", "object-fit",
  "object-position", "transform", "list-style-type",
];

/** The page's style sheets that have rules (reading one that failed to load throws). */
function loadedSheets(page: Page) {
  return page.evaluate(
    () =>
      [...document.styleSheets].filter((sheet) => {
        try {
          return sheet.cssRules.length > 0;
        } catch {
          return false;
        }
      }).length,
  );
}

/** The page's layout shifts so far, added up (the browser's buffered entries). */
function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
}

async function computedStyles(page: Page) {
  return page.evaluate((properties) => {
    const rows: string[] = [];
    // Not the hidden icon symbols: the rest of them arrive once the page has loaded.
    [...document.body.querySelectorAll("*:not(script):not(link)")].filter((element) => !element.closest("#icon-symbols")).forEach((element, index) => {
      const style = getComputedStyle(element);
      const id = `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
      rows.push(`${id} ${properties.map((p) => `${p}:${style.getPropertyValue(p)}`).join("; ")}`);
    });
    return rows;
  }, PROPERTIES);
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`public pages look the same with the whole stylesheet as with their inline CSS (${viewport.width} px wide)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.route(/\.woff2$/, (route) => route.abort());
    await page.route(/\/assets\/public-[\w-]+\.css$/, (route) => route.abort());
    const staff = await (await page.request.get("/admin/login")).text();
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(staff)?.[1];
    expect(stylesheet).toBeTruthy();
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // The public stylesheet, linked after the first paint, did not load.
      expect(await loadedSheets(page), path).toBe(1);
      const inline = await computedStyles(page);
      await page.addStyleTag({ url: stylesheet! });
      expect(await loadedSheets(page), path).toBe(2);
      const whole = await computedStyles(page);
      expect(whole.length, path).toBeGreaterThan(50);
      const differences = inline.filter((row, i) => row !== whole[i]);
      expect(differences.slice(0, 3), `${path}: ${differences.length} elements styled differently`).toEqual([]);
      expect(inline.length, path).toBe(whole.length);
    }
  });
}

test("hover styles come with the whole stylesheet, with or without JavaScript; the page's own CSS has none", async ({ browser, baseURL }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    // The page's own <style> leaves hover rules to the whole stylesheet (docs/decisions/381).
    expect(await page.locator("head style").first().textContent()).not.toContain("hover");
    await expect.poll(() => loadedSheets(page), `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBe(2);
    const donate = page.locator("header a.btn:visible").first();
    const colour = () => donate.evaluate((element) => getComputedStyle(element).backgroundColor);
    const before = await colour();
    await donate.hover();
    await expect.poll(colour, `JavaScript ${javaScriptEnabled ? "on" : "off"}`).not.toBe(before);
    await context.close();
  }
});

test("nothing on a public page moves when its scripts, the public stylesheet and the heading font arrive after the first paint", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/events/1", "/support", "/privacy"]) {
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect.poll(() => loadedSheets(page), path).toBe(2);
    await page.evaluate(() => document.fonts.ready);
    const shifts = await layoutShifts(page);
    expect(shifts, path).toBe(0);
  }
});

test("nothing moves when the headings' subset misses its moment and the Latin face arrives after the public stylesheet", async ({ browser, baseURL }) => {
  // The subset a little after the font's block period, the Latin face just after it: before
  // the public stylesheet's faces were cut to what each draws, its Latin face took the
  // headings' characters from the subset when it arrived (about one load in three here).
  for (let run = 0; run < 6; run++) {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const late = (pattern: RegExp, ms: number) =>
      page.route(pattern, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        await route.continue();
      });
    await late(/fraunces-semibold-basic-latin-[\w-]+\.woff2$/, 120);
    await late(/fraunces-latin-wght-normal-[\w-]+\.woff2$/, 20);
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect.poll(() => loadedSheets(page)).toBe(2);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    const shifts = await layoutShifts(page);
    expect(shifts, `load ${run + 1}`).toBe(0);
    await context.close();
  }
});

test("a page declares only the heading font's subsets its characters need; the public stylesheet adds the other alphabets for pages rendered later", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
  expect(style).toContain("fraunces-semibold-basic-latin");
  expect(style).not.toContain("fraunces-latin-ext");
  expect(style).not.toContain("fraunces-vietnamese");
  // The properties' starting values hold without the registrations (the public stylesheet has them).
  expect(style).not.toContain("@property");
  expect(style).toMatch(/@layer properties\{\*/);

  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect.poll(() => loadedSheets(page)).toBe(2);
  const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.family.includes("Fraunces")).map((face) => face.unicodeRange));
  // Latin Extended (U+100-…) is declared once the public stylesheet arrives: a heading rendered
  // in the browser afterwards with such a character still draws it in the heading font.
  expect(faces.filter((range) => /U\+100-/i.test(range))).toHaveLength(1);
  expect(faces.filter((range) => /U\+20-7E/i.test(range))).toHaveLength(1);
});

test("before its first paint a phone asks for the heading font and the picture that is the page's largest, nothing else", async ({ request }) => {
  const early = async (path: string) => {
    const html = await (await request.get(path)).text();
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    return {
      // What every screen fetches at once: preloads without a media query, and pictures not left to load lazily.
      preloaded: preloads.filter((link) => !link.includes("media=")).map((link) => /href="([^"]+)"/.exec(link)![1]),
      wideOnly: preloads.filter((link) => link.includes('media="(min-width: 64rem)"')).map((link) => /href="([^"]+)"/.exec(link)![1]),
      eager: [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((img) => !img.includes('loading="lazy"')).map((img) => /src="([^"]+)"/.exec(img)![1]),
      sprite: /icons-[\w-]+\.svg/.test(html),
      // The icon is in the page: neither a named file nor /favicon.ico is asked for.
      icon: /<link rel="icon" href="data:image\/svg\+xml,[^"]+"/.test(html) && !/<link rel="(shortcut )?icon" href="\//.test(html),
    };
  };
  const font = expect.stringMatching(/^\/assets\/fraunces-semibold-basic-latin-[\w-]+\.woff2$/);
  // Home: the words are the largest thing on a phone; the picture beside them on wide screens
  // is fetched first only there.
  expect(await early("/")).toEqual({ preloaded: [font], wideOnly: ["/images/hero.svg"], eager: [], sprite: false, icon: true });
  // An event: its picture is the largest thing on every screen. The font comes first: on
  // HTTP/1.1 it takes the document's open connection, the picture a new one.
  expect(await early("/events/1")).toEqual({ preloaded: [font, "/images/events/gala.svg"], wideOnly: [], eager: ["/images/events/gala.svg"], sprite: false, icon: true });
});

test("a public page paints once its main content is parsed, not its header alone: the head names <main>, which every public page has", async ({ request }) => {
  const expectMain = '<link rel="expect" href="#main" blocking="render"/>';
  for (const path of ["/", "/events/1", "/support", "/news", "/no-such-page"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).toContain(expectMain);
    // Without the element the browser would hold the first paint until the whole page is parsed.
    expect(html.slice(html.indexOf("</head>")), path).toMatch(/<main id="main"/);
  }
  // Staff screens link their stylesheet and paint as they come.
  expect(await (await request.get("/admin/login")).text()).not.toContain('rel="expect"');
});
