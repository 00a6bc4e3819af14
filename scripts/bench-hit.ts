/**
 * `node scripts/bench-hit.ts`: the JavaScript a cached hit costs, from the response object
 * to `end`, in one process (no socket, no parser, no load generator): the CPU time (user
 * and system) of 20,000 hits, the best of 30 rounds, for each way a hit is written:
 *   - before Express (server/cached-hits.ts): one `writeHead` of a prepared head
 *     (docs/decisions/365);
 *   - through Express's middleware: the security headers, then a `setHeader` per header.
 * CPU time, not wall time, and the best round: on a busy machine the figures move little,
 * where `npm run bench`'s rates (and to a lesser degree its CPU per request) move a lot.
 * The page is a 12 KB stored page with a policy of two script hashes, asked for without
 * Accept-Encoding, as the bench's load runs ask.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import { Duplex } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { TOPICS_HEADER } from "../app/live/topics.ts";
import { createPageCache, type HitRequest } from "../server/page-cache.ts";
import { securityHeaderSetter } from "../server/security-headers.ts";

const HITS = 20_000;
const ROUNDS = 30;
const PATH = "/events/1";
const POLICY = `default-src 'self'; script-src 'self' 'sha256-${"a".repeat(43)}=' 'sha256-${"b".repeat(43)}='`;
const html = `<!doctype html><html><body>${"x".repeat(12_000)}</body></html>`;

const cache = createPageCache({
  bypassCookies: ["mcf_session"],
  render: async () => new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": POLICY, [TOPICS_HEADER]: "events" } }),
});
const security = securityHeaderSetter({ dev: false });

/** A socket that takes every write and drops it. */
class Sink extends Duplex {
  override _read() {}
  override _write(_chunk: Buffer, _encoding: string, done: () => void) {
    done();
  }
  override _writev(_chunks: unknown[], done: () => void) {
    done();
  }
}
const socket = new Sink() as unknown as Socket;
const headers: Record<string, string> = { host: "", "user-agent": "wrk", accept: "*/*" };

// The page stored by a miss, as a visitor's first request stores it.
const server = http.createServer((req, res) => {
  const request = Object.assign(req, { path: PATH, originalUrl: PATH, protocol: "http", ip: "127.0.0.1", secure: false });
  void cache.middleware(request as unknown as ExpressRequest, res as ExpressResponse, () => res.end());
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
headers.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
await fetch(`http://${headers.host}${PATH}`).then((response) => response.text());
server.close();

const hit: HitRequest = { method: "GET", path: PATH, originalUrl: PATH, protocol: "http", headers };
const WAYS = {
  "before Express: one writeHead of a prepared head": (res: http.ServerResponse) => cache.serveHit(hit, res, security.forHead(PATH, false)),
  "through Express's middleware: setHeader per header": (res: http.ServerResponse) => {
    security(res, PATH, false);
    return cache.serveHit(hit, res);
  },
};

function once(serve: (res: http.ServerResponse) => boolean) {
  const req = new http.IncomingMessage(socket);
  Object.assign(req, { method: "GET", url: PATH, headers });
  const res = new http.ServerResponse(req);
  res.shouldKeepAlive = true;
  res.assignSocket(socket);
  if (!serve(res)) throw new Error("the page was not served from the cache");
  res.detachSocket(socket);
}

const best = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, serve] of Object.entries(WAYS)) {
    const start = process.cpuUsage();
    for (let i = 0; i < HITS; i++) once(serve);
    await new Promise((resolve) => setImmediate(resolve));
    const used = process.cpuUsage(start);
    best.set(name, Math.min(best.get(name) ?? Infinity, (used.user + used.system) / HITS));
  }
}
console.log(`CPU time of a cached hit's JavaScript, best of ${ROUNDS} rounds of ${HITS.toLocaleString("en-GB")} (load average ${os.loadavg()[0].toFixed(1)}):`);
for (const [name, us] of best) console.log(`  ${name}: ${us.toFixed(2)} µs`);
