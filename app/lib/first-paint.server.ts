/**
 * What a public page's first paint waits for (docs/decisions/132): only its own HTML.
 *
 * - The part of the public pages' stylesheet (`build/critical.css`, written after the
 *   client build by scripts/critical-css.ts) that this page's classes use goes into its
 *   head as a `<style>`; public pages link no stylesheet before they have painted
 *   (app/root.tsx links the whole one on staff screens only), so the first paint waits for
 *   no other request and no font face is added after it. Only the page's own rules: with
 *   the whole public stylesheet inline (about 9 KB compressed) a page took more than the
 *   first round trip of a new connection (about 14 KB). Hover rules and the reset's rules
 *   for input types the page lacks wait for the linked stylesheet (docs/decisions/381).
 * - The scripts start loading after the first paint: React Router's module script (which
 *   imports the route modules and starts hydration) and its script preloads are written
 *   inert (`type="x-after-paint"`, `rel="x-after-paint"`), and a small script of ours
 *   brings them to life once the browser reports the first paint. Until then they neither
 *   compete with the page's own bytes, heading font and images on a slow line nor hold
 *   the main thread before the paint (hydration).
 *
 * - React Router's scroll restoration script (`<ScrollRestoration />`, run while the page is
 *   parsed) is swapped for one that does the same without reading sessionStorage on a new
 *   history entry, whose key it has just made up and can have nothing stored: Chromium's
 *   first sessionStorage read waits for the browser process, up to 40 ms before the
 *   first paint (docs/decisions/146).
 *
 * - Of the font faces, only the subsets that draw some character of the page (by their
 *   unicode-range): the heading font's other alphabets stay in the whole stylesheet.
 *
 * The CSS file is read and split once; the Content-Security-Policy allows the page's
 * `<style>` and the starting script by their hashes. An injected element made to look
 * inert the same way gains nothing: its text has no hash in the policy, so the browser
 * refuses to run it once re-created, and a preload fetches nothing but this site's files.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { compileCss, cssForPage, PUBLIC_SHEET, type CompiledCss } from "./critical-css.ts";
import { projectRoot } from "./project-root.server.ts";

/** The public pages' stylesheet, ready to be cut down for each page. */
export interface CriticalCss {
  compiled: CompiledCss;
  /** The address of the same rules as one file, linked once the page has painted (null: none). */
  href: string | null;
}

/** The build writes it (`npm run build`); a public page has no other style, so none without it. */
function readCriticalCss(): CriticalCss {
  const file = path.join(projectRoot, "build/critical.css");
  const css = fs.readFileSync(file, "utf8");
  // Tailwind never writes one, but a `</style` would end the element early.
  if (!css || /<\/style/i.test(css)) throw new Error(`${file} is empty or holds "</style"`);
  const assets = path.join(projectRoot, "build/client/assets");
  const sheet = fs.readdirSync(assets).find((name) => PUBLIC_SHEET.test(name));
  return { compiled: compileCss(css), href: sheet ? `/assets/${sheet}` : null };
}

/** A page's `<style>` element, UTF-8 encoded, and its CSP source expression ("sha256-…"). */
interface StyleTag {
  tag: Uint8Array;
  hash: string;
}

/**
 * The `<style>` elements made lately, by their CSS: pages of one kind use the same classes,
 * so most renders send bytes encoded and hashed before.
 */
const styleTags = new Map<string, StyleTag>();
const STYLE_TAGS_KEPT = 200;

function styleTag(css: string): StyleTag {
  let made = styleTags.get(css);
  if (!made) {
    made = { tag: Buffer.from(`<style>${css}</style>`, "utf8"), hash: `sha256-${createHash("sha256").update(css, "utf8").digest("base64")}` };
    if (styleTags.size >= STYLE_TAGS_KEPT) styleTags.delete(styleTags.keys().next().value!);
    styleTags.set(css, made);
  }
  return made;
}

/**
 * Starts the scripts once the browser reports the first paint as shown (Paint Timing; a
 * frame and a timer where it is missing), or after 3 s whatever happens (a page opened in
 * a background tab paints only when shown). The module script is re-created, as a script
 * element only runs when inserted (the policy allows its text by hash, as before).
 */
const AFTER_PAINT_SCRIPT = [
  "(()=>{let started=false;const start=()=>{if(started)return;started=true;",
  'for(const l of document.querySelectorAll("link[rel=x-after-paint]")){const p=document.createElement("link");p.rel="modulepreload";p.href=l.href;document.head.append(p)}',
  'for(const l of document.querySelectorAll("link[rel=x-after-paint-style]"))l.rel="stylesheet";',
  'for(const s of document.querySelectorAll("script[type=x-after-paint]")){const m=document.createElement("script");m.type="module";m.textContent=s.textContent;s.replaceWith(m)}};',
  'if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver(start).observe({type:"paint",buffered:true});',
  "else requestAnimationFrame(()=>setTimeout(start));setTimeout(start,3000)})()",
].join("");
const AFTER_PAINT_HASH = `sha256-${createHash("sha256").update(AFTER_PAINT_SCRIPT, "utf8").digest("base64")}`;

let loaded: CriticalCss | undefined;

function criticalCss(): CriticalCss {
  loaded ??= readCriticalCss();
  return loaded;
}

