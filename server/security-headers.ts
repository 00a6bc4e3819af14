import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "../app/lib/content-security-policy.server.ts";
import { TOAST_COOKIE } from "../app/lib/toast.server.ts";
import { TOPICS_HEADER } from "../app/live/topics.ts";

/** Over HTTPS, the flash-toast cookie (set by many routes that do not know the scheme) is Secure. */
function secureToastCookies(res: ServerResponse) {
  const cookies = res.getHeader("Set-Cookie");
  if (cookies === undefined) return;
  const list = Array.isArray(cookies) ? cookies : [String(cookies)];
  const secured = list.map((cookie) => (cookie.startsWith(`${TOAST_COOKIE}=`) && !/;\s*Secure(;|$)/i.test(cookie) ? `${cookie}; Secure` : cookie));
  res.setHeader("Set-Cookie", secured);
}

/**
 * Security headers on every response. The Content-Security-Policy is enforced. Pages
 * rendered by React Router carry their own policy (app/entry.server.tsx: this origin
 * plus the SHA-256 hashes of the page's inline scripts, so cached pages stay valid);
 * every other response (static files, resources, redirects) gets the baseline, which
 * allows scripts from this origin only. Nothing is loaded from other hosts.
 * Just before the head is written, the page's content topics (for the page cache only)
 * are removed, and over HTTPS the toast cookie gets `Secure`.
 */
const DOOR_CHECK_IN = /^\/admin\/events\/\d+\/check-in$/;

/**
 * Sets the headers on one response: `path` is the request's path, `secure` whether it came
 * over HTTPS. Used by the middleware below and by the cached pages' path in front of
 * Express (server/cached-hits.ts), so both answer with the same headers.
 */
export type ApplySecurityHeaders = (res: ServerResponse, path: string, secure: boolean) => void;

export function securityHeaderSetter(options: { dev: boolean }): ApplySecurityHeaders {
  const baseline = contentSecurityPolicy({ dev: options.dev });
  return (res, path, secure) => {
    // Set just before the head is written, unless the response brought its own policy.
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", baseline);
      this.removeHeader(TOPICS_HEADER);
      if (secure) secureToastCookies(this);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    // The camera only for the door check-in screen, which can read a ticket's QR code with it.
    const camera = DOOR_CHECK_IN.test(path) ? "(self)" : "()";
    res.setHeader("Permissions-Policy", `camera=${camera}, microphone=(), geolocation=(), payment=()`);
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

export function securityHeaders(options: { dev: boolean } | ApplySecurityHeaders) {
  const apply = typeof options === "function" ? options : securityHeaderSetter(options);
  return (req: Request, res: Response, next: NextFunction) => {
    apply(res, req.path, req.secure);
    next();
  };
}
