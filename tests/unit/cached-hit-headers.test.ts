import { createHash } from "node:crypto";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../app/lib/content-security-policy.server.ts";
import { TOPICS_HEADER } from "../../app/live/topics.ts";
import { cachedHitsFirst } from "../../server/cached-hits.ts";
import { createPageCache } from "../../server/page-cache.ts";
import { securityHeaders, securityHeaderSetter } from "../../server/security-headers.ts";

/**
 * A stored page's response head, header by header as it goes on the wire (names as
 * written, values, order), through the path that answers hits before Express: written out
 * here in full, so a change to how a hit is written cannot change what a visitor gets
 * (tests/unit/cached-hits.test.ts checks that the same hit through Express is the same).
 */
const STORED_AT = Date.UTC(2026, 10, 28, 9, 30, 15, 500);
const LAST_MODIFIED = "Sat, 28 Nov 2026 09:30:15 GMT";
const PAGE_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='";
const BASELINE_POLICY = contentSecurityPolicy({ dev: false });
const page = (path: string) => `<!doctype html><html><body>${path} ${"é".repeat(400)}</body></html>`;

let clock = STORED_AT;
const apply = securityHeaderSetter({ dev: false });
const cache = createPageCache({
  bypassCookies: ["mcf_session"],
  now: () => clock,
  render: async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/no-policy") return new Response(page(pathname), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_POLICY, [TOPICS_HEADER]: "events" });
    return new Response(page(pathname), { status: pathname === "/missing" ? 404 : 200, headers });
  },
});
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(securityHeaders(apply));
app.use(cache.hits);
app.use(cache.middleware);

let server: Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer(cachedHitsFirst(app, cache, apply));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  // Each page stored once (a miss, through Express).
  for (const path of ["/events/1", "/missing", "/no-policy"]) await send(path);
  await send("/events/1", { "x-forwarded-proto": "https" });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Sent {
  status: number;
  head: [string, string][];
  body: Buffer;
}

function send(target: string, headers: Record<string, string> = {}, method = "GET", to = port): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: to, path: target, method, headers: { host: "site.test", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const head: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) head.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, head, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const etagOf = (path: string) => `W/"${createHash("sha256").update(page(path)).digest("base64url").slice(0, 27)}"`;

