/**
 * The page cache keys a public page only on the query parameters its route declares
 * (`handle.query`, app/lib/page-query.ts). A route that reads one without declaring it
 * would be served another address's page: every parameter a public route reads, in its
 * loader (searchParams.get) or its component (tabs read ?tab), must be declared.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageQuery } from "../../app/lib/page-query.ts";

const dir = path.resolve("app/routes/public");

describe("query parameters of public pages", () => {
  const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
  for (const file of files) {
    const source = fs.readFileSync(path.join(dir, file), "utf8");
    const read = new Set([...source.matchAll(/searchParams\.get\("([^"]+)"\)/g)].map((m) => m[1]));
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
