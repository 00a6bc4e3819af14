/**
 * The Content-Security-Policy, in one place for the HTTP server (the baseline on every
 * response) and the document renderer (app/entry.server.tsx), which adds the SHA-256
 * hashes of the inline scripts of that very page. Hashes instead of a per-request nonce,
 * so that a rendered page and its header can be cached and served again unchanged
 * (docs/decisions/ on the page cache). Scripts: this origin plus those hashes only; no
 * 'unsafe-inline', no 'unsafe-eval'.
 */
import { createHash } from "node:crypto";

/**
 * Where a form post may lead besides this site: Stripe Checkout, when online payments are
 * configured (the donation form's post is answered with a redirect there, and browsers
 * check redirects of form posts against form-action). With STRIPE_API_HOST (the local
 * Stripe double) its checkout page is on that host.
 */
export function checkoutFormAction(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.STRIPE_SECRET_KEY?.trim() || !env.STRIPE_WEBHOOK_SECRET?.trim()) return null;
  const host = env.STRIPE_API_HOST?.trim();
  if (!host) return "https://checkout.stripe.com";
  const protocol = env.STRIPE_API_PROTOCOL?.trim() === "http" ? "http" : "https";
  const port = env.STRIPE_API_PORT?.trim();
  return `${protocol}://${host}${port ? `:${port}` : ""}`;
}

export function contentSecurityPolicy(options: { scriptHashes?: readonly string[]; dev?: boolean } = {}): string {
  const checkout = checkoutFormAction();
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
    checkout ? `form-action 'self' ${checkout}` : "form-action 'self'",
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
