/**
 * The page cache keys a public page only on the query parameters its route declares
 * (`handle.query`, app/lib/page-query.ts). A route that reads one without declaring it
 * would be served another address's page: every parameter a public route reads, in its
 * loader (searchParams.get) or its component (tabs read ?tab), must be declared.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { pageQuery } from "../../app/lib/page-query.ts";
import routes from "../../app/routes.ts";

const dir = path.resolve("app/routes/public");
/** The feature folders' public pages: the route table's entries under the public layout outside app/routes/. */
const publicLayout = routes.find((r) => r.file === "routes/public/layout.tsx") as RouteConfigEntry;
const featurePages = [...new Set((publicLayout.children ?? []).map((r) => r.file).filter((f) => f.startsWith("features/")))];

describe("query parameters of public pages", () => {
  const files = [...fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f)), ...featurePages.map((f) => path.resolve("app", f))];
  for (const filePath of files) {
    const file = path.relative(path.resolve("app"), filePath);
    const source = fs.readFileSync(filePath, "utf8");
    const read = new Set([...source.matchAll(/searchParams\.(?:get|has|getAll)\("([^"]+)"\)/g)].map((m) => m[1]));
    if (/\bactiveTab\(/.test(source)) read.add("tab");
    if (read.size === 0) continue;
    it(`${file} declares what it reads (${[...read].join(", ")})`, () => {
      const declared = /export const handle[^=]*=\s*\{[^}]*\bquery:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? "";
      const names = [...declared.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
      for (const name of read) expect(names, `${file} reads ?${name}`).toContain(name);
    });
  }

  it("pageQuery joins the matched routes' declarations, sorted and once each", () => {
    expect(pageQuery([{ topics: [] }, { query: ["tab", "page"] }, undefined, { query: ["page"] }])).toEqual(["page", "tab"]);
    expect(pageQuery([{}, null])).toEqual([]);
  });
});
