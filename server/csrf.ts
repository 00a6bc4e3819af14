import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

/** The origin a header names ("null" and garbage give null). */
function originOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Refuses cross-site requests that change data (CSRF). A POST, PUT, PATCH or DELETE must
 * name this site as its Origin (or, when a browser sends no Origin, its Referer); anything
 * else gets 403 before any route code runs. Same-origin form posts, with or without
 * JavaScript, carry this site's Origin in every current browser. `publicUrl` (PUBLIC_URL)
 * is accepted as well, for deployments behind a proxy that rewrites the Host header.
 */
export function refuseCrossSiteWrites(options: { publicUrl?: string } = {}) {
  const configured = originOf(options.publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const expected = `${req.protocol}://${req.get("host") ?? ""}`;
    const claimed = req.get("origin") !== undefined ? originOf(req.get("origin")) : originOf(req.get("referer"));
    const fetchSite = req.get("sec-fetch-site");
    const sameSite = claimed !== null && (claimed === expected || claimed === configured);
    if (!sameSite || fetchSite === "cross-site") {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  };
}
