/**
 * Tabs whose state lives in the URL (?tab=...): a shared link opens the right tab, the
 * server renders it, and the tabs work without JavaScript (they are links). With
 * JavaScript they follow the WAI-ARIA tabs pattern: one tab stop, arrow keys, Home/End.
 * Switching only changes the panel: the page stays where it is, and routes whose data
 * holds every tab skip loader revalidation (skipRevalidationOnTabChange); a route that
 * loads only the chosen tab's data (the events page) reloads it. Without JavaScript each tab's link ends with the tab's own id as
 * fragment, so the new page opens at the tabs (the page's hero is not shown again) with
 * the chosen tab scrolled into view. The tab list stays on one row and scrolls sideways
 * when it is wider than the screen; a short list can ask to be a two-column grid on a
 * phone instead (`gridOnPhone`), so none of its tabs is out of sight.
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useNavigate, type ShouldRevalidateFunction } from "react-router";
import { useHydrated } from "./use-hydrated.ts";

export interface TabItem {
  id: string;
  label: ReactNode;
}

/** The tab named in the URL when it exists, otherwise the first. */
export function activeTab<T extends string>(url: URL | string, ids: readonly T[], param = "tab"): T {
  const value = new URL(url, "http://x").searchParams.get(param);
  return (ids as readonly string[]).includes(value ?? "") ? (value as T) : ids[0];
}

/** Tab switches change the tab in the query string only: keep the data already loaded. */
export const skipRevalidationOnTabChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Same path, other tab and nothing else changed: a tab switch. The very same URL (a
  // revalidate() call, e.g. from live updates) or another parameter (a page link) still
  // reloads the data.
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search && withoutTab(currentUrl) === withoutTab(nextUrl)) {
    return false;
  }
  return defaultShouldRevalidate;
};

export function Tabs({
  idBase,
  label,
  tabs,
  active,
  param = "tab",
  children,
  className = "",
  gridOnPhone = false,
}: {
  /** A short list (four tabs) shown as a two-column grid on a phone, so no tab is out of sight. */
  gridOnPhone?: boolean;
  idBase: string;
  label: string;
  tabs: readonly TabItem[];
  active: string;
  param?: string;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const refs = useRef(new Map<string, HTMLAnchorElement>());
  const listRef = useRef<HTMLDivElement>(null);
  // False on the server and while hydrating, true afterwards.
  const hydrated = useHydrated();

  // Keep the selected tab in sight within the tab list (not the page) when it scrolls sideways.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(active);
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft - 6;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth + 6;
    }
  }, [active]);

  const tabId = (id: string) => `${idBase}-tab-${id}`;

  function onClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    // New tabs and windows are left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    select(id);
  }

  function select(id: string) {
    void navigate(`?${param}=${encodeURIComponent(id)}`, { replace: true, preventScrollReset: true });
    refs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === active);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    select(tabs[next].id);
  }

  return (
    <div className={className}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={`relative gap-1 rounded-2xl bg-brand-50 p-1.5 ring-1 ring-brand-100 [scrollbar-width:none] ${
          gridOnPhone ? "grid grid-cols-2 sm:flex sm:overflow-x-auto" : "flex overflow-x-auto"
        }`}
      >
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <a
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              href={`?${param}=${encodeURIComponent(tab.id)}#${tabId(tab.id)}`}
              onClick={(event) => onClick(event, tab.id)}
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={`${idBase}-panel`}
              // Before hydration every tab is a plain, focusable link; after it, one tab stop.
              tabIndex={hydrated && !selected ? -1 : 0}
              className={`shrink-0 scroll-mt-24 rounded-xl text-center px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 sm:text-base ${
                selected ? "bg-white text-brand-800 shadow-sm ring-1 ring-brand-200" : "text-slate-700 hover:bg-white/70 hover:text-brand-800"
              }`}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={tabId(active)} tabIndex={0} className="mt-8 rounded-lg">
        {children}
      </div>
    </div>
  );
}
