/**
 * Parts of the public pages that are the same for every visitor of a content version (the
 * header, the footer) are rendered once on the server and their HTML kept
 * (docs/decisions/361). A part renders through `useStoredMarkup(key, render)`, its key
 * made of everything its markup depends on: with a store (given by the server's renderer,
 * app/lib/stored-markup.server.ts), a key met before gives the part's outer element with
 * the kept inner HTML, and a new one renders as usual and is kept after the page's render.
 * Without a store (the browser, the development server) the part renders as usual: the
 * HTML is the same either way, so hydration walks the same DOM.
 */
import { createContext, createElement, useContext, type ReactElement } from "react";

/** A part's outer element (its tag and attributes) and the HTML inside it. */
export interface StoredMarkup {
  type: string;
  props: Record<string, unknown>;
  html: string;
}

/** A render's view of the kept parts. */
export interface MarkupStore {
  get(key: string): StoredMarkup | undefined;
  /** A part rendered in place (a key not kept yet): the renderer keeps it once the page is rendered. */
  missed(key: string, element: ReactElement): void;
}

export const MarkupStoreContext = createContext<MarkupStore | null>(null);

/**
 * The part `render` makes (one host element whose markup depends only on `key`), or on the
 * server, when kept, the same element with its kept HTML inside. Call it after the
 * component's other hooks. A null key: not kept (rendered in place).
 */
export function useStoredMarkup(key: string | null, render: () => ReactElement): ReactElement {
  const store = useContext(MarkupStoreContext);
  if (!store || key === null) return render();
  const stored = store.get(key);
  if (stored) return createElement(stored.type, { ...stored.props, dangerouslySetInnerHTML: { __html: stored.html } });
  const element = render();
  store.missed(key, element);
  return element;
}
