/**
 * The public header: eight links and the Donate button; transparent at the top of the
 * page, solid white after 20px of scroll. The links are rendered once (`.site-nav`,
 * app/app.css): a row on wide screens; below that, until scripts run (and without
 * JavaScript), a panel shown by the Menu <details> disclosure just before it, so the
 * links follow the Menu button in the focus order. Once hydrated, the Menu button opens
 * a slide-in menu instead (a native modal <dialog>: focus is kept inside, Escape closes,
 * focus returns to the button) that closes on navigation; its contents are rendered when
 * it is first opened.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { buttonClasses } from "../ui/button.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CloseIcon, HeartIcon, MenuIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";
import { isNavActive, MAIN_NAV } from "./nav.ts";
import { useStoredMarkup } from "../../lib/stored-markup.ts";

const SCROLL_SOLID_AT = 20;

const MENU_BUTTON =
  "inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3.5 py-2 font-semibold text-brand-800 xl:hidden";

/** The eight main links as list items (styled by `.nav-links`, app/app.css); the current page's link is marked (aria-current). */
function MainNavItems({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  return MAIN_NAV.map((item) => (
    <li key={item.to}>
      <a href={item.to} aria-current={isNavActive(item.to, pathname) ? "page" : undefined} onClick={onNavigate}>
        {item.label}
      </a>
    </li>
  ));
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const [solid, setSolid] = useState(false);
  const [menuRendered, setMenuRendered] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();

  useEffect(() => {
    const update = () => setSolid(window.scrollY > SCROLL_SOLID_AT);
    // Only when the page opens scrolled down (a reload, back): setting the value it already
    // has would still re-render the header here (its swap to the scripted menu is pending),
    // synchronously, in the task that runs hydration's effects.
    if (window.scrollY > SCROLL_SOLID_AT) update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Close the menu whenever the page changes.
  useEffect(() => {
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.pathname, location.search]);

  // The markup depends on the name, the active link and the state before scripts run (docs/decisions/361).
  const active = MAIN_NAV.map((item) => (isNavActive(item.to, location.pathname) ? 1 : 0)).join("");
  return useStoredMarkup(`header ${solid} ${hydrated} ${menuRendered} ${active} ${siteName}`, () => (
    <header
      data-solid={solid ? "true" : "false"}
      className={`site-header fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        solid ? "bg-white shadow-[0_1px_12px_rgba(18,59,48,0.12)]" : "bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="flex min-w-0 items-center gap-2.5 rounded-lg">
          <LogoMark className="size-10 shrink-0" />
          <span className="font-display text-[1.05rem] leading-tight font-semibold text-brand-800 sm:text-xl">{siteName}</span>
        </a>

        {/* Before the links, so they follow it in the focus order; shown at the far right
            (after the Donate button, the same gap from it as the scripted Menu button). */}
        {!hydrated && (
          <details className="site-nav-toggle order-last -ml-4 sm:-ml-2 xl:hidden">
            <summary className={`${MENU_BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              <MenuIcon />
              Menu
            </summary>
          </details>
        )}
        <div className="site-nav">
          <nav aria-label="Main">
            <ul className="nav-links">
              <MainNavItems pathname={location.pathname} />
            </ul>
          </nav>
          <a href="/support#donate" className={buttonClasses("sun", "md", "mt-3 w-full xl:hidden")}>
            <HeartIcon className="size-4" />
            Donate
          </a>
        </div>

        <div className="flex shrink-0 items-center gap-2 max-xl:ml-auto">
          <span className="hidden sm:block">
            <a href="/support#donate" className={buttonClasses("sun", "sm")}>
              <HeartIcon className="size-4" />
              Donate
            </a>
          </span>
          {hydrated && (
            <button
              type="button"
              className={MENU_BUTTON}
              aria-haspopup="dialog"
              aria-controls="site-menu"
              onClick={() => {
                flushSync(() => setMenuRendered(true));
                dialogRef.current?.showModal();
              }}
            >
              <MenuIcon />
              Menu
            </button>
          )}
        </div>
      </div>

      <dialog
        ref={dialogRef}
        id="site-menu"
        aria-label="Site menu"
        className="site-menu fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 shadow-2xl backdrop:bg-brand-900/50"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes the menu.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        {menuRendered && (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
              <span className="font-display text-lg font-semibold text-brand-800">Menu</span>
              <button
                type="button"
                className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-slate-800 hover:bg-slate-100"
                onClick={() => dialogRef.current?.close()}
              >
                <CloseIcon />
                Close
              </button>
            </div>
            <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
              <ul className="nav-links">
                <MainNavItems pathname={location.pathname} onNavigate={() => dialogRef.current?.close()} />
              </ul>
            </nav>
            <div className="border-t border-slate-200 p-5">
              <a href="/support#donate" onClick={() => dialogRef.current?.close()} className={buttonClasses("sun", "md", "w-full")}>
                <HeartIcon className="size-4" />
                Donate
              </a>
            </div>
          </div>
        )}
      </dialog>
    </header>
  ));
}
