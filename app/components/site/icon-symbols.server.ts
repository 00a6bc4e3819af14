/**
 * A server-rendered page carries the icon symbols it shows: each `<use href="#icon-…">` in
 * its HTML gets its symbol from the sprite (app/components/site/icons.svg), once, in a
 * hidden `<svg>` at the end of the body. The page then needs no request to draw its icons
 * (an HTTP/1.1 request before the largest paint costs a new connection on a slow line).
 * Outside React's tree: hydration leaves a body's extra last elements in place, as it does
 * the script that starts the page's scripts (app/lib/first-paint.server.ts).
 */
import spriteText from "./icons.svg?raw";
import { ICON_SYMBOLS_ID } from "./icons.tsx";

const SYMBOLS = new Map([...spriteText.matchAll(/<symbol id="(icon-[\w-]+)"[^>]*>[\s\S]*?<\/symbol>/g)].map((m) => [m[1], m[0].replace(/>\s+</g, "><")]));
const REFERENCE = 'href="#icon-';

/** The page with the symbols its icons use, in the order they first appear; unchanged if it has none. */
export function withIconSymbols(html: string): string {
  const used = new Set<string>();
  for (let at = html.indexOf(REFERENCE); at >= 0; at = html.indexOf(REFERENCE, at + REFERENCE.length)) {
    const start = at + 'href="#'.length;
    used.add(html.slice(start, html.indexOf('"', start)));
  }
  const bodyEnd = html.lastIndexOf("</body>");
  if (used.size === 0 || bodyEnd < 0) return html;
  let symbols = "";
  for (const id of used) symbols += SYMBOLS.get(id) ?? "";
  return `${html.slice(0, bodyEnd)}<svg id="${ICON_SYMBOLS_ID}" aria-hidden="true" style="display:none">${symbols}</svg>${html.slice(bodyEnd)}`;
}
