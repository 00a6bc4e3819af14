import { createHash } from "node:crypto";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { forFirstPaint, withLighterScrollRestoration } from "../../app/lib/first-paint.server.ts";
import { classesIn, compileCss, cssForClasses, cssForPage, elementsIn, facesFor, facesPagesMayLeaveOut, unicodeRanges } from "../../app/lib/critical-css.ts";
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

describe("a page's own part of the stylesheet (app/lib/critical-css.ts)", () => {
  const compiled = compileCss(criticalCss(BUILT, new Set(["mt-4", "sm:grid-cols-2", "group-hover:underline", 'content-["a{b"]'])));

  it("keeps only the utilities whose classes the page's HTML carries, entities and all", () => {
    const used = classesIn('<p class="mt-4 x">a</p><i class="content-[&quot;a{b&quot;]"></i>');
    expect([...used]).toEqual(["mt-4", "x", 'content-["a{b"]']);
    const css = cssForClasses(compiled, used);
    expect(css).toContain(".mt-4{margin-top:1rem}");
    expect(css).toContain('content:"a{b"');
    expect(css).not.toContain("grid-cols-2");
    expect(css).not.toContain("group-hover");
    expect(css).toContain("@layer base{*{margin:0}}");
    // No rule kept names it.
    expect(css).not.toContain("@keyframes spin");
  });

  it("keeps the reset's rules for elements the page has, and the keyframes its kept rules name", () => {
    const sheet = compileCss(
      [
        "@layer theme{:root{--animate-spin:spin 1s linear infinite}}",
        "@layer base{*{margin:0}hr{height:0}code,kbd,samp,pre{font-size:1em}abbr:where([title]){text-decoration:underline dotted}",
        "button,input:where([type=button],[type=submit]){appearance:button}:where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}",
        "@supports (color:red){::placeholder{color:red}}}",
        "@layer components{.menu{animation:menu-in .2s}}",
        "@layer utilities{.animate-spin{animation:var(--animate-spin)}.mt-4{margin-top:1rem}}",
        "@keyframes menu-in{to{opacity:1}}@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}",
      ].join(""),
    );
    const page = '<main><p class="mt-4">Hi <kbd>K</kbd></p><input type="submit"/></main>';
    expect([...elementsIn(page)]).toEqual(["main", "p", "kbd", "input"]);
    const css = cssForClasses(sheet, classesIn(page), "", undefined, elementsIn(page));
    expect(css).toBe(
      [
        "@layer base{*{margin:0}code,kbd,samp,pre{font-size:1em}",
        "button,input:where([type=button],[type=submit]){appearance:button}:where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}",
        "@supports (color:red){::placeholder{color:red}}}",
        "@layer components{.menu{animation:menu-in .2s}}@layer utilities{.mt-4{margin-top:1rem}}@keyframes menu-in{to{opacity:1}}",
      ].join(""),
    );
    // A spinner on the page: its animation's variable and keyframes come with it.
    const spinning = cssForClasses(sheet, new Set(["animate-spin"]), "", undefined, elementsIn("<hr/>"));
    expect(spinning).toContain("--animate-spin:spin 1s linear infinite");
    expect(spinning).toContain("@keyframes spin{to{rotate:1turn}}");
    expect(spinning).toContain("hr{height:0}");
    expect(spinning).not.toContain("@keyframes pulse");
    expect(spinning).not.toContain("kbd");
    // The page's elements not given: every reset rule.
    expect(cssForClasses(sheet, new Set())).toContain("hr{height:0}code,kbd,samp,pre{font-size:1em}abbr:where([title])");
  });

  it("leaves the hover rules, and the reset's rules for input types the page does not have, to the linked stylesheet", () => {
    const sheet = compileCss(
      [
        "@layer base{::file-selector-button{margin:0}::-webkit-datetime-edit{display:inline-flex}::-webkit-calendar-picker-indicator{line-height:1}",
        "::-webkit-inner-spin-button{height:auto}::-webkit-search-decoration{-webkit-appearance:none}::placeholder{opacity:1}}",
        "@layer components{.nav a{color:red}@media (hover:hover){.nav a:hover{color:blue}}}",
        "@layer utilities{.mt-4{margin-top:1rem}@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}",
        "@media (width>=40rem){.sm\\:mt-4{margin-top:1rem}@media (hover:hover){.sm\\:hover\\:underline:hover{text-decoration-line:underline}}}}",
      ].join(""),
    );
    const cssOf = (page: string) => cssForPage(sheet, page);
    const plain = cssOf('<nav class="nav"><a class="mt-4 sm:mt-4 hover:underline sm:hover:underline">A</a></nav><input type="text" name="q"/>');
    expect(plain).toBe(
      "@layer base{::placeholder{opacity:1}}@layer components{.nav a{color:red}}@layer utilities{.mt-4{margin-top:1rem}@media (width>=40rem){.sm\\:mt-4{margin-top:1rem}}}",
    );
    // A date input brings its fields' and spin buttons' rules; a number input the spin buttons'; a file input its button's.
    expect(cssOf('<input id="d" type="date" name="d"/>')).toContain("::-webkit-datetime-edit{display:inline-flex}::-webkit-calendar-picker-indicator{line-height:1}::-webkit-inner-spin-button{height:auto}");
    const number = cssOf('<input type="number"/>');
    expect(number).toContain("::-webkit-inner-spin-button");
    expect(number).not.toContain("datetime-edit");
    expect(cssOf('<input name="f" type="file">')).toContain("::file-selector-button{margin:0}");
    expect(cssOf('<input name="s" type="search"/>')).toContain("::-webkit-search-decoration");
    // A type elsewhere than in the input's own tag does not count.
    expect(cssOf('<input name="t"/><button type="file">x</button>')).not.toContain("file-selector");
    expect([...elementsIn('<input type="date"/><input/>')]).toEqual(["input", "input[type=date]"]);
  });

  it("gives the same CSS as the build's selection for the same classes, with the properties' fallback for every browser instead of their registrations", () => {
    const words = new Set(["mt-4", "sm:grid-cols-2"]);
    // Every custom property of the sheet named: nothing is left out for want of a name.
    expect(cssForClasses(compileCss(BUILT), words, "--tw-a --color-brand-600")).toBe(
      criticalCss(BUILT, words)
        .replace("@layer properties{@supports (x:y){*{--tw-a:0}}}", "@layer properties{*{--tw-a:0}}")
        .replace('@property --tw-a{syntax:"*";inherits:false}', "")
        // No rule kept names the spinner's keyframes.
        .replace("@keyframes spin{to{transform:rotate(360deg)}}", ""),
    );
  });

  it("makes a page's CSS once for the utilities it keeps and the names its styles add", () => {
    const fresh = compileCss(criticalCss(BUILT, new Set(["mt-4", "sm:grid-cols-2"])));
    const first = cssForClasses(fresh, new Set(["mt-4", "unknown"]));
    expect(cssForClasses(fresh, new Set(["mt-4"]))).toBe(first);
    expect(fresh.made.size).toBe(1);
    expect(cssForClasses(fresh, new Set(["mt-4"]), "--color-brand-600")).toContain("--color-brand-600:#1d6e55");
    expect(cssForClasses(fresh, new Set(["sm:grid-cols-2"]))).toContain("grid-cols-2");
    expect(fresh.made.size).toBe(3);
  });

  it("finds the elements a page has as a regular expression over its tags would", () => {
    const page = '<h2 class="x">a</h2><br/><a1b>< p><A href="#"></A><svg><use href="#i"/></svg>x<p';
    expect([...elementsIn(page)]).toEqual([...new Set([...page.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]))]);
    expect([...elementsIn(page)]).toEqual(["h2", "br", "a1b", "svg", "use", "p"]);
  });

  it("gives each page the CSS of its own classes, styles and elements, remembered for pages of the same shape", () => {
    const sheet = compileCss(
      [
        "@layer theme{:root{--color-brand-600:#1d6e55;--spacing:.25rem}}",
        "@layer base{*{margin:0}hr{height:0}kbd{font-size:1em}}",
        "@layer utilities{.mt-4{margin-top:1rem}.flex{display:flex}.p-2{padding:calc(var(--spacing)*2)}}",
      ].join(""),
    );
    const direct = (html: string, styles = "") => cssForClasses(sheet, classesIn(html), styles, facesFor(sheet.faces, html), elementsIn(html));
    const pages = [
      '<p class="mt-4 flex">a</p><p class="mt-4">b</p>',
      '<p class="mt-4">a</p><p class="mt-4 flex">b</p>',
      '<p class="mt-4 flex">a</p><hr/>',
      '<p class="p-2">a</p><kbd class="mt-4 flex">b</kbd>',
      '<p class="mt-4 flex">a</p><p class="mt-4">b</p>',
    ];
    for (const page of pages) expect(cssForPage(sheet, page)).toBe(direct(page));
    // The same page with a style naming a theme variable is another shape.
    const styled = '<p class="mt-4 flex" style="color:var(--color-brand-600)">a</p>';
    expect(cssForPage(sheet, styled, "color:var(--color-brand-600)")).toContain("--color-brand-600:#1d6e55");
    expect(cssForPage(sheet, pages[0])).not.toContain("--color-brand-600");
    expect(cssForPage(sheet, pages[2])).toContain("hr{height:0}");
    expect(cssForPage(sheet, pages[0])).not.toContain("hr{height:0}");
  });

  it("keeps the theme variables and registered properties its rules or inline styles name, and no others", () => {
    const sheet = [
      "@layer properties{@supports (x:y){*,:before{--tw-shadow:0 0 #0000;--tw-ring:0}}}",
      "@layer theme{:root,:host{--font-sans:Arial;--default-font-family:var(--font-sans);--color-red-600:red;--color-brand-600:green;--spacing:.25rem}}",
      "@layer base{html{font-family:var(--default-font-family)}}",
      "@layer utilities{.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}.text-alarm{color:var(--color-red-600)}.pad-one{padding:calc(var(--spacing) * 1)}}",
      '@property --tw-shadow{syntax:"*";inherits:false}',
      '@property --tw-ring{syntax:"*";inherits:false}',
    ].join("");
    const css = cssForClasses(compileCss(sheet), new Set(["shadow"]), "color:var(--color-brand-600)");
    // The properties' starting values hold on every browser (no @supports), so their
    // @property registrations are left to the whole stylesheet; one the fallback does not
    // give a value is kept when named.
    expect(css).toBe(
      [
        "@layer properties{*,:before{--tw-shadow:0 0 #0000}}",
        "@layer theme{:root,:host{--font-sans:Arial;--default-font-family:var(--font-sans);--color-brand-600:green}}",
        "@layer base{html{font-family:var(--default-font-family)}}",
        "@layer utilities{.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}}",
      ].join(""),
    );
    const unregistered = compileCss(`${sheet}@property --tw-angle{syntax:"<angle>";inherits:false;initial-value:0deg}`);
    expect(cssForClasses(unregistered, new Set(["shadow"]), "rotate:var(--tw-angle)")).toContain("@property --tw-angle{");
  });
});

