/**
 * Page weight: what a page downloads, compressed (`npm run bench` reports it for every
 * public page; `npm run bench:weight` measures only this, on the existing build).
 *
 * The public pages weighed are every page in the sitemap, plus pages the sitemap leaves
 * out: the donation thank-you page, the manage-giving sign-in, the newsletter signup and
 * the 404 page. Scripts are the ones a page asks for (its module scripts and module
 * preloads, as the browser fetches them), with the body as the server sends it with
 * Accept-Encoding: br, gzip. The limits are the ones the browser tests hold pages to
 * (tests/e2e/public-scripts.spec.ts, tests/e2e/admin-scripts.spec.ts).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { decode, get, log, root, startServer, table } from "./bench-lib.ts";
import { StripeDouble } from "./stripe-double.ts";

/** Public pages: compressed JavaScript per page (docs/decisions/260). */
export const PUBLIC_JS_LIMIT = 120 * 1024;
/** Admin screens, with what they load on demand (docs/decisions/244, 260). */
export const ADMIN_JS_LIMIT = 250 * 1024;
/** Public pages: scripts per page. */
export const PUBLIC_SCRIPT_LIMIT = 7;
/**
 * What a new connection delivers in its first round trip (10 segments, docs/decisions/296):
 * a page's HTML at brotli 11 (as the page cache keeps sending it) with its response headers.
 */
export const FIRST_ROUND_TRIP = 14_600;
/** Public pages the sitemap does not list, weighed with it. */
export const PAGES_BESIDE_SITEMAP = ["/support/thank-you?session_id=cs_unknown", "/manage-giving", "/newsletter", "/no-such-page"];
/**
 * Pages that show more with online payments configured (the donation form on `/support`,
 * the order form of the sample content's event with paid tickets on `/events/3`): weighed
 * again on a server whose payments point at the Stripe double, as the Lighthouse bench
 * serves them, and listed as `<page> (payments on)`.
 */
export const PAGES_WITH_PAYMENTS = ["/support", "/events/3"];

export interface Weight {
  html: number;
  /** The HTML at brotli 11 and the response's head (status line and headers), in bytes. */
  firstTrip: number;
  /** Elements in the HTML and rule blocks in its inline CSS: what a render writes and a browser styles. */
  elements: number;
  cssBlocks: number;
  js: number;
  jsFiles: number;
  css: number;
  images: number;
  other: number;
  total: number;
  requests: number;
  encodings: string[];
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    attrs[m[1].toLowerCase()] = (m[3] ?? m[4] ?? m[5] ?? "").replaceAll("&amp;", "&");
  }
  return attrs;
}

function resourcesOf(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const images = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(m[1]);
    if (attrs.src) js.add(attrs.src);
    else for (const imp of m[2].matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?\(?\s*["']([^"']+)["']/g)) js.add(imp[1]);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    // A data URL (the site's icon) is part of the page, not a download of its own.
    if (!attrs.href || attrs.href.startsWith("data:")) continue;
    // Public pages write their module preloads inert until the first paint (app/lib/first-paint.server.ts).
    // And the public stylesheet, linked after the paint too.
    if (rel.includes("modulepreload") || rel.includes("x-after-paint")) js.add(attrs.href);
    else if (rel.includes("stylesheet") || rel.includes("x-after-paint-style")) css.add(attrs.href);
    else if (rel.includes("icon")) images.add(attrs.href);
    else if (rel.includes("preload") && attrs.as === "image") images.add(attrs.href);
  }
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    if (attrs.src) images.add(attrs.src);
  }
  return { js, css, images };
}