/**
 * The page's style attributes, which may name the theme's variables: the values
 * /\sstyle="([^"]*)"/g finds, joined by ";". Found by their `yle="` (a rarer first letter
 * than "s" makes the search several times faster than the expression's or `style="`'s).
 */
function inlineStyles(html: string): string {
  const values: string[] = [];
  for (let at = html.indexOf('yle="'); at >= 0; at = html.indexOf('yle="', at + 1)) {
    if (at < 3 || html[at - 2] !== "s" || html[at - 1] !== "t" || !/\s/.test(html[at - 3])) continue;
    const end = html.indexOf('"', at + 5);
    if (end < 0) break;
    values.push(html.slice(at + 5, end));
    at = end;
  }
  return values.join(";");
}

const MODULE_SCRIPT = '<script type="module" async="">';

/**
 * A rendered public page as it is sent: the CSS it uses inline at the end of the head, its
 * scripts started after the first paint, and with them the whole public stylesheet (the
 * pages a visitor goes on to are rendered in the browser, and may use classes this one does
 * not); and what its Content-Security-Policy must allow besides React Router's inline
 * scripts (the `<style>`, the script that starts the others). The scripts are left as they
 * are if the page does not have React Router's one module script, and then no stylesheet
 * is linked. The page comes back in three pieces, to be sent one after the other: the HTML
 * up to the end of the head, the `<style>` element (bytes shared with other pages that use
 * the same classes) and the rest. Given the render's script mark, the starting script
 * carries it like React Router's own, for `ownInlineScripts` to hash (and join) with them.
 */
export function forFirstPaint(
  html: string,
  critical: CriticalCss = criticalCss(),
  mark?: string,
): { chunks: (string | Uint8Array)[]; styleHashes: string[]; scriptHashes: string[] } {
  if (html.indexOf("</head>") < 0) return { chunks: [html], styleHashes: [], scriptHashes: [] };
  const nonce = mark ? ` nonce="${mark}"` : "";
  // React writes the mark before the type (React Router spreads its props first).
  const moduleTag = mark ? MODULE_SCRIPT.replace("<script", `<script${nonce}`) : MODULE_SCRIPT;
  const moduleScript = html.indexOf(moduleTag);
  const bodyEnd = html.lastIndexOf("</body>");
  const started = !(moduleScript < 0 || html.indexOf(moduleTag, moduleScript + 1) >= 0 || bodyEnd < moduleScript);
  // A browser that runs no scripts links the whole stylesheet from a <noscript> at the end of
  // the body, once the page has painted, for the rules the inline CSS leaves to it (hover
  // rules, docs/decisions/381).
  const noscript = critical.href ? `<noscript><link rel="stylesheet" href="${critical.href}"/></noscript>` : "";
  const page = started
    ? (html.slice(0, bodyEnd) + noscript + `<script${nonce}>${AFTER_PAINT_SCRIPT}</script>` + html.slice(bodyEnd))
        .replaceAll('<link rel="modulepreload"', '<link rel="x-after-paint"')
        .replace(moduleTag, `<script type="x-after-paint"${nonce}>`)
    : html;
  const headEnd = page.indexOf("</head>");
  const style = styleTag(cssForPage(critical.compiled, page, inlineStyles(page)));
  // After the <style>, so that its rules, the same in the same order, decide as in the whole sheet.
  const late = started && critical.href ? `<link rel="x-after-paint-style" href="${critical.href}"/>` : "";
  return {
    chunks: [page.slice(0, headEnd), style.tag, late + page.slice(headEnd)],
    styleHashes: [style.hash],
    scriptHashes: started && !mark ? [AFTER_PAINT_HASH] : [],
  };
}

/**
 * React Router's scroll restoration script, as `<ScrollRestoration />` writes it without
 * `getKey` or `storageKey`: it gives a new history entry a random key, then looks that key
 * up in sessionStorage and scrolls to the position stored for it (a reload, back or
 * forward). The element's attributes (the render's script mark) are kept.
 */
const ROUTER_SCROLL_RESTORATION = /(<script\b[^>]*>)\(\(storageKey, restoreKey\) => \{[^<]*\}\)\("react-router-scroll-positions", null\)(<\/script>)/;
/**
 * The same, but a new entry (no key yet) only gets its key: nothing can be stored for it.
 * It also gets the index React Router's browser history gives an entry without one (0), in
 * the same call, so that the router does not write the entry again when it is created:
 * each `replaceState` is a synchronous call of 1–2 ms, then inside hydration's longest
 * task (docs/decisions/375).
 */
const SCROLL_RESTORATION_SCRIPT = [
  '(k=>{const s=history.state;if(!s||!s.key){history.replaceState({key:Math.random().toString(32).slice(2),idx:0},"");return}',
  'try{const y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}',
  'catch(e){console.error(e);sessionStorage.removeItem(k)}})("react-router-scroll-positions")',
].join("");

/**
 * A rendered public page with React Router's scroll restoration script swapped for the
 * one above (unchanged if the page does not have it). The renderer calls it before it
 * hashes the page's own inline scripts for the policy (app/entry.server.tsx).
 */
export function withLighterScrollRestoration(html: string): string {
  return html.replace(ROUTER_SCROLL_RESTORATION, (_match, open: string, close: string) => open + SCROLL_RESTORATION_SCRIPT + close);
}
