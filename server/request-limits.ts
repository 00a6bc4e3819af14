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
 *   for the routes that take uploads. A declared Content-Length over the limit is answered
 *   413 before a byte is read; a chunked body is counted as it streams and answered 413
 *   as soon as it passes the limit.
 */
import type { NextFunction, Request, Response } from "express";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Admin content forms with one image (10 MB) and their fields. */
export const IMAGE_FORM_BODY_LIMIT = 11 * 1024 * 1024;
/** Public forms with up to five 5 MB photos and their fields. */
export const PUBLIC_FORM_BODY_LIMIT = 27 * 1024 * 1024;

/** The upload routes and their limits; every other path gets DEFAULT_BODY_LIMIT. */
const UPLOAD_ROUTES: [RegExp, number][] = [
  [/^\/admin\/(events|craft-fairs)\/(new|edit\/[^/]+)$/, IMAGE_FORM_BODY_LIMIT],
  [/^\/admin\/settings\/images$/, IMAGE_FORM_BODY_LIMIT],
  [/^\/(support|craft-fairs|awards)$/, PUBLIC_FORM_BODY_LIMIT],
];

/** The body limit of a request path (React Router's `.data` suffix and trailing slashes ignored). */
export function bodyLimitFor(pathname: string): number {
  let path = pathname.toLowerCase().replace(/\/{2,}/g, "/");
  if (path.endsWith("/_root.data")) path = path.slice(0, -"/_root.data".length) || "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return UPLOAD_ROUTES.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_BODY_LIMIT;
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

function tooLarge(res: Response) {
  if (res.headersSent) return;
  res.status(413).set("Connection", "close").type("text/plain").send("The request is too large.");
}

export function limitRequestBodies(limitFor: (pathname: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req.path);
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) {
      // Nothing of the body is read: the connection is closed after the answer.
      tooLarge(res);
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
      req.off("data", count);
      req.pause();
      tooLarge(res);
      // The route reading the body gets an error, and no more data is read.
      res.once("finish", () => req.destroy(new Error("request body over the limit")));
    };
    req.on("data", count);
    next();
  };
}
