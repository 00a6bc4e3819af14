/**
 * Stored pages answered before Express (docs/decisions/265).
 *
 * A hit on the page cache needs nothing Express does for other requests, but Express
 * still costs most of a hit's time: it swaps the prototypes of the request and response
 * objects and walks its router. The listener made here answers a hit from the bare
 * request with the same two steps the application's first middleware take (the security
 * headers, then `cache.serveHit`), and hands every other request to the application. A
 * hit's whole head (security headers first) is prepared once and written in one
 * `writeHead` (docs/decisions/365).
 * Only requests whose target is a plain path (as Express's URL parser reads it without
 * its slow path) are looked at; anything else goes to Express, which answers hits too.
 * tests/unit/cached-hits.test.ts compares a hit's status, headers and bytes through both;
 * tests/unit/cached-hit-headers.test.ts writes a hit's head out in full.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Express } from "express";
import type { HitRequest } from "./page-cache.ts";
import type { ApplySecurityHeaders, HeadSecurityHeaders } from "./security-headers.ts";

interface Cache {
  serveHit: (req: HitRequest, res: ServerResponse, security?: HeadSecurityHeaders) => boolean;
}

/** Targets Express reads with its fast parser: an origin-form path with none of the characters that send it to the full one. */
const PLAIN_TARGET = /^\/(?!\/)[^\t\n\f\r #\u00a0\ufeff]*$/;

export function cachedHitsFirst(app: Express, cache: Cache, applySecurityHeaders: ApplySecurityHeaders): RequestListener {
  // Express compiles the trust proxy setting into this function when it is set.
  const trusted = () => app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;

  /** As Express reads `req.protocol`: the socket's, or X-Forwarded-Proto's first value from a trusted proxy. */
  function protocolOf(req: IncomingMessage): string {
    const proto = (req.socket as TLSSocket).encrypted ? "https" : "http";
    if (!trusted()(req.socket.remoteAddress, 0)) return proto;
    const forwarded = req.headers["x-forwarded-proto"];
    const header = (typeof forwarded === "string" && forwarded) || proto;
    const index = header.indexOf(",");
    return index !== -1 ? header.substring(0, index).trim() : header.trim();
  }

  return (req, res) => {
    const target = req.url ?? "";
    if ((req.method === "GET" || req.method === "HEAD") && PLAIN_TARGET.test(target)) {
      const query = target.indexOf("?");
      const path = query === -1 ? target : target.slice(0, query);
      const protocol = protocolOf(req);
      const hit: HitRequest = { method: req.method, path, originalUrl: target, protocol, headers: req.headers };
      // The headers Express's first middleware sets, written before the page's own in one head.
      if (cache.serveHit(hit, res, applySecurityHeaders.forHead(path, protocol === "https"))) return;
    }
    app(req, res);
  };
}
