import { createHash } from "node:crypto";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { forFirstPaint, withLighterScrollRestoration } from "../../app/lib/first-paint.server.ts";
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
  const css = criticalCss(BUILT, words);

  it("keeps the utilities public pages use, inside their media queries too, and drops the others", () => {
    expect(css).toContain(".mt-4{margin-top:1rem}");
    expect(css).toContain("@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}");
    expect(css).toContain(".group-hover\\:underline:is(:where(.group):hover *){@media (hover:hover){text-decoration-line:underline}}");
    expect(css).toContain('content:"a{b"');
    expect(css).not.toContain("admin-only");
    expect(css).not.toContain("admin-wide");
  });

  it("keeps the layer order, theme, font faces, reset, properties and keyframes", () => {
    expect(css.startsWith("@layer properties{")).toBe(true);
    for (const part of ["@layer theme,base,components,utilities;", "@layer theme{:root{--color-brand-600:#1d6e55}}", "@layer base{*{margin:0}}", "@property --tw-a", "@keyframes spin"]) {
      expect(css).toContain(part);
    }
    expect(css).toContain("fraunces-semibold-basic-latin-1.woff2");
    expect(css).toContain("fraunces-latin-wght-normal");
    expect(css).not.toContain("tailwindcss v4");
  });
});

describe("a public page for its first paint (app/lib/first-paint.server.ts)", () => {
  const moduleScript = '<script type="module" async="">import "/assets/a.js";</script>';
  const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js"/></head><body><main>Hi</main><script>x()</script>${moduleScript}</body></html>`;
  const critical = { css: ".a{color:red}", hash: "sha256-abc" };
  // The page as sent: its pieces one after the other.
  const sent = (chunks: (string | Uint8Array)[]) => chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("utf8"))).join("");

  it("has the critical CSS in its head and its scripts inert until a script of ours starts them", () => {
    const { chunks, styleHashes, scriptHashes } = forFirstPaint(page, critical);
    const html = sent(chunks);
    const starter = /<script>(\(\(\)=>[^<]*)<\/script><\/body>/.exec(html);
    expect(starter).not.toBeNull();
    expect(html).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="x-after-paint" href="/assets/a.js"/><style>.a{color:red}</style></head>' +
        '<body><main>Hi</main><script>x()</script><script type="x-after-paint">import "/assets/a.js";</script>' +
        `<script>${starter![1]}</script></body></html>`,
    );
    expect(styleHashes).toEqual(["sha256-abc"]);
    expect(scriptHashes).toEqual([`sha256-${createHash("sha256").update(starter![1], "utf8").digest("base64")}`]);
  });

  it("sends the same encoded <style> bytes with every page, between the head and its end", () => {
    const tag = Buffer.from("<style>.a{color:red}</style>");
    const first = forFirstPaint(page, { ...critical, tag });
    const second = forFirstPaint(page.replace("Hi", "Hello"), { ...critical, tag });
    expect(first.chunks[1]).toBe(tag);
    expect(second.chunks[1]).toBe(tag);
    expect(first.chunks[2]).toMatch(/^<\/head><body><main>Hi</);
    expect(sent(second.chunks)).toContain("<style>.a{color:red}</style></head><body><main>Hello</main>");
  });

  it("is sent as it is without a head", () => {
    expect(forFirstPaint("<p>Hi</p>", critical).chunks).toEqual(["<p>Hi</p>"]);
  });

  it("leaves the scripts as they are when the page does not have React Router's one module script", () => {
    for (const other of [page.replace(moduleScript, ""), page.replace(moduleScript, moduleScript + moduleScript)]) {
      const { chunks, styleHashes, scriptHashes } = forFirstPaint(other, critical);
      expect(sent(chunks)).toBe(other.replace("</head>", "<style>.a{color:red}</style></head>"));
      expect(styleHashes).toEqual(["sha256-abc"]);
      expect(scriptHashes).toEqual([]);
    }
  });
});

describe("the scroll restoration script of a public page (withLighterScrollRestoration)", () => {
  // React Router's script as `<ScrollRestoration />` writes it (react-router 8).
  const routerScript = [
    "((storageKey, restoreKey) => {",
    "\t\tif (!window.history.state || !window.history.state.key) {",
    "\t\t\tlet key = Math.random().toString(32).slice(2);",
    '\t\t\twindow.history.replaceState({ key }, "");',
    "\t\t}",
    "\t\ttry {",
    '\t\t\tlet storedY = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[restoreKey || window.history.state.key];',
    '\t\t\tif (typeof storedY === "number") window.scrollTo(0, storedY);',
    "\t\t} catch (error) {",
    "\t\t\tconsole.error(error);",
    "\t\t\tsessionStorage.removeItem(storageKey);",
    "\t\t}",
    '\t})("react-router-scroll-positions", null)',
  ].join("\n");
  // As rendered: the script carries the render's mark, which the renderer removes after hashing.
  const page = (script: string) => `<!DOCTYPE html><html><head></head><body><main>Hi</main><script nonce="m1">${script}</script></body></html>`;

  /** Runs a page's inline scroll script against a history entry and a stored position. */
  function run(html: string, state: { key?: string } | null, stored: Record<string, number>) {
    const script = /<script nonce="m1">(\([^<]*)<\/script><\/body>/.exec(html)![1];
    const calls = { reads: 0, scrolledTo: null as number | null, state };
    const history = { get state() { return calls.state; }, replaceState: (next: { key: string }) => (calls.state = next) };
    const sessionStorage = { getItem: () => (calls.reads++, JSON.stringify(stored)), removeItem: () => {} };
    const scrollTo = (_x: number, y: number) => (calls.scrolledTo = y);
    const window = { history, scrollTo };
    vm.runInNewContext(script, { window, history, sessionStorage, scrollTo, JSON, Math, console });
    return { script, ...calls };
  }

  it("is swapped for one that does not read sessionStorage for a new history entry, keeping the render's mark", () => {
    const html = withLighterScrollRestoration(page(routerScript));
    const fresh = run(html, null, {});
    expect(fresh.script).not.toContain("restoreKey");
    expect(fresh.reads).toBe(0);
    expect(fresh.state?.key).toMatch(/^[0-9a-v]+$/);
    expect(fresh.scrolledTo).toBeNull();
  });

  it("still brings a reloaded or revisited entry back to its stored position", () => {
    const html = withLighterScrollRestoration(page(routerScript));
    const back = run(html, { key: "k1" }, { k1: 640, k2: 80 });
    expect(back).toMatchObject({ reads: 1, scrolledTo: 640, state: { key: "k1" } });
    expect(run(html, { key: "k3" }, { k1: 640 })).toMatchObject({ reads: 1, scrolledTo: null });
    // React Router's own script does the same.
    expect(run(page(routerScript), { key: "k1" }, { k1: 640 })).toMatchObject({ reads: 1, scrolledTo: 640 });
  });

  it("leaves a scroll script it does not know as it is (another storage key, a restore key)", () => {
    for (const other of [routerScript.replace('"react-router-scroll-positions", null', '"other", null'), routerScript.replace(", null)", ', "k1")')]) {
      expect(withLighterScrollRestoration(page(other))).toBe(page(other));
    }
  });
});
