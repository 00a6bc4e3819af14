/**
 * The site's one stylesheet, written into the page's head instead of linked: a linked
 * stylesheet blocks the first paint for a second round trip on a slow line, which is most
 * of the wait on a phone (docs/decisions/110-first-paint.md). The root layout renders an
 * empty `<style data-inline-css="/assets/app-….css">` in production, and the document
 * renderer (app/entry.server.tsx) fills it here with the built file, read once.
 */
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./project-root.server.ts";

const texts = new Map<string, string | null>();

function stylesheetText(href: string): string | null {
  let text = texts.get(href);
  if (text === undefined) {
    text = null;
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      try {
        const css = fs.readFileSync(path.join(projectRoot, "build/client", href), "utf8");
        // Never end the style element early (a stylesheet has no reason to say "</style").
        if (!/<\/style/i.test(css)) text = css;
      } catch {
        // Not built (a test render): the page links the file instead.
      }
    }
    texts.set(href, text);
  }
  return text;
}

const OPEN = '<style data-inline-css="';

/** The document with each empty inline-css placeholder filled (or, without the file, a link to it). */
export function inlineStylesheets(html: string): string {
  let start = html.indexOf(OPEN);
  while (start !== -1) {
    const hrefEnd = html.indexOf('"', start + OPEN.length);
    const close = html.indexOf("</style>", hrefEnd);
    if (hrefEnd === -1 || close === -1) break;
    const href = html.slice(start + OPEN.length, hrefEnd);
    const css = stylesheetText(href);
    const tag = css === null ? `<link rel="stylesheet" href="${href}"/>` : `${html.slice(start, close)}${css}`;
    html = html.slice(0, start) + tag + html.slice(css === null ? close + "</style>".length : close);
    start = html.indexOf(OPEN, start + tag.length);
  }
  return html;
}
