import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Security headers on every response. The Content-Security-Policy is enforced and
 * allows scripts only from this origin plus the nonce of this response (React
 * Router's inline hydration scripts carry it); nothing is loaded from other hosts.
 */
export function securityHeaders(options: { dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const connect = options.dev ? "'self' ws: wss:" : "'self'";
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src ${connect}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ];
    res.setHeader("Content-Security-Policy", csp.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
