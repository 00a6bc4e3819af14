/**
 * What the HTTP server accepts before any route code runs:
 *
 * - `trustProxySetting`: which proxies may name the client (X-Forwarded-For). TRUST_PROXY
 *   is a number of hops (1: the one proxy in front of the server; the default whenever
 *   TRUST_PROXY is set to anything that is not a list) or a comma-separated list of proxy
 *   addresses and subnets ("10.0.0.0/8, 192.168.1.2", or Express's "loopback",
 *   "uniquelocal"). Never `true`: with `true` the left-most address wins, and the client
 *   writes that one itself.
 * - `refuseUnknownMethods`: TRACE, CONNECT and other methods the site does not use get
 *   405 (the Fetch API refuses to build a Request for some of them).
 * - `limitRequestBodies`: one size limit for every request body (1 MB), a larger one only
 *   for the routes that declare it in their handle (app/lib/body-limits.ts), read from
 *   the route table by `bodyLimitsFromRoutes`. A declared Content-Length over the limit is
 *   answered 413 before a byte is read; a chunked body is counted as it streams and
 *   answered 413 as soon as it passes the limit.
 */
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { BODY_LIMITS, type BodyLimitHandle } from "../app/lib/body-limits.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The body limit of a request path, from the routes that declare one in their handle
 * (React Router's `.data` suffix, letter case and trailing slashes ignored).
 */
export function bodyLimitsFromRoutes(routes: ServerBuild["routes"]): (pathname: string) => number {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const declared: [RegExp, number][] = [];
  for (const [id, route] of Object.entries(routes)) {
    const limit = (route?.module.handle as BodyLimitHandle | undefined)?.bodyLimit;
    if (!limit) continue;
    const pattern = fullPath(id)
      .split("/")
      .filter(Boolean)
      .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/");
    declared.push([new RegExp(`^/${pattern}$`, "i"), limit]);
  }
  return (pathname) => {
    let path = pathname.replace(/\/{2,}/g, "/");
    if (path.endsWith("/_root.data")) path = path.slice(0, -"/_root.data".length) || "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    if (path.length > 1) path = path.replace(/\/+$/, "");
    return declared.find(([pattern]) => pattern.test(path))?.[1] ?? BODY_LIMITS.default;
  };
}

export function trustProxySetting(value: string | undefined): number | string[] | undefined {
  const text = value?.trim();
  if (!text || text === "0" || text.toLowerCase() === "false") return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(",").map((s) => s.trim()).filter(Boolean);
  // Anything that is neither a number nor an address list ("true", "yes"): one hop.
  return list.every((entry) => /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(entry) || ["loopback", "linklocal", "uniquelocal"].includes(entry))
    ? list
    : 1;
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function refuseUnknownMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED_METHODS.has(req.method)) return next();
  res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method not allowed.");
}

/** After a 413, at most this much more is read (and dropped), for at most this long. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 5_000;

/** The error a route reading an oversize body gets (already answered 413: not logged as a failure). */
const PAYLOAD_TOO_LARGE = "PayloadTooLargeError";
function payloadTooLarge() {
  const error = new Error("request body over the limit");
  error.name = PAYLOAD_TOO_LARGE;
  return error;
}

/**
 * Answers 413. `close`: the body is not read at all (declared far too large), so the
 * connection is closed after the answer; otherwise the rest of the body is drained.
 */
function tooLarge(res: Response, close: boolean) {
  if (res.headersSent) return;
  if (close) res.set("Connection", "close");
  res.status(413).type("text/plain").send("The request is too large.");
}

/**
 * Reads and drops the rest of a refused body rather than leaving it unread: closing a
 * connection with unread data resets it, and the client would lose the 413. A client
 * still sending after DRAIN_MS is cut off.
 */
function dropTheRest(req: Request) {
  req.resume();
  setTimeout(() => req.destroy(), DRAIN_MS).unref();
}

export function limitRequestBodies(limitFor: () => Promise<(pathname: string) => number>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = (await limitFor())(req.path);
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) {
      // The route never runs. A body within the drain allowance is read and dropped, so
      // the client gets the answer (closing a connection with unread data resets it); a
      // larger one is not read at all: the connection is closed after the answer.
      const drain = declared <= limit + DRAIN_BYTES;
      tooLarge(res, !drain);
      if (drain) dropTheRest(req);
      return;
    }
    // Counted as it streams (chunked bodies have no length). The listener is added while
    // the stream is paused, so it sees the chunks the route reads and does not start the
    // flow itself.
    let received = 0;
    req.pause();
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      if (received - chunk.length <= limit) refuse();
      // Discarded from here; a client that goes on sending is cut off after a while.
      if (received > limit + DRAIN_BYTES) {
        req.off("data", count);
        req.destroy();
      }
    };
    const refuse = () => {
      // The route reading the body gets an error and keeps nothing more (its stream stops).
      if (req.listenerCount("error") > 0) req.emit("error", payloadTooLarge());
      tooLarge(res, false);
      dropTheRest(req);
    };
    req.on("data", count);
    next();
  };
}
