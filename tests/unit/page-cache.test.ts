import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, type PageCacheOptions } from "../../server/page-cache.ts";
import { TOPICS_HEADER } from "../../app/live/topics.ts";
import { QUERY_HEADER } from "../../app/lib/page-query.ts";

/** The topics the fake pages declare, as the render reports them (none: no header, so every topic). */
const FAKE_PAGE_TOPICS: Record<string, string> = {
  "/": "events,settings",
  "/events": "events,settings",
  "/events/1": "events,settings",
  "/craft-fairs": "craft-fairs,settings",
  "/about": "settings",
};

/** A page cache in front of a fake renderer that counts renders and shows a version. */
async function setup(options: Partial<PageCacheOptions> & { respond?: (url: URL, request: Request) => Response | Promise<Response> } = {}) {
  const renders: string[] = [];
  let version = 1;
  const listeners: ((topic: string) => void)[] = [];
  let clock = 1_000_000;
  /** While set, renders wait for it (a render "under way"). */
  let gate: Promise<void> | null = null;
  const cache = createPageCache({
    bypassCookies: ["mcf_session", "mcf_toast"],
    subscribe: (listener) => {
      listeners.push(listener);
      return () => {};
    },
    now: () => clock,
    ...options,
    render: async (request) => {
      const url = new URL(request.url);
      renders.push(url.pathname + url.search);
      if (gate) await gate;
      if (options.respond) return options.respond(url, request);
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'self' 'sha256-x'" });
      if (url.pathname in FAKE_PAGE_TOPICS) headers.set(TOPICS_HEADER, FAKE_PAGE_TOPICS[url.pathname]);
      return new Response(`<html><body>${url.pathname} v${version}</body></html>`, { headers });
    },
  });
  const app = express();
  app.use(cache.middleware);
  app.use((_req, res) => res.status(200).send("handled by the router"));
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  return {
    base,
    cache,
    renders,
    get,
    publish: (topic: string) => listeners.forEach((l) => l(topic)),
    setVersion: (v: number) => (version = v),
    advance: (ms: number) => (clock += ms),
    /** Holds renders until the returned function is called. */
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("page cache", () => {
  it("renders a page once and serves the stored bytes and headers after that", async () => {
    const t = await setup();
    const first = await t.get("/events/1");
    const second = await t.get("/events/1");
    expect(t.renders).toEqual(["/events/1"]);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-x'");
    expect(second.headers.get("cache-control")).toBe("no-cache");
  });

  it("keys by URL including the query", async () => {
    const t = await setup();
    await t.get("/events?page=1");
    await t.get("/events?page=2");
    await t.get("/events?page=1");
    expect(t.renders).toEqual(["/events?page=1", "/events?page=2"]);
  });

  it("keys a page only on the query parameters its render says it reads: 200 random query strings add one entry", async () => {
    const reads: Record<string, string> = { "/": "", "/events": "page,tab" };
    const t = await setup({
      respond: (url) =>
        new Response(`<html><body>${url.pathname}${url.search}</body></html>`, {
          headers: { "Content-Type": "text/html; charset=utf-8", [QUERY_HEADER]: reads[url.pathname] ?? "" },
        }),
    });
    for (let i = 0; i < 200; i++) await t.get(`/?x=${Math.random().toString(36).slice(2)}&utm_source=${i}`);
    const home = await t.get("/");
    console.info(`page cache after 200 requests to /?x=<random>: ${t.cache.stats().entries} entries, ${t.renders.length} renders`);
    expect(t.cache.stats().entries).toBe(1);
    expect(t.renders).toHaveLength(1);
    expect(home.headers.get("x-page-cache")).toBe("hit");
    expect(home.headers.get(QUERY_HEADER), "the header is for the cache only").toBeNull();

    // A page that reads ?page and ?tab: those make different pages, anything else does not.
    await t.get("/events?page=2&x=1");
    const same = await t.get("/events?x=2&page=2");
    expect(same.headers.get("x-page-cache")).toBe("hit");
    expect(same.body).toContain("/events?page=2");
    expect((await t.get("/events?page=3")).headers.get("x-page-cache")).toBe("miss");
    expect((await t.get("/events?tab=music&page=3")).headers.get("x-page-cache")).toBe("miss");
    expect((await t.get("/events?page=3&tab=music&y=1")).headers.get("x-page-cache")).toBe("hit");
    expect(t.cache.stats().entries).toBe(4);
  });

  it("a toast cookie counts only when it is validly signed: a made-up one is served the stored page", async () => {
    const t = await setup({ cookieCounts: (name, value) => name !== "mcf_toast" || value === "signed" });
    await t.get("/about");
    const fake = await t.get("/about", { Cookie: "mcf_toast=made-up" });
    expect(fake.headers.get("x-page-cache")).toBe("hit");
    expect((await t.get("/about", { Cookie: "mcf_toast=signed" })).body).toBe("handled by the router");
    expect(t.renders).toEqual(["/about"]);
  });

  it("after a change, renders again in the background exactly the pages that show it; visitors get the stored page meanwhile, then the new one from the cache", async () => {
    const t = await setup();
    const pages = ["/", "/events", "/events/1", "/craft-fairs", "/about"];
    for (const path of pages) await t.get(path);
    t.setVersion(2);
    const release = t.hold();
    t.publish("events");
    // The next visitor is served at once from the cache (the previous version), not by a render of their own.
    const meanwhile = await t.get("/events/1");
    expect(meanwhile.headers.get("x-page-cache")).toBe("stale");
    expect(meanwhile.body).toContain("v1");
    release();
    await t.cache.settled();
    expect(t.renders.slice(pages.length).sort()).toEqual(["/", "/events", "/events/1"]);
    const after = Object.fromEntries(await Promise.all(pages.map(async (p) => [p, await t.get(p)] as const)));
    for (const p of pages) expect(after[p].headers.get("x-page-cache"), p).toBe("hit");
    expect(after["/"].body).toContain("v2");
    expect(after["/events"].body).toContain("v2");
    expect(after["/events/1"].body).toContain("v2");
    expect(after["/craft-fairs"].body).toContain("v1");
    expect(after["/about"].body).toContain("v1");
    expect(t.renders).toHaveLength(pages.length + 3);

    t.setVersion(3);
    t.publish("settings");
    await t.cache.settled();
    for (const p of ["/", "/events", "/craft-fairs", "/about"]) {
      const page = await t.get(p);
      expect(page.body, p).toContain("v3");
      expect(page.headers.get("x-page-cache"), p).toBe("hit");
    }
  });

  it("never serves a page that has been stale for longer than the max-stale setting: that visitor waits for the render under way", async () => {
    let release: () => void = () => {};
    let slow = false;
    const t = await setup({
      maxStaleMs: 5_000,
      respond: async (url) => {
        if (slow) await new Promise<void>((resolve) => (release = resolve));
        return new Response(`<html><body>${url.pathname} ${slow ? "new" : "old"}</body></html>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    await t.get("/about");
    slow = true;
    t.publish("settings");
    await new Promise((r) => setImmediate(r));
    expect(t.renders, "the background render has started").toHaveLength(2);
    t.advance(4_999);
    const within = await t.get("/about");
    expect(within.headers.get("x-page-cache")).toBe("stale");
    expect(within.body).toContain("old");
    t.advance(1);
    const waiting = t.get("/about");
    await new Promise((r) => setTimeout(r, 50));
    release();
    const late = await waiting;
    expect(late.body, "past the bound, never the old page").toContain("new");
    expect(late.headers.get("x-page-cache")).toBe("miss");
    expect(t.renders, "it waited for the background render, and did not start another").toHaveLength(2);
    expect((await t.get("/about")).headers.get("x-page-cache")).toBe("hit");
  });

  it("a busy editor makes one background render per page at a time, at most `refreshConcurrency` at once, and only of pages asked for recently", async () => {
    let inFlight = 0;
    let most = 0;
    let version = 1;
    const t = await setup({
      refreshConcurrency: 2,
      recentMs: 60_000,
      respond: async (url) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return new Response(`<html><body>${url.pathname} v${version}</body></html>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    await t.get("/old-page");
    t.advance(61_000);
    const pages = Array.from({ length: 6 }, (_, i) => `/page-${i}`);
    for (const p of pages) await t.get(p);
    const before = t.renders.length;
    // Forty saves in a burst.
    for (let i = 0; i < 40; i++) {
      version++;
      t.publish("events");
    }
    await t.cache.settled();
    const refreshed = t.renders.slice(before);
    expect(most).toBeLessThanOrEqual(2);
    expect(refreshed, "each page once, the most recently asked for first").toEqual([...pages].reverse());
    // A page nobody asked for within the minute is dropped, not rendered: its next visitor renders it.
    expect(refreshed).not.toContain("/old-page");
    for (const p of pages) expect((await t.get(p)).body).toContain(`v${version}`);
    expect((await t.get("/old-page")).headers.get("x-page-cache")).toBe("miss");
  });

  it("a background render is the page a fresh request would get: same request headers, body, headers, ETag and compressed forms", async () => {
    const seen: string[] = [];
    const t = await setup({
      respond: (url, request) => {
        seen.push(`${url.pathname} ${request.headers.get("accept-language")} ${request.headers.get("cookie")}`);
        return new Response("<html><body>same</body></html>", {
          headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'sha256-y'", "X-Frame-Options": "DENY" },
        });
      },
    });
    const first = await fetch(`${t.base}/about`, { headers: { "Accept-Language": "cy", "Accept-Encoding": "br", Cookie: "theme=dark" } });
    await first.arrayBuffer();
    t.publish("settings");
    await t.cache.settled();
    expect(seen, "rendered again with the headers of the render it replaces, never a cookie").toEqual(["/about cy null", "/about cy null"]);
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await fetch(`${t.base}/about`, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(response.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(await response.text()).toBe("<html><body>same</body></html>");
      expect(response.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(response.headers.get("last-modified"), "same bytes: the same date, so 304s go on").toBe(first.headers.get("last-modified"));
      expect(response.headers.get("content-security-policy")).toBe("script-src 'sha256-y'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("a background render that is no longer cacheable, or fails, drops the page: the next visitor gets it rendered for them", async () => {
    let mode: "ok" | "private" | "throw" = "ok";
    const t = await setup({
      respond: (url) => {
        if (mode === "throw") throw new Error("database down");
        return new Response(`<p>${url.pathname}</p>`, {
          headers: { "Content-Type": "text/html", ...(mode === "private" ? { "Cache-Control": "private, no-store" } : {}) },
        });
      },
    });
    await t.get("/a");
    await t.get("/b");
    mode = "private";
    t.publish("events");
    await t.cache.settled();
    expect(t.cache.stats().entries).toBe(0);
    expect((await t.get("/a")).headers.get("x-page-cache")).toBe("bypass");
    mode = "ok";
    await t.get("/b");
    mode = "throw";
    t.publish("events");
    await t.cache.settled();
    expect(t.cache.stats().entries).toBe(0);
  });

  it("drops a page for the topics its render declared, and for every topic when it declared none", async () => {
    const t = await setup();
    const about = await t.get("/about");
    expect(about.headers.get(TOPICS_HEADER), "the header is for the cache only").toBeNull();
    await t.get("/a-new-page");
    t.setVersion(2);
    t.publish("craft-fairs");
    expect((await t.get("/about")).body).toContain("v1");
    expect((await t.get("/a-new-page")).body).toContain("v2");
  });

  it("never stores or serves a page for a request with a session or flash cookie", async () => {
    const t = await setup();
    const staff = await t.get("/about", { Cookie: "mcf_session=abc" });
    expect(staff.body).toBe("handled by the router");
    expect(staff.headers.get("x-page-cache")).toBeNull();
    expect((await t.get("/about", { Cookie: "theme=dark; mcf_toast=xyz" })).body).toBe("handled by the router");
    expect((await t.get("/about")).headers.get("x-page-cache")).toBe("miss");
    // A cached page is not handed to staff either.
    expect((await t.get("/about", { Cookie: "mcf_session=abc" })).body).toBe("handled by the router");
  });

  it("leaves admin pages, data requests, event streams and other methods to the router", async () => {
    const t = await setup();
    for (const path of ["/admin", "/admin/dashboard", "/ADMIN/users", "/events.data"]) {
      expect((await t.get(path)).body, path).toBe("handled by the router");
    }
    expect((await t.get("/live", { Accept: "text/event-stream" })).body).toBe("handled by the router");
    expect((await fetch(`${t.base}/`, { method: "POST" })).status).toBe(200);
    expect(t.renders).toEqual([]);
  });

  it("does not keep responses that set cookies, are not HTML, or are not 200/404", async () => {
    const responses: Record<string, () => Response> = {
      "/cookie": () => new Response("<p>x</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
      "/xml": () => new Response("<urlset/>", { headers: { "Content-Type": "application/xml" } }),
      "/down": () => new Response("<p>maintenance</p>", { status: 503, headers: { "Content-Type": "text/html", "Retry-After": "3600" } }),
      "/private": () => new Response("<p>x</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "private" } }),
      "/missing": () => new Response("<p>not found</p>", { status: 404, headers: { "Content-Type": "text/html" } }),
    };
    const t = await setup({ respond: (url) => responses[url.pathname]() });
    for (const path of Object.keys(responses)) {
      await t.get(path);
      await t.get(path);
    }
    expect(t.renders.filter((p) => p === "/missing")).toHaveLength(1);
    for (const path of ["/cookie", "/xml", "/down", "/private"]) expect(t.renders.filter((p) => p === path), path).toHaveLength(2);
    const down = await t.get("/down");
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("3600");
  });

  it("answers If-None-Match and If-Modified-Since with 304", async () => {
    const t = await setup();
    const first = await t.get("/trustees");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect((await t.get("/trustees", { "If-None-Match": etag })).status).toBe(304);
    expect((await t.get("/trustees", { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
    expect((await t.get("/trustees", { "If-None-Match": '"other"' })).status).toBe(200);
    expect((await t.get("/trustees", { "If-Modified-Since": first.headers.get("last-modified")! })).status).toBe(304);
    expect((await t.get("/trustees", { "If-Modified-Since": new Date(0).toUTCString() })).status).toBe(200);
  });

  it("serves the brotli or gzip form the browser accepts", async () => {
    const t = await setup();
    const plain = await t.get("/about");
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${t.base}/about`, { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(await response.text()).toBe(plain.body);
    }
  });

  it("renders once for a crowd arriving together", async () => {
    const t = await setup();
    await Promise.all(Array.from({ length: 20 }, () => t.get("/events")));
    expect(t.renders).toEqual(["/events"]);
  });

  it("a page whose content changed while it was rendering is rendered again in the background", async () => {
    let publish: (topic: string) => void = () => {};
    let version = 0;
    const t = await setup({
      respond: async () => {
        version++;
        if (version === 1) publish("events");
        return new Response(`<p>rendered ${version}</p>`, { headers: { "Content-Type": "text/html" } });
      },
    });
    publish = t.publish;
    const first = await t.get("/events");
    expect(first.body).toBe("<p>rendered 1</p>");
    await t.cache.settled();
    const after = await t.get("/events");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(after.body).toBe("<p>rendered 2</p>");
    expect(t.renders).toHaveLength(2);
  });

  it("evicts the least recently used page beyond its size limit", async () => {
    const t = await setup({ maxEntries: 2 });
    await t.get("/a");
    await t.get("/b");
    await t.get("/a");
    await t.get("/c");
    expect(t.cache.stats().entries).toBe(2);
    await t.get("/a");
    await t.get("/b");
    expect(t.renders).toEqual(["/a", "/b", "/c", "/b"]);
  });

  it("after the time-to-live, serves the stored page once more while it renders again, keeping the ETag when the bytes are the same", async () => {
    const t = await setup({ ttlMs: 60_000, maxStaleMs: 10_000 });
    const first = await t.get("/about");
    t.advance(61_000);
    const stale = await t.get("/about");
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    await t.cache.settled();
    expect(t.renders).toEqual(["/about", "/about"]);
    const again = await t.get("/about");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("last-modified")).toBe(first.headers.get("last-modified"));
    // Asked for again only once the bound has passed since the end of its time-to-live: rendered for that visitor.
    t.advance(60_000 + 10_000);
    expect((await t.get("/about")).headers.get("x-page-cache")).toBe("miss");
  });
});

describe("compression of cached pages", () => {
  const big = `<html><body>${Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i} about Millbrook's community events.</p>`).join("")}</body></html>`;
  const brotliAt = (quality: number) =>
    zlib.brotliCompressSync(Buffer.from(big), {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(big),
      },
    });

  it("compresses a render at a fast level (a unique query string, or a page changed every second, costs no brotli 11), and the page at the best level once it is asked for again after 5 s", async () => {
    const t = await setup({ respond: () => new Response(big, { headers: { "Content-Type": "text/html; charset=utf-8" } }) });
    const raw = async (path: string) => {
      const response = await fetch(t.base + path, { headers: { "Accept-Encoding": "br" } });
      return Buffer.from(await response.arrayBuffer());
    };
    // fetch decodes brotli itself: compare the decoded page, and the stored forms by their size.
    expect((await raw("/events?utm=unique-1")).toString()).toBe(big);
    expect(t.cache.stats().best).toBe(0);
    const fastBytes = t.cache.stats().bytes;
    await raw("/events?utm=unique-1");
    await t.cache.settled();
    expect(t.cache.stats().best, "asked for again at once: still the fast forms").toBe(0);
    t.advance(5_000);
    await raw("/events?utm=unique-1");
    await t.cache.settled();
    expect(t.cache.stats().best).toBe(1);
    expect(t.cache.stats().bytes).toBeLessThan(fastBytes);
    // The stored forms, byte for byte in size: brotli 5 and gzip 6 first, brotli 11 and gzip 9 after.
    const key = `${t.base}/events?utm=unique-1`;
    const size = (br: number, gz: number) => Buffer.byteLength(big) + br + gz + key.length + 1024;
    expect(fastBytes).toBe(size(brotliAt(5).length, zlib.gzipSync(big, { level: 6 }).length));
    expect(t.cache.stats().bytes).toBe(size(brotliAt(11).length, zlib.gzipSync(big, { level: 9 }).length));
    // Rendered again with the same bytes (a change the page does not show): the best forms are kept, not redone.
    t.publish("events");
    await t.cache.settled();
    expect(t.renders).toHaveLength(2);
    expect(t.cache.stats().best).toBe(1);
    expect(t.cache.stats().bytes).toBe(size(brotliAt(11).length, zlib.gzipSync(big, { level: 9 }).length));
  });
});
