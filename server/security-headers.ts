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
 * The security headers of a response written in one `writeHead` (a stored page, answered
 * before Express: server/cached-hits.ts): `first`, name, value, name, value …, go before
 * the response's own headers; a response without a Content-Security-Policy of its own gets
 * `baselinePolicy` after them. The same object for the same path kind and scheme.
 */
export interface HeadSecurityHeaders {
  readonly first: readonly string[];
  readonly baselinePolicy: string;
  /** Which of the four lists it is (0–3): a prepared head is kept under it. */
  readonly slot: number;
}

/**
 * Sets the headers on one response: `path` is the request's path, `secure` whether it came
 * over HTTPS. Used by the middleware below; `forHead` gives the same headers to the cached
 * pages' path in front of Express (server/cached-hits.ts), so both answer with the same.
 */
export type ApplySecurityHeaders = ((res: ServerResponse, path: string, secure: boolean) => void) & {
  forHead: (path: string, secure: boolean) => HeadSecurityHeaders;
};

export function securityHeaderSetter(options: { dev: boolean }): ApplySecurityHeaders {
  const baselinePolicy = contentSecurityPolicy({ dev: options.dev });
  /** Four lists (the camera or not, then HTTPS or not), made once, in the order they are set. */
  const lists: HeadSecurityHeaders[] = [];
  for (const camera of ["()", "(self)"]) {
    for (const secure of [false, true]) {
      const first = [
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        ["X-Frame-Options", "DENY"],
        ["Cross-Origin-Opener-Policy", "same-origin"],
        // The camera only for the door check-in screen, which can read a ticket's QR code with it.
        ["Permissions-Policy", `camera=${camera}, microphone=(), geolocation=(), payment=()`],
        ...(secure ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] : []),
      ].flat();
      lists.push(Object.freeze({ first: Object.freeze(first), baselinePolicy, slot: lists.length }));
    }
  }
  const forHead = (path: string, secure: boolean) => lists[(DOOR_CHECK_IN.test(path) ? 2 : 0) + (secure ? 1 : 0)]!;

  const apply = (res: ServerResponse, path: string, secure: boolean) => {
    // Set just before the head is written, unless the response brought its own policy.
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", baselinePolicy);
      this.removeHeader(TOPICS_HEADER);
      if (secure) secureToastCookies(this);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    const { first } = forHead(path, secure);
    for (let i = 0; i < first.length; i += 2) res.setHeader(first[i]!, first[i + 1]!);
  };
  return Object.assign(apply, { forHead });
}

export function securityHeaders(options: { dev: boolean } | ApplySecurityHeaders) {
  const apply = typeof options === "function" ? options : securityHeaderSetter(options);
  return (req: Request, res: Response, next: NextFunction) => {
    apply(res, req.path, req.secure);
    next();
  };
}
