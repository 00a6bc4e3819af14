/**
 * Tabs whose state lives in the URL (?tab=...): a shared link opens the right tab, the
 * server renders it, and the tabs work without JavaScript (they are links). With
 * JavaScript they follow the WAI-ARIA tabs pattern: one tab stop, arrow keys, Home/End.
 * Switching only changes the view (routes using it skip loader revalidation).
 */
import { useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate, type ShouldRevalidateFunction } from "react-router";

export interface TabItem {
  id: string;
  label: ReactNode;
}

/** The tab named in the URL when it exists, otherwise the first. */
export function activeTab<T extends string>(url: URL | string, ids: readonly T[], param = "tab"): T {
  const value = new URL(url, "http://x").searchParams.get(param);
  return (ids as readonly string[]).includes(value ?? "") ? (value as T) : ids[0];
}

/** Tab switches change the query string only: keep the data already loaded. */
export const skipRevalidationOnTabChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Same path, other query string: a tab switch. The very same URL (a revalidate() call,
  // e.g. from live updates) still reloads the data.
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

const noopSubscribe = () => () => {};

export function Tabs({
  idBase,
  label,
  tabs,
  active,
  param = "tab",
  children,
  className = "",
}: {
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
  // False on the server and while hydrating, true afterwards.
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false);

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
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-2xl sm:flex-nowrap sm:overflow-x-auto bg-brand-50 p-1.5 ring-1 ring-brand-100 [scrollbar-width:none]"
      >
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <Link
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              to={`?${param}=${encodeURIComponent(tab.id)}`}
              replace
              preventScrollReset
              role="tab"
              id={`${idBase}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${idBase}-panel`}
              // Before hydration every tab is a plain, focusable link; after it, one tab stop.
              tabIndex={hydrated && !selected ? -1 : 0}
              className={`shrink-0 rounded-xl px-3 py-2.5 sm:px-4 text-sm font-semibold whitespace-nowrap transition-colors sm:text-base ${
                selected ? "bg-white text-brand-800 shadow-sm ring-1 ring-brand-200" : "text-slate-700 hover:bg-white/70 hover:text-brand-800"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${active}`} tabIndex={0} className="mt-8 rounded-lg">
        {children}
      </div>
    </div>
  );
}
