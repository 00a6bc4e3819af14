/**
 * The server's kept parts of public pages (docs/decisions/361; the hook is in
 * app/lib/stored-markup.ts). A part met under a new key is rendered in place as
 * usual; after the page's render it is rendered again on its own, and kept only if that
 * markup is found, byte for byte, in the page just rendered (a part whose markup depends on
 * its place in the page, as `useId` does, never is: it is remembered as not kept and always
 * rendered in place). So a kept part writes exactly what the page's own render would.
 *
 * Keys name everything a part's markup depends on (the settings' and contact details'
 * values it shows, the active link), so a content edit makes a new key: nothing to empty.
 * The last 1,000 keys are kept (a few MB: a card is about 2 KB, the footer 6 KB); a site
 * whose pages show more parts than that renders the others in place, and twice on a miss.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { MarkupStore, StoredMarkup } from "./stored-markup.ts";
import { logger } from "./logger.server.ts";

const KEPT = 1_000;
/** By key: the part's markup, or null for a part whose markup is not the same on its own. */
const kept = new Map<string, StoredMarkup | null>();

function keep(key: string, markup: StoredMarkup | null) {
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, markup);
}

/** The part's outer element and inner HTML, if its markup on its own is in the page as rendered. */
function markupOf(element: ReactElement, page: string): StoredMarkup | null {
  if (typeof element.type !== "string") return null;
  const alone = renderToString(element);
  const close = `</${element.type}>`;
  // React escapes ">" in attribute values: the first one ends the start tag.
  const open = alone.indexOf(">");
  // Only the element itself: React writes what it hoists (an eager image's preload) before it.
  if (!alone.startsWith(`<${element.type}`) || open < 0 || !alone.endsWith(close) || !page.includes(alone)) return null;
  const { children: _children, ...props } = element.props as Record<string, unknown>;
  return { type: element.type, props, html: alone.slice(open + 1, alone.length - close.length) };
}

/** A page render's store: kept parts by key, and the parts it renders in place, kept by `finish`. */
export function markupStore(): MarkupStore & { finish(page: string): void } {
  const missed: [string, ReactElement][] = [];
  return {
    get: (key) => kept.get(key) ?? undefined,
    missed(key, element) {
      if (!kept.has(key)) missed.push([key, element]);
    },
    /** After a complete render of the page: keeps the parts it rendered in place. */
    finish(page) {
      for (const [key, element] of missed) {
        if (kept.has(key)) continue;
        const markup = markupOf(element, page);
        if (!markup) logger.warn({ part: key.slice(0, 40) }, "a page part's markup differs when rendered on its own: not kept");
        keep(key, markup);
      }
    },
  };
}

/** Forgets every kept part (tests). */
export function forgetStoredMarkup() {
  kept.clear();
}