describe("the font faces a page's CSS keeps", () => {
  // The heading font as the built sheet declares it: alphabets first, the small subset last.
  const face = (file: string, range: string) => `@font-face{font-family:Fraunces Variable;font-style:normal;src:url(/assets/${file}.woff2);unicode-range:${range}}`;
  const sheet = [
    face("vietnamese", "U+102-103,U+1EA0-1EF9"),
    face("latin-ext", "U+100-2BA,U+1E00-1E9F"),
    face("latin", "U+??,U+131,U+152-153"),
    face("basic-latin", "U+20-7E,U+A0,U+A3,U+E9"),
    "@layer utilities{.mt-4{margin-top:1rem}}",
  ].join("");
  const compiled = compileCss(sheet);
  const css = (html: string) => cssForClasses(compiled, new Set(["mt-4"]), "", facesFor(compiled.faces, html));
  const files = (text: string) => [...text.matchAll(/assets\/([\w-]+)\.woff2/g)].map((m) => m[1]);

  it("reads unicode ranges, wildcards included, and refuses what is not one", () => {
    expect(unicodeRanges("U+20-7E, U+A3, u+4??")).toEqual([[0x20, 0x7e], [0xa3, 0xa3], [0x400, 0x4ff]]);
    expect(unicodeRanges("U+20-7E; x")).toBeNull();
  });

  it("keeps only the subsets some character of the page is drawn from (the last face holding it)", () => {
    // Plain English, a pound sign and é: the small subset draws them all.
    expect(files(css('<h1 class="mt-4">Café Sale £5</h1>'))).toEqual(["basic-latin"]);
    // "ü" is in the Latin subset only; "ł" in the extended one; "ạ" in the Vietnamese one.
    expect(files(css("<h1>Müller</h1>"))).toEqual(["latin", "basic-latin"]);
    expect(files(css("<h1>Łukasz Wałęsa</h1>"))).toEqual(["latin-ext", "basic-latin"]);
    expect(files(css("<h1>Phạm</h1>"))).toEqual(["vietnamese", "basic-latin"]);
    expect(css("<h1>Hi</h1>")).toContain(".mt-4{margin-top:1rem}");
    // A character beyond the first 65,536 (two UTF-16 units) is looked up whole.
    const emoji = compileCss(`${face("basic-latin", "U+20-7E")}${face("emoji", "U+1F300-1F5FF")}`);
    expect(files(cssForClasses(emoji, new Set(), "", facesFor(emoji.faces, "<p>Fair 🎪</p>")))).toEqual(["basic-latin", "emoji"]);
    expect(files(cssForClasses(emoji, new Set(), "", facesFor(emoji.faces, "<p>Fair</p>")))).toEqual(["basic-latin"]);
  });

  it("leaves to the linked stylesheet the faces that draw no ASCII (a page rendered later may need them); not those every page has", () => {
    expect(facesPagesMayLeaveOut(compiled).flatMap(files)).toEqual(["vietnamese", "latin-ext", "latin"]);
  });

  it("declares each of those with only the characters it draws: linked after a page's faces, none takes over the subsets' characters", () => {
    const ranges = facesPagesMayLeaveOut(compiled).map((rule) => [files(rule)[0], /unicode-range:([^;}]*)/.exec(rule)![1]]);
    expect(ranges).toEqual([
      // U+102-103 is the extended face's (declared after it), as in the whole sheet.
      ["vietnamese", "U+1EA0-1EF9"],
      ["latin-ext", "U+100-130,U+132-151,U+154-2BA,U+1E00-1E9F"],
      // The Latin face without printable ASCII, the no-break space, £ and é: the basic subset's.
      ["latin", "U+0-1F,U+7F-9F,U+A1-A2,U+A4-E8,U+EA-FF,U+131,U+152-153"],
    ]);
  });

  it("keeps every face when the page's characters are not given, and a face without a range always", () => {
    expect(files(cssForClasses(compiled, new Set()))).toEqual(["vietnamese", "latin-ext", "latin", "basic-latin"]);
    const plain = compileCss("@font-face{font-family:X;src:url(/assets/x.woff2)}");
    expect(files(cssForClasses(plain, new Set(), "", facesFor(plain.faces, "<p>Hi</p>")))).toEqual(["x"]);
  });
});

