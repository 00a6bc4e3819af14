/**
 * Every public page's headings descend in order (an h1 first, then no level skipped on
 * the way down: h1 → h3 is refused), as screen-reader users navigate by them and as
 * Lighthouse's accessibility audit checks. The pages are those of the sitemap, plus the
 * pages it leaves out (not found, a tab of the awards page), with and without JavaScript.
 */
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** The page's headings in document order, as the accessibility tree has them (hidden ones left out). */
function headingLevels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6, [role=heading]")]
      .filter((el) => el.checkVisibility() && !el.closest("[aria-hidden=true], [hidden], [inert]"))
      .map((el) => ({
        level: el.getAttribute("role") === "heading" ? Number(el.getAttribute("aria-level") ?? 2) : Number(el.tagName[1]),
        text: (el.textContent ?? "").trim().slice(0, 60),
      })),
  );
}

/** Where the order breaks: a first heading that is no h1, or a step down of more than one level. */
function headingOrderProblems(headings: { level: number; text: string }[]): string[] {
  const problems: string[] = [];
  if (headings[0]?.level !== 1) problems.push(`first heading is not an h1: ${JSON.stringify(headings[0] ?? null)}`);
  for (let i = 1; i < headings.length; i++) {
    if (headings[i].level > headings[i - 1].level + 1) {
      problems.push(`h${headings[i - 1].level} "${headings[i - 1].text}" → h${headings[i].level} "${headings[i].text}"`);
    }
  }
  return problems;
}

async function publicPaths(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const paths = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(15);
  return [...paths, "/awards?tab=nominate", "/a-page-that-does-not-exist"];
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    test("every public page's headings descend in order", async ({ page }) => {
      test.setTimeout(120_000);
      const problems: Record<string, string[]> = {};
      for (const path of await publicPaths(page)) {
        await page.goto(path);
        const found = headingOrderProblems(await headingLevels(page));
        if (found.length > 0) problems[path] = found;
      }
      expect(problems).toEqual({});
    });
  });
}
