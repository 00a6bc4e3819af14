/**
 * The public site's icons: one sprite file (app/components/site/icons.svg) and small
 * `<svg><use/></svg>` elements that show its symbols (app/components/site/icons.tsx).
 */
import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "../../app/components/site/icons.tsx";

const sprite = fs.readFileSync(path.resolve("app/components/site/icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol\b([^>]*)>/g)].map((m) => ({
  id: /\bid="([^"]+)"/.exec(m[1])?.[1],
  attributes: m[1],
}));
const components = Object.entries(icons).filter(([name]) => name.endsWith("Icon")) as [string, (p: { className?: string; title?: string }) => React.ReactElement][];

describe("the icon sprite", () => {
  it("holds one symbol for each icon name, and no other", () => {
    expect(symbols.map((s) => s.id).sort()).toEqual([...icons.ICON_NAMES].sort());
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
      const use = /<use href="([^"#]+)#([^"]+)"/.exec(html);
      expect(use, name).not.toBeNull();
      expect(use![1], name).toMatch(/icons\b.*\.svg\b/);
      return use![2];
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
