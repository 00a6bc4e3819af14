import http, { type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cachedHitsFirst } from "../../server/cached-hits.ts";
import { createPageCache } from "../../server/page-cache.ts";
import { securityHeaders, securityHeaderSetter } from "../../server/security-headers.ts";
import { TOPICS_HEADER } from "../../app/live/topics.ts";

/**
 * The front of the server as server/app.ts builds it (security headers, then stored pages,
 * then the rest), served twice: by Express alone, and with the path that answers stored
 * pages before Express. A stored page must come out byte for byte the same from both.
 */
const apply = securityHeaderSetter({ dev: false });
const cache = createPageCache({
  bypassCookies: ["mcf_session"],
  render: async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/no-policy") return new Response("<p>no policy of its own</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'sha256-abc='",
      [TOPICS_HEADER]: "events",
    });
    const status = url.pathname === "/missing" ? 404 : 200;
    return new Response(`<!doctype html><html><body>${url.pathname}${url.search} ${"é".repeat(400)}</body></html>`, { status, headers });
  },
});
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(securityHeaders(apply));
app.use(cache.hits);
app.use(cache.middleware);
app.use((_req, res) => res.status(200).send("rendered by the router"));

// Express hands every request it is given to `app.handle`: counting its calls tells which path answered.
const handled = vi.spyOn(app as unknown as { handle: (...args: unknown[]) => void }, "handle");
let viaExpress: Server;
let viaFront: Server;

const listen = async (server: Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
};
let expressPort = 0;
let frontPort = 0;

beforeAll(async () => {
  viaExpress = http.createServer(app);
  viaFront = http.createServer(cachedHitsFirst(app, cache, apply));
  expressPort = await listen(viaExpress);
  frontPort = await listen(viaFront);
});
afterAll(async () => {
  await Promise.all([viaExpress, viaFront].map((s) => new Promise((resolve) => s.close(resolve))));
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The response as sent (not decompressed). */
function raw(port: number, target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method, headers: { host: "site.test", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers in the order sent, without the date (which changes by the second). */
function headerList(response: Raw): [string, string | string[] | undefined][] {
  return Object.entries(response.headers).filter(([name]) => name !== "date");
}

const VARIANTS: [string, string, Record<string, string>, string?][] = [
  ["no Accept-Encoding", "/events/1", {}],
  ["brotli", "/events/1", { "accept-encoding": "gzip, deflate, br, zstd" }],
  ["gzip only", "/events/1", { "accept-encoding": "gzip" }],
  ["brotli refused", "/events/1", { "accept-encoding": "br;q=0, gzip" }],
  ["a query string", "/events/1?from=news", { "accept-encoding": "br" }],
  ["HTTPS through the proxy (HSTS)", "/events/1", { "accept-encoding": "br", "x-forwarded-proto": "https" }],
  ["HEAD", "/events/1", { "accept-encoding": "br" }, "HEAD"],
  ["a 404 page", "/missing", { "accept-encoding": "br" }],
  ["a page without its own policy (the baseline is added)", "/no-policy", {}],
  ["a cookie that is not a session", "/events/1", { cookie: "theme=dark" }],
];

describe("stored pages answered before Express", () => {
  it.each(VARIANTS)("a hit is the same status, headers and bytes through Express and before it: %s", async (_name, target, headers, method) => {
    await raw(expressPort, target, headers); // stores the page
    const before = handled.mock.calls.length;
    const front = await raw(frontPort, target, headers, method);
    expect(handled.mock.calls.length, "Express was not asked").toBe(before);
    const plain = await raw(expressPort, target, headers, method);
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(front.status).toBe(plain.status);
    expect(headerList(front)).toEqual(headerList(plain));
    expect(front.body.equals(plain.body)).toBe(true);
  });

  it("answers a conditional request with the same 304", async () => {
    const first = await raw(frontPort, "/events/1", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    const front = await raw(frontPort, "/events/1", { "if-none-match": etag });
    const plain = await raw(expressPort, "/events/1", { "if-none-match": etag });
    expect(front.status).toBe(304);
    expect(headerList(front)).toEqual(headerList(plain));
    expect(front.body.length).toBe(0);
  });

  it("leaves everything else to Express: a session, a miss, another method, the admin area", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/events/1", { cookie: "mcf_session=abc" }, "GET"],
      ["/never-asked-before", {}, "GET"],
      ["/events/1", {}, "POST"],
      ["/admin/events", {}, "GET"],
      ["//events/1", {}, "GET"],
    ];
    for (const [target, headers, method] of cases) {
      const before = handled.mock.calls.length;
      const front = await raw(frontPort, target, headers, method);
      expect(handled.mock.calls.length, `${method} ${target} went to Express`).toBe(before + 1);
      expect(front.headers["x-content-type-options"]).toBe("nosniff");
      expect(front.headers["x-page-cache"]).not.toBe("hit");
    }
  });
});
