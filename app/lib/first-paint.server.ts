/**
 * What a public page's first paint waits for (docs/decisions/132): only its own HTML.
 *
 * - The part of the stylesheet public pages use (`build/critical.css`, written after the
 *   client build by scripts/critical-css.ts) goes into the head as a `<style>`, and the
 *   linked stylesheet (all of it, for client-side navigations and the staff screens) moves
 *   to the end of the body, where it no longer holds the first paint.
 * - The script preloads React Router writes into the head are fetched at low priority, so
 *   on a slow line they no longer compete with the page's own bytes, its heading font and
 *   its images; the scripts run after the first paint anyway.
 *
 * The file is read and hashed once, at start; the Content-Security-Policy allows that one
 * `<style>` by its hash.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./project-root.server.ts";

interface CriticalCss {
  css: string;
  /** CSP source expression of the `<style>` element's text ("sha256-…"). */
  hash: string;
}

function readCriticalCss(): CriticalCss | null {
  let css: string;
  try {
    css = fs.readFileSync(path.join(projectRoot, "build/critical.css"), "utf8");
  } catch {
    return null; // the development server, or a build without the step: the stylesheet stays linked
  }
  // Tailwind never writes one, but a `</style` would end the element early.
  if (!css || /<\/style/i.test(css)) return null;
  return { css, hash: `sha256-${createHash("sha256").update(css, "utf8").digest("base64")}` };
}

let loaded: CriticalCss | null | undefined;

function criticalCss(): CriticalCss | null {
  if (loaded === undefined) loaded = readCriticalCss();
  return loaded;
}

const HEAD_STYLESHEET = /<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css" data-precedence="default"\/>/;

/**
 * A rendered public page as it is sent: the critical CSS inline in the head, the
 * stylesheet link at the end of the body (the same element, which React adopts on
 * hydration instead of adding another), script preloads at low priority; and the hashes
 * of the `<style>` elements its Content-Security-Policy must allow. Unchanged when there
 * is no critical CSS (development) or no such link.
 */
export function forFirstPaint(html: string, critical: CriticalCss | null = criticalCss()): { html: string; styleHashes: string[] } {
  const link = critical ? HEAD_STYLESHEET.exec(html) : null;
  const bodyEnd = html.lastIndexOf("</body>");
  if (!critical || !link || bodyEnd < link.index) return { html, styleHashes: [] };
  const head = html.slice(0, link.index) + `<style>${critical.css}</style>` + html.slice(link.index + link[0].length, bodyEnd);
  return {
    html: (head + link[0] + html.slice(bodyEnd)).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'),
    styleHashes: [critical.hash],
  };
}