/** The scripts a script imports on demand (`import("./x.js")`) and what those import in turn. */
function importedScripts(code: string, from: string): string[] {
  const specifiers = [
    ...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"']+\.js)["'`]\s*\)/g),
    ...code.matchAll(/\bfrom\s*["'`](\.{1,2}\/[^"']+\.js)["'`]/g),
    ...code.matchAll(/\bimport\s*["'`](\.{1,2}\/[^"']+\.js)["'`]/g),
  ].map((m) => m[1]);
  return specifiers.map((specifier) => new URL(specifier, from).pathname);
}

/**
 * What a page downloads, compressed. With `onDemand`, scripts also count what they import
 * on demand (the admin screens' rich-text editor is loaded when the form mounts).
 */
export async function weigh(origin: string, page: string, options: { cookie?: string; onDemand?: boolean } = {}): Promise<Weight> {
  const accept = { "accept-encoding": "br, gzip", ...(options.cookie ? { cookie: options.cookie } : {}) };
  const doc = await get(origin + page, accept);
  const html = decode(doc).toString("utf8");
  const { js, css, images } = resourcesOf(html);
  const encodings = new Set<string>([`html:${doc.headers["content-encoding"] ?? "identity"}`]);
  const brotli11 = zlib.brotliCompressSync(Buffer.from(html), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const firstTrip = brotli11 + headBytes(doc.status, doc.headers);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  const elements = html.match(/<[a-zA-Z][\w-]*/g)?.length ?? 0;
  const cssBlocks = style.split("{").length - 1;
  const weight: Weight = { html: doc.body.length, firstTrip, elements, cssBlocks, js: 0, jsFiles: js.size, css: 0, images: 0, other: 0, total: doc.body.length, requests: 1, encodings: [] };
  const fetchAll = async (urls: Set<string>, kind: "js" | "css" | "images") => {
    for (const url of urls) {
      const address = new URL(url, origin + page).toString();
      const r = await get(address, accept);
      if (r.status !== 200) log(`  ${page}: ${url} answered ${r.status}`);
      if (kind === "js" && options.onDemand) {
        const before = urls.size;
        for (const imported of importedScripts(decode(r).toString("utf8"), address)) urls.add(imported);
        weight.jsFiles += urls.size - before;
      }
      weight[kind] += r.body.length;
      weight.total += r.body.length;
      weight.requests++;
      encodings.add(`${kind}:${r.headers["content-encoding"] ?? "identity"}`);
    }
  };
  await fetchAll(js, "js");
  await fetchAll(css, "css");
  await fetchAll(images, "images");
  weight.encodings = [...encodings];
  return weight;
}

/** The bytes of a response's head as sent over HTTP/1.1 (status line, header lines, blank line). */
function headBytes(status: number, headers: http.IncomingHttpHeaders): number {
  let bytes = `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ""}\r\n\r\n`.length;
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value ?? ""]) bytes += name.length + 2 + v.length + 2;
  }
  return bytes;
}

/** The public pages to weigh: the sitemap's, then PAGES_BESIDE_SITEMAP. */
export async function publicPagesToWeigh(origin: string): Promise<string[]> {
  const sitemap = decode(await get(`${origin}/sitemap.xml`, { "accept-encoding": "br, gzip" })).toString("utf8");
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replaceAll("&amp;", "&"));
    return url.pathname + url.search;
  });
  return [...new Set([...listed, ...PAGES_BESIDE_SITEMAP])];
}

/**
 * PAGES_WITH_PAYMENTS on a server of their own with online payments pointed at the Stripe
 * double (the same data directory: start it after any other server on it has stopped).
 */
export async function weighWithPayments(dataDir: string): Promise<Map<string, Weight>> {
  const weights = new Map<string, Weight>();
  const stripe = await new StripeDouble({ retry: false }).start();
  try {
    log("starting a server with payments on the Stripe double...");
    const server = await startServer(dataDir, stripe.env(), null);
    try {
      for (const page of PAGES_WITH_PAYMENTS) weights.set(`${page} (payments on)`, await weigh(server.origin, page));
    } finally {
      await server.stop();
    }
  } finally {
    await stripe.stop();
  }
  return weights;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pass = (ok: boolean) => (ok ? "✓" : "✗");

/** The page-weight table of the public pages (JavaScript against its limit, biggest first). */
export function publicWeightTable(weights: Map<string, Weight>): string {
  const rows = [...weights].sort(([, a], [, b]) => b.js - a.js);
  return table(
    ["Page", "HTML", `HTML br 11 + headers (≤${FIRST_ROUND_TRIP.toLocaleString("en-GB")} B)`, "Elements", "CSS blocks", `JS (≤${PUBLIC_JS_LIMIT / 1024} KB)`, `JS files (≤${PUBLIC_SCRIPT_LIMIT})`, "CSS", "Images", "Total (`/` ≤400 KB)", "Requests", "Encodings"],
    rows.map(([page, w]) => [
      `\`${page}\``,
      kb(w.html),
      `${w.firstTrip.toLocaleString("en-GB")} ${pass(w.firstTrip <= FIRST_ROUND_TRIP)}`,
      w.elements,
      w.cssBlocks,
      `${kb(w.js)} ${pass(w.js <= PUBLIC_JS_LIMIT)}`,
      `${w.jsFiles} ${pass(w.jsFiles <= PUBLIC_SCRIPT_LIMIT)}`,
      kb(w.css),
      kb(w.images),
      `${kb(w.total)}${page === "/" ? ` ${pass(w.total <= 400 * 1024)}` : ""}`,
      w.requests,
      w.encodings.join(", "),
    ]),
  );
}

/** `npm run bench:weight`: the public pages of the existing build on a fresh sample site. */
async function main() {
  if (!fs.existsSync(path.join(root, "build/node/main.js"))) throw new Error("no build: run npm run build first");
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-weight-"));
  fs.chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  log(`starting the server (database in ${dataDir})...`);
  const server = await startServer(dataDir, {}, null);
  try {
    const weights = new Map<string, Weight>();
    for (const page of await publicPagesToWeigh(server.origin)) weights.set(page, await weigh(server.origin, page));
    await server.stop();
    for (const [page, weight] of await weighWithPayments(dataDir)) weights.set(page, weight);
    console.log(publicWeightTable(weights));
    const over = [...weights].filter(([, w]) => w.js > PUBLIC_JS_LIMIT || w.jsFiles > PUBLIC_SCRIPT_LIMIT);
    if (over.length) {
      console.log(`\nOver the limits: ${over.map(([page]) => page).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
