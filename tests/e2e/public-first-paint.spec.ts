import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * A public page's first paint needs only its HTML: the CSS it uses is inline in its head
 * (build/critical.css, app/lib/first-paint.server.ts) and the linked stylesheet only adds
 * the staff screens' rules. So the page must look the same with the stylesheet refused as
 * with it: every element gets the same computed style (the properties that place, size
 * and colour things; none that depends on the heading font having arrived).
 */
const PAGES = ["/", "/events", "/events/1", "/craft-fairs", "/support", "/news", "/about", "/trustees", "/no-such-page"];
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

async function computedStyles(page: Page) {
  return page.evaluate((properties) => {
    const rows: string[] = [];
    document.body.querySelectorAll("*:not(script):not(link)").forEach((element, index) => {
      const style = getComputedStyle(element);
      const id = `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
      rows.push(`${id} ${properties.map((p) => `${p}:${style.getPropertyValue(p)}`).join("; ")}`);
    });
    return rows;
  }, PROPERTIES);
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`public pages look the same without their stylesheet as with it (${viewport.width} px wide)`, async ({ browser }) => {
    const withSheet = await browser.newPage({ viewport });
    const without = await browser.newPage({ viewport });
    const refused: string[] = [];
    await without.route(/\/assets\/app-[\w-]+\.css$/, (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    for (const path of PAGES) {
      for (const page of [withSheet, without]) {
        await page.goto(path);
        await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      }
      const expected = await computedStyles(withSheet);
      const actual = await computedStyles(without);
      expect(expected.length, path).toBeGreaterThan(50);
      const differences = actual.filter((row, i) => row !== expected[i]);
      expect(differences.slice(0, 3), `${path}: ${differences.length} elements styled differently`).toEqual([]);
      expect(actual.length, path).toBe(expected.length);
    }
    // The stylesheet was asked for (and refused) on every page: the test compared something.
    expect(refused.length).toBeGreaterThanOrEqual(PAGES.length);
    await withSheet.close();
    await without.close();
  });
}
