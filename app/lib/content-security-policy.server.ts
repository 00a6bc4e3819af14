/**
 * The Content-Security-Policy, in one place for the HTTP server (the baseline on every
 * response) and the document renderer (app/entry.server.tsx), which adds the SHA-256
 * hashes of the inline scripts the app itself wrote into that very page (never of
 * whatever script the HTML happens to contain). Hashes instead of a per-request nonce,
 * so that a rendered page and its header can be cached and served again unchanged
 * (docs/decisions/ on the page cache). Scripts: this origin plus those hashes only; no
 * 'unsafe-inline', no 'unsafe-eval'.
 */
import { createHash, randomUUID } from "node:crypto";

/**
 * Where a form post may lead besides this site: Stripe Checkout, when online payments are
 * configured (the donation form's post is answered with a redirect there, and browsers
 * check redirects of form posts against form-action). With STRIPE_API_HOST (the local
 * Stripe double) its checkout page is on that host.
 */
import { config, type AppConfig } from "./config.server.ts";

function checkoutFormAction(env: AppConfig = config()): string | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const host = env.STRIPE_API_HOST;
  if (!host) return "https://checkout.stripe.com";
  const protocol = env.STRIPE_API_PROTOCOL === "http" ? "http" : "https";
  const port = env.STRIPE_API_PORT;
  return `${protocol}://${host}${port ? `:${port}` : ""}`;
}

/** Where uploaded images are fetched from besides this site: the origin of S3_PUBLIC_BASE_URL, when set. */
function imageOrigin(env: AppConfig = config()): string | null {
  const base = env.s3?.publicBaseUrl;
  return base ? new URL(base).origin : null;
}

export function contentSecurityPolicy(
  options: { scriptHashes?: readonly string[]; styleHashes?: readonly string[]; dev?: boolean } = {},
): string {
  const checkout = checkoutFormAction();
  const images = imageOrigin();
  const hashes = [...new Set(options.scriptHashes ?? [])].map((h) => `'${h}'`);
  const styleHashes = [...new Set(options.styleHashes ?? [])].map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // A public page with its CSS inline (app/lib/first-paint.server.ts): <style> elements
    // only by that hash; style attributes (React's style props) stay allowed. Browsers
    // without these two directives use style-src above.
    ...(styleHashes.length ? [["style-src-elem 'self'", ...styleHashes].join(" "), "style-src-attr 'unsafe-inline'"] : []),
    images ? `img-src 'self' data: blob: ${images}` : "img-src 'self' data: blob:",
    // Fonts and fetches are this site's only through default-src (no directive of their own
    // needed: every page's header is sent in its first round trip); the development server
    // also opens its hot-reload socket.
    ...(options.dev ? ["connect-src 'self' ws: wss:"] : []),
    "object-src 'none'",
    "base-uri 'self'",
    checkout ? `form-action 'self' ${checkout}` : "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A random mark for the scripts of one render (see `ownInlineScripts`). */
export function newScriptMark(): string {
  return randomUUID();
}

/**
 * The app's own inline scripts in a rendered document, and the document without their
 * mark. The renderer gives React Router a random mark for this render only (its `nonce`
 * prop, which React Router puts on every inline script it writes: hydration data,
 * module imports, scroll restoration); a script without it is not the app's (an
 * injection), and is neither hashed nor allowed. The mark is then taken out of the
 * document, so the policy names the scripts by hash alone and the page can be cached.
 *
 * With `join`, the app's classic scripts (no `type`) run as one: their texts, in document
 * order, go into the last of them and the others are left empty (an empty script runs
 * nothing and needs no hash; the element stays for React to hydrate). They are all at the
 * end of the body, so nothing runs in between but the page's parsing; the policy then
 * names one script instead of five or six (each hash is 54 bytes of every page's header).
 * Module scripts keep their own text and hash.
 */
export function ownInlineScripts(html: string, mark: string, options: { join?: boolean } = {}): { scripts: string[]; html: string } {
  const scripts: string[] = [];
  const marked = ` nonce="${mark}"`;
  // Only the renderer writes the mark (it is random per render), so looking for it alone
  // finds every tag of the app's; the rest of the page is copied as it is.
  const parts: string[] = [];
  // The classic scripts to join: where each one's text is in `parts` (index), and the text.
  const classic: { part: number; body: string }[] = [];
  let from = 0;
  for (let at = html.indexOf(marked); at !== -1; at = html.indexOf(marked, from)) {
    parts.push(html.slice(from, at));
    from = at + marked.length;
    const tagStart = html.lastIndexOf("<", at);
    const tagEnd = html.indexOf(">", from);
    if (tagEnd === -1 || !/^<script\b/i.test(html.slice(tagStart, tagStart + 8))) continue;
    const attributes = ` ${html.slice(tagStart + 7, tagEnd)}`;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const close = /<\/script\s*>/gi;
    close.lastIndex = tagEnd + 1;
    const end = close.exec(html);
    if (!end) continue;
    const body = html.slice(tagEnd + 1, end.index);
    if (options.join && !/\stype\s*=/i.test(attributes)) {
      // The tag's rest up to its text, then a place for the text, then on from its end.
      parts.push(html.slice(from, tagEnd + 1));
      classic.push({ part: parts.length, body });
      parts.push("");
      from = end.index;
    } else {
      scripts.push(body);
    }
  }
  parts.push(html.slice(from));
  if (classic.length > 0) {
    // A line break first, so that a text ending in a line comment cannot hide the ";".
    const joined = classic.map((c) => c.body).join("\n;");
    parts[classic[classic.length - 1].part] = joined;
    scripts.push(joined);
  }
  return { scripts, html: parts.join("") };
}

/**
 * Hashes of short scripts already seen: most of a page's inline scripts are the same on
 * every render (scroll restoration, the module imports of a route, the script starter),
 * and hashing them was about 1% of a render. The page's data script, longer and
 * different on each page, is hashed every time. Bounded: emptied when full.
 */
const knownHashes = new Map<string, string>();
const KNOWN_HASHES_MAX = 256;
const REMEMBERED_SCRIPT_MAX = 1024;

function scriptHash(body: string): string {
  const known = knownHashes.get(body);
  if (known) return known;
  const hash = `sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`;
  if (body.length <= REMEMBERED_SCRIPT_MAX) {
    if (knownHashes.size >= KNOWN_HASHES_MAX) knownHashes.clear();
    knownHashes.set(body, hash);
  }
  return hash;
}

/** CSP source expressions ("sha256-…") for script bodies. */
export function scriptHashes(scripts: readonly string[]): string[] {
  return scripts.map(scriptHash);
}
