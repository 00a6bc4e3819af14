/**
 * What a public page's first paint waits for (docs/decisions/132): only its own HTML.
 *
 * - The part of the stylesheet public pages use (`build/critical.css`, written after the
 *   client build by scripts/critical-css.ts) goes into the head as a `<style>`; public
 *   pages link no stylesheet (app/root.tsx links it on staff screens only), so the first
 *   paint waits for no other request and no font face is added after it.
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
 * The CSS file is read and hashed once; the Content-Security-Policy allows that one
 * `<style>` and the starting script by their hashes. An injected element made to look
 * inert the same way gains nothing: its text has no hash in the policy, so the browser
 * refuses to run it once re-created, and a preload fetches nothing but this site's files.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./project-root.server.ts";

interface CriticalCss {
  css: string;
  /** CSP source expression of the `<style>` element's text ("sha256-…"). */
  hash: string;
  /** The `<style>` element, UTF-8 encoded once: every page sends these same bytes. */
  tag?: Uint8Array;
}

/** The build writes it (`npm run build`); a public page has no other style, so none without it. */
function readCriticalCss(): CriticalCss {
  const file = path.join(projectRoot, "build/critical.css");
  const css = fs.readFileSync(file, "utf8");
  // Tailwind never writes one, but a `</style` would end the element early.
  if (!css || /<\/style/i.test(css)) throw new Error(`${file} is empty or holds "</style"`);
  return { css, hash: `sha256-${createHash("sha256").update(css, "utf8").digest("base64")}`, tag: styleTag(css) };
}

const styleTag = (css: string) => Buffer.from(`<style>${css}</style>`, "utf8");

/**
 * Starts the scripts once the browser reports the first paint as shown (Paint Timing; a
 * frame and a timer where it is missing), or after 3 s whatever happens (a page opened in
 * a background tab paints only when shown). The module script is re-created, as a script
 * element only runs when inserted (the policy allows its text by hash, as before).
 */
const AFTER_PAINT_SCRIPT = [
  "(()=>{let started=false;const start=()=>{if(started)return;started=true;",
  'for(const l of document.querySelectorAll("link[rel=x-after-paint]")){const p=document.createElement("link");p.rel="modulepreload";p.href=l.href;document.head.append(p)}',
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

const MODULE_SCRIPT = '<script type="module" async="">';

/**
 * A rendered public page as it is sent: its CSS inline at the end of the head and its
 * scripts started after the first paint; and what its Content-Security-Policy must allow
 * besides React Router's inline scripts (the `<style>`, the script that starts the
 * others). The scripts are left as they are if the page does not have React Router's one
 * module script. The page comes back in three pieces, to be sent one after the other:
 * the HTML up to the end of the head, the `<style>` element (the same bytes for every
 * page, encoded once) and the rest, so the stylesheet, the larger part of the page, is
 * neither copied nor encoded again for each render.
 */
export function forFirstPaint(
  html: string,
  critical: CriticalCss = criticalCss(),
): { chunks: (string | Uint8Array)[]; styleHashes: string[]; scriptHashes: string[] } {
  if (html.indexOf("</head>") < 0) return { chunks: [html], styleHashes: [], scriptHashes: [] };
  const moduleScript = html.indexOf(MODULE_SCRIPT);
  const bodyEnd = html.lastIndexOf("</body>");
  const started = !(moduleScript < 0 || html.indexOf(MODULE_SCRIPT, moduleScript + 1) >= 0 || bodyEnd < moduleScript);
  const page = started
    ? (html.slice(0, bodyEnd) + `<script>${AFTER_PAINT_SCRIPT}</script>` + html.slice(bodyEnd))
        .replaceAll('<link rel="modulepreload"', '<link rel="x-after-paint"')
        .replace(MODULE_SCRIPT, '<script type="x-after-paint">')
    : html;
  const headEnd = page.indexOf("</head>");
  return {
    chunks: [page.slice(0, headEnd), critical.tag ?? styleTag(critical.css), page.slice(headEnd)],
    styleHashes: [critical.hash],
    scriptHashes: started ? [AFTER_PAINT_HASH] : [],
  };
}

/**
 * React Router's scroll restoration script, as `<ScrollRestoration />` writes it without
 * `getKey` or `storageKey`: it gives a new history entry a random key, then looks that key
 * up in sessionStorage and scrolls to the position stored for it (a reload, back or
 * forward). The element's attributes (the render's script mark) are kept.
 */
const ROUTER_SCROLL_RESTORATION = /(<script\b[^>]*>)\(\(storageKey, restoreKey\) => \{[^<]*\}\)\("react-router-scroll-positions", null\)(<\/script>)/;
/** The same, but a new entry (no key yet) only gets its key: nothing can be stored for it. */
const SCROLL_RESTORATION_SCRIPT = [
  '(k=>{const s=history.state;if(!s||!s.key){history.replaceState({key:Math.random().toString(32).slice(2)},"");return}',
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
