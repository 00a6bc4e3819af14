/**
 * The public site's icons: one sprite file (app/components/site/icons.svg), small
 * `<svg><use/></svg>` elements that show its symbols (app/components/site/icons.tsx), and
 * the symbols a server-rendered page shows, written into it
 * (app/components/site/icon-symbols.server.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "../../app/components/site/icons.tsx";
import { withIconSymbols } from "../../app/components/site/icon-symbols.server.ts";

const sprite = fs.readFileSync(path.resolve("app/components/site/icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol\b([^>]*)>/g)].map((m) => ({
  id: /\bid="([^"]+)"/.exec(m[1])?.[1],
  attributes: m[1],
}));
const components = Object.entries(icons).filter(([name]) => name.endsWith("Icon")) as [string, (p: { className?: string; title?: string }) => React.ReactElement][];

describe("the icon sprite", () => {
  it("holds one symbol for each icon name, and no other", () => {
    expect(symbols.map((s) => s.id).sort()).toEqual(icons.ICON_NAMES.map((name) => `icon-${name}`).sort());
  });

  it("gives every symbol its own viewBox and paint in the current text colour (a <use> copy does not inherit the file's)", () => {
    for (const { id, attributes } of symbols) {
      expect(attributes, id).toContain('viewBox="0 0 24 24"');
      expect(attributes, id).toMatch(/(stroke|fill)="currentColor"/);
    }
  });
});

describe("an icon", () => {
  it("shows its own symbol of the sprite: every symbol is shown by exactly one icon", () => {
    const shown = components.map(([name, Icon]) => {
      const html = renderToStaticMarkup(<Icon />);
      const use = /<use href="#icon-([^"]+)"/.exec(html);
      expect(use, name).not.toBeNull();
      return use![1];
    });
    expect(shown.sort()).toEqual([...icons.ICON_NAMES].sort());
  });

  it("is decorative and 20px by default, sized by its classes, and an image with a name when given a title", () => {
    const plain = renderToStaticMarkup(<icons.HeartIcon />);
    expect(plain).toMatch(/^<svg class="size-5" aria-hidden="true"/);
    expect(renderToStaticMarkup(<icons.HeartIcon className="size-4 text-sun-700" />)).toContain('class="size-4 text-sun-700"');
    const titled = renderToStaticMarkup(<icons.HeartIcon title="Donate" />);
    expect(titled).toContain('role="img"');
    expect(titled).not.toContain("aria-hidden");
    expect(titled).toContain("<title>Donate</title>");
  });
});

describe("a page's icon symbols", () => {
  const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}<script>start()</script></body></html>`;
  const symbolIds = (html: string) => [...html.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

  it("carries the symbol of each icon it shows, once, in a hidden svg at the end of the body", () => {
    const body = renderToStaticMarkup(
      <>
        <icons.MenuIcon />
        <p>Dates</p>
        <icons.CalendarIcon className="size-4" />
        <icons.MenuIcon />
        <icons.MapPinIcon title="Where" />
      </>,
    );
    const html = withIconSymbols(page(body));
    expect(symbolIds(html)).toEqual(["icon-menu", "icon-calendar", "icon-map-pin"]);
    const tail = html.slice(html.indexOf('<svg id="icon-symbols"'));
    expect(tail).toMatch(/^<svg id="icon-symbols" aria-hidden="true" style="display:none"><symbol id="icon-menu" viewBox="0 0 24 24"[^>]*><path /);
    expect(tail.endsWith("</svg></body></html>")).toBe(true);
    expect(html.indexOf("<script>start()</script>")).toBeLessThan(html.indexOf('<svg id="icon-symbols"'));
    // Each symbol is the sprite's, whitespace between its elements aside.
    for (const id of symbolIds(html)) {
      const inPage = new RegExp(`<symbol id="${id}"[\\s\\S]*?</symbol>`).exec(html)![0];
      const inSprite = new RegExp(`<symbol id="${id}"[\\s\\S]*?</symbol>`).exec(sprite)![0];
      expect(inPage).toBe(inSprite.replace(/>\s+</g, "><"));
    }
  });

  it("leaves a page without icons, or without a body, as it is", () => {
    const plain = page("<p>No icons here</p>");
    expect(withIconSymbols(plain)).toBe(plain);
    expect(withIconSymbols('<use href="#icon-menu"/>')).toBe('<use href="#icon-menu"/>');
  });
});
