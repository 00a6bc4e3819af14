/**
 * The Content-Security-Policy, in one place for the HTTP server (the baseline on every
 * response) and the document renderer (app/entry.server.tsx), which adds the SHA-256
 * hashes of the inline scripts of that very page. Hashes instead of a per-request nonce,
 * so that a rendered page and its header can be cached and served again unchanged
 * (docs/decisions/ on the page cache). Scripts: this origin plus those hashes only; no
 * 'unsafe-inline', no 'unsafe-eval'.
 */
import { createHash } from "node:crypto";

export function contentSecurityPolicy(options: { scriptHashes?: readonly string[]; dev?: boolean } = {}): string {
  const hashes = [...new Set(options.scriptHashes ?? [])].map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${options.dev ? "'self' ws: wss:" : "'self'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The bodies of the inline <script> elements of an HTML document (no src attribute). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${match[1]}`)) continue;
    scripts.push(match[2]);
  }
  return scripts;
}

/** CSP source expressions ("sha256-…") for the inline scripts of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map((body) => `sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
}
