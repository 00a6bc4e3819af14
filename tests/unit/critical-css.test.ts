import { describe, expect, it } from "vitest";
import { forFirstPaint } from "../../app/lib/first-paint.server.ts";
import { criticalCss } from "../../scripts/critical-css.ts";

// The shape of Tailwind's built stylesheet, shortened.
const BUILT = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer properties{@supports (x:y){*{--tw-a:0}}}",
  "@layer theme,base,components,utilities;",
  '@font-face{font-family:"Fraunces Variable";src:url(/assets/fraunces-latin-wght-normal.woff2)}',
  '@font-face{font-family:"Fraunces Variable";src:url(/assets/fraunces-semibold-basic-latin-1.woff2)}',
  "@layer theme{:root{--color-brand-600:#1d6e55}}",
  "@layer base{*{margin:0}}",
  "@layer utilities{",
  ".mt-4{margin-top:1rem}",
  ".admin-only{color:red}",
  '.content-\\[\\"a\\{b\\"\\]{content:"a{b"}',
  ".group-hover\\:underline:is(:where(.group):hover *){@media (hover:hover){text-decoration-line:underline}}",
  "@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}.sm\\:admin-wide{width:100%}}",
  "}",
  "@property --tw-a{syntax:\"*\";inherits:false}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
].join("");

describe("critical CSS (scripts/critical-css.ts)", () => {
  const words = new Set(["mt-4", "sm:grid-cols-2", "group-hover:underline", "group", 'content-["a{b"]']);
  const css = criticalCss(BUILT, words, (face) => face.includes("fraunces-semibold-basic-latin"));

  it("keeps the utilities public pages use, inside their media queries too, and drops the others", () => {
    expect(css).toContain(".mt-4{margin-top:1rem}");
    expect(css).toContain("@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}");
    expect(css).toContain(".group-hover\\:underline:is(:where(.group):hover *){@media (hover:hover){text-decoration-line:underline}}");
    expect(css).toContain('content:"a{b"');
    expect(css).not.toContain("admin-only");
    expect(css).not.toContain("admin-wide");
  });

  it("keeps the layer order, theme, reset, properties and keyframes, and only the heading subset's font face", () => {
    expect(css.startsWith("@layer properties{")).toBe(true);
    for (const part of ["@layer theme,base,components,utilities;", "@layer theme{:root{--color-brand-600:#1d6e55}}", "@layer base{*{margin:0}}", "@property --tw-a", "@keyframes spin"]) {
      expect(css).toContain(part);
    }
    expect(css).toContain("fraunces-semibold-basic-latin-1.woff2");
    expect(css).not.toContain("fraunces-latin-wght-normal");
    expect(css).not.toContain("tailwindcss v4");
  });
});

describe("a public page for its first paint (app/lib/first-paint.server.ts)", () => {
  const link = '<link rel="stylesheet" href="/assets/app-Ab_1.css" data-precedence="default"/>';
  const page = `<!DOCTYPE html><html><head>${link}<link rel="modulepreload" href="/assets/a.js"/></head><body><main>Hi</main><script>x()</script></body></html>`;
  const critical = { css: ".a{color:red}", hash: "sha256-abc" };

  it("has the critical CSS in its head, the stylesheet at the end of its body and its script preloads at low priority", () => {
    const { html, styleHashes } = forFirstPaint(page, critical);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><style>.a{color:red}</style><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/></head>' +
        `<body><main>Hi</main><script>x()</script>${link}</body></html>`,
    );
    expect(styleHashes).toEqual(["sha256-abc"]);
  });

  it("is left as it was without critical CSS (development) or without the stylesheet link", () => {
    expect(forFirstPaint(page, null)).toEqual({ html: page, styleHashes: [] });
    const other = page.replace(link, "");
    expect(forFirstPaint(other, critical)).toEqual({ html: other, styleHashes: [] });
  });
});