describe("a public page for its first paint (app/lib/first-paint.server.ts)", () => {
  const moduleScript = '<script type="module" async="">import "/assets/a.js";</script>';
  const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js"/></head><body><main class="a">Hi</main><script>x()</script>${moduleScript}</body></html>`;
  const critical = { compiled: compileCss("@layer utilities{.a{color:red}.b{color:blue}}"), href: "/assets/public-12345678.css" };
  const hashOf = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  // The page as sent: its pieces one after the other.
  const sent = (chunks: (string | Uint8Array)[]) => chunks.map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("utf8"))).join("");

  it("has its own CSS in its head, and its scripts and the whole stylesheet inert until a script of ours starts them", () => {
    const { chunks, styleHashes, scriptHashes } = forFirstPaint(page, critical);
    const html = sent(chunks);
    const starter = /<script>(\(\(\)=>[^<]*)<\/script><\/body>/.exec(html);
    expect(starter).not.toBeNull();
    expect(html).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="x-after-paint" href="/assets/a.js"/><style>@layer utilities{.a{color:red}}</style>' +
        '<link rel="x-after-paint-style" href="/assets/public-12345678.css"/></head>' +
        '<body><main class="a">Hi</main><script>x()</script><script type="x-after-paint">import "/assets/a.js";</script>' +
        // Without JavaScript, the whole stylesheet once the page has painted (its hover rules).
        '<noscript><link rel="stylesheet" href="/assets/public-12345678.css"/></noscript>' +
        `<script>${starter![1]}</script></body></html>`,
    );
    expect(styleHashes).toEqual([hashOf("@layer utilities{.a{color:red}}")]);
    expect(scriptHashes).toEqual([hashOf(starter![1])]);
  });

  it("given the render's mark, marks its starting script like the router's, to be hashed (and joined) with them", () => {
    // As React writes it: the mark first.
    const marked = page.replaceAll("<script", '<script nonce="m1"');
    const { chunks, scriptHashes } = forFirstPaint(marked, critical, "m1");
    const html = sent(chunks);
    expect(html).toContain('<script type="x-after-paint" nonce="m1">import "/assets/a.js";</script>');
    expect(html).toMatch(/<script nonce="m1">\(\(\)=>[^<]*<\/script><\/body><\/html>$/);
    expect(scriptHashes).toEqual([]);
  });

  it("starts the scripts and links the whole stylesheet once the page has painted", () => {
    const html = sent(forFirstPaint(page, critical).chunks);
    const starter = /<script>(\(\(\)=>[^<]*)<\/script><\/body>/.exec(html)![1];
    const links = [{ rel: "x-after-paint-style", href: critical.href }];
    const observers: (() => void)[] = [];
    const document = {
      querySelectorAll: (selector: string) => (selector === "link[rel=x-after-paint-style]" ? links : []),
      createElement: () => ({}),
      head: { append: () => {} },
    };
    class PerformanceObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
    }
    vm.runInNewContext(starter, { document, PerformanceObserver, setTimeout: () => 0, requestAnimationFrame: () => 0 });
    expect(links[0].rel).toBe("x-after-paint-style");
    observers[0]!();
    expect(links[0].rel).toBe("stylesheet");
  });

  it("sends the same encoded <style> bytes with pages that use the same classes, between the head and its end", () => {
    const first = forFirstPaint(page, critical);
    const second = forFirstPaint(page.replace("Hi", "Hello"), critical);
    const other = forFirstPaint(page.replace('class="a"', 'class="b"'), critical);
    expect(second.chunks[1]).toBe(first.chunks[1]);
    expect(sent([other.chunks[1]!])).toBe("<style>@layer utilities{.b{color:blue}}</style>");
    expect(first.chunks[2]).toMatch(/^<link rel="x-after-paint-style" href="[^"]+"\/><\/head><body><main class="a">Hi</);
    expect(sent(second.chunks)).toContain('<style>@layer utilities{.a{color:red}}</style><link rel="x-after-paint-style" href="/assets/public-12345678.css"/></head><body><main class="a">Hello</main>');
  });

  it("is sent as it is without a head", () => {
    expect(forFirstPaint("<p>Hi</p>", critical).chunks).toEqual(["<p>Hi</p>"]);
  });

  it("leaves the scripts as they are, and links no stylesheet, when the page does not have React Router's one module script", () => {
    for (const other of [page.replace(moduleScript, ""), page.replace(moduleScript, moduleScript + moduleScript)]) {
      const { chunks, styleHashes, scriptHashes } = forFirstPaint(other, critical);
      expect(sent(chunks)).toBe(other.replace("</head>", "<style>@layer utilities{.a{color:red}}</style></head>"));
      expect(styleHashes).toEqual([hashOf("@layer utilities{.a{color:red}}")]);
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
    const history = { get state() { return calls.state; }, replaceState: (next: { key: string; idx?: number }) => (calls.state = next) };
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
    // With the index React Router's history would write in a second call (createBrowserHistory).
    expect(fresh.state).toEqual({ key: fresh.state?.key, idx: 0 });
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