/** The security headers every response starts with (server/security-headers.ts). */
const security = (https: boolean): [string, string][] => [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ...(https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
];

/** The page's own headers as the render gave them, then the cache's. */
const stored = (path: string, state = "hit"): [string, string][] => [
  ...(path === "/no-policy" ? [] : [["content-security-policy", PAGE_POLICY] as [string, string]]),
  ["content-type", "text/html; charset=utf-8"],
  ["ETag", etagOf(path)],
  ["Last-Modified", LAST_MODIFIED],
  ["Cache-Control", "no-cache"],
  ["Vary", "Accept-Encoding, Cookie"],
  ["X-Page-Cache", state],
];

/** What Node adds last (the date is checked apart: it changes by the second). */
const TAIL: [string, string][] = [
  ["Connection", "keep-alive"],
  ["Keep-Alive", "timeout=5"],
];

function withoutDate(sent: Sent): [string, string][] {
  const dates = sent.head.filter(([name]) => name === "Date");
  expect(dates).toHaveLength(1);
  expect(Math.abs(Date.parse(dates[0]![1]) - Date.now())).toBeLessThan(5_000);
  return sent.head.filter(([name]) => name !== "Date");
}

describe("a stored page's response head, before Express", () => {
  it.each([
    ["brotli", { "accept-encoding": "gzip, deflate, br, zstd" }, "br"],
    ["gzip only", { "accept-encoding": "gzip" }, "gzip"],
    ["brotli refused", { "accept-encoding": "br;q=0, gzip" }, "gzip"],
    ["no Accept-Encoding", {}, "identity"],
    ["nothing it can use", { "accept-encoding": "zstd, *;q=0" }, "identity"],
  ] as const)("%s: every header in order, and the body in that encoding", async (_name, headers, encoding) => {
    const sent = await send("/events/1", headers);
    const decode = encoding === "br" ? zlib.brotliDecompressSync : encoding === "gzip" ? zlib.gunzipSync : (b: Buffer) => b;
    expect(sent.status).toBe(200);
    expect(withoutDate(sent)).toEqual([
      ...security(false),
      ...stored("/events/1"),
      ...(encoding === "identity" ? [] : [["Content-Encoding", encoding]]),
      ["Content-Length", String(sent.body.length)],
      ...TAIL,
    ]);
    expect(decode(sent.body).toString()).toBe(page("/events/1"));
  });

  it("HEAD: the same head as a GET, and no body", async () => {
    const get = await send("/events/1", { "accept-encoding": "br" });
    const head = await send("/events/1", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(withoutDate(head)).toEqual(withoutDate(get));
    expect(head.body.length).toBe(0);
  });

  it("HTTPS through a trusted proxy: HSTS after the other security headers", async () => {
    const sent = await send("/events/1", { "accept-encoding": "br", "x-forwarded-proto": "https" });
    expect(withoutDate(sent)).toEqual([
      ...security(true),
      ...stored("/events/1"),
      ["Content-Encoding", "br"],
      ["Content-Length", String(sent.body.length)],
      ...TAIL,
    ]);
  });

  it.each([
    ["If-None-Match with its tag", { "if-none-match": etagOf("/events/1"), "accept-encoding": "br" }],
    ["If-None-Match among others, without W/", { "if-none-match": `"other", ${etagOf("/events/1").slice(2)}` }],
    ["If-None-Match: *", { "if-none-match": "*" }],
    ["If-Modified-Since its date", { "if-modified-since": LAST_MODIFIED }],
  ])("%s: 304 with no type, length or body", async (_name, headers) => {
    const sent = await send("/events/1", headers);
    expect(sent.status).toBe(304);
    expect(withoutDate(sent)).toEqual([...security(false), ...stored("/events/1").filter(([name]) => name !== "content-type"), ...TAIL]);
    expect(sent.body.length).toBe(0);
  });

  it.each([
    ["another tag", { "if-none-match": '"other"' }],
    ["an earlier date", { "if-modified-since": "Sat, 28 Nov 2026 09:30:14 GMT" }],
    ["a tag that does not match beats a date that does", { "if-none-match": '"other"', "if-modified-since": LAST_MODIFIED }],
  ])("a conditional request that does not match (%s) gets the page", async (_name, headers) => {
    const sent = await send("/events/1", headers);
    expect(sent.status).toBe(200);
    expect(sent.body.toString()).toBe(page("/events/1"));
  });

  it("a 404 page keeps its status", async () => {
    const sent = await send("/missing", { "accept-encoding": "gzip" });
    expect(sent.status).toBe(404);
    expect(withoutDate(sent)).toEqual([
      ...security(false),
      ...stored("/missing"),
      ["Content-Encoding", "gzip"],
      ["Content-Length", String(sent.body.length)],
      ...TAIL,
    ]);
  });

  it("a page without a policy of its own gets the baseline, last", async () => {
    const sent = await send("/no-policy");
    expect(withoutDate(sent)).toEqual([
      ...security(false),
      ...stored("/no-policy"),
      ["Content-Length", String(sent.body.length)],
      ["Content-Security-Policy", BASELINE_POLICY],
      ...TAIL,
    ]);
  });

  it("a header set before the hit (Connection: close while the server shuts down) stays first", async () => {
    // As server/start.ts does for every response once a shutdown has begun.
    const closing = http.createServer(cachedHitsFirst(app, cache, apply));
    closing.prependListener("request", (_req, res: http.ServerResponse) => res.setHeader("Connection", "close"));
    closing.listen(0, "127.0.0.1");
    await new Promise((resolve) => closing.once("listening", resolve));
    try {
      const sent = await send("/events/1", { "accept-encoding": "br" }, "GET", (closing.address() as AddressInfo).port);
      expect(sent.status).toBe(200);
      expect(withoutDate(sent)).toEqual([
        ["Connection", "close"],
        ...security(false),
        ...stored("/events/1"),
        ["Content-Encoding", "br"],
        ["Content-Length", String(sent.body.length)],
      ]);
    } finally {
      await new Promise((resolve) => closing.close(resolve));
    }
  });

  it("a page re-compressed at the best level is sent with its new length", async () => {
    const before = await send("/missing", { "accept-encoding": "br" });
    clock = STORED_AT + 6_000;
    try {
      // A hit on a page stored 5 s ago or more re-compresses it in the background.
      await send("/missing", { "accept-encoding": "br" });
      await cache.settled();
      const after = await send("/missing", { "accept-encoding": "br" });
      expect(after.body.length).toBeLessThan(before.body.length);
      expect(withoutDate(after)).toEqual([
        ...security(false),
        ...stored("/missing"),
        ["Content-Encoding", "br"],
        ["Content-Length", String(after.body.length)],
        ...TAIL,
      ]);
      expect(zlib.brotliDecompressSync(after.body).toString()).toBe(page("/missing"));
    } finally {
      clock = STORED_AT;
    }
  });

  it("a page past its time-to-live is served stale (and said so) while it is rendered again", async () => {
    clock = STORED_AT + 61_000;
    try {
      const sent = await send("/events/1", { "accept-encoding": "br" });
      expect(sent.status).toBe(200);
      expect(withoutDate(sent)).toEqual([
        ...security(false),
        ...stored("/events/1", "stale"),
        ["Content-Encoding", "br"],
        ["Content-Length", String(sent.body.length)],
        ...TAIL,
      ]);
      await cache.settled();
      // The same bytes again: the page keeps its date and tag.
      const again = await send("/events/1", { "accept-encoding": "br" });
      expect(withoutDate(again)).toEqual(withoutDate(sent).map(([name, value]) => [name, name === "X-Page-Cache" ? "hit" : value]));
    } finally {
      clock = STORED_AT;
    }
  });
});
