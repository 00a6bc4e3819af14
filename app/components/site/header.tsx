/**
 * The public header: eight links and the Donate button; transparent at the top of the
 * page, solid white after 20px of scroll. On small screens, a Menu button opens a
 * slide-in menu (a native modal <dialog>: focus is kept inside, Escape closes, focus
 * returns to the button) that closes on navigation; its contents are rendered when it is
 * first opened. Without JavaScript (and until scripts run) the Menu is a <details>
 * disclosure whose panel holds the same links, so it works with no script at all.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { buttonClasses } from "../ui/button.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { CloseIcon, HeartIcon, MenuIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";
import { isNavActive, MAIN_NAV } from "./nav.ts";

export const SCROLL_SOLID_AT = 20;

const MENU_BUTTON =
  "inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3.5 py-2 font-semibold text-brand-800 xl:hidden";
const menuLinkClass = (active: boolean) =>
  `block rounded-xl px-4 py-3 text-lg font-medium ${active ? "bg-brand-100 text-brand-800" : "text-slate-800 hover:bg-brand-50"}`;

/** The eight main links as list items; the current page's link is marked (aria-current). */
function MainNavItems({ pathname, linkClass, onNavigate }: { pathname: string; linkClass: (active: boolean) => string; onNavigate?: () => void }) {
  return MAIN_NAV.map((item) => {
    const active = isNavActive(item.to, pathname);
    return (
      <li key={item.to}>
        <a href={item.to} aria-current={active ? "page" : undefined} onClick={onNavigate} className={linkClass(active)}>
          {item.label}
        </a>
      </li>
    );
  });
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const [solid, setSolid] = useState(false);
  const [menuRendered, setMenuRendered] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();

  useEffect(() => {
    const update = () => setSolid(window.scrollY > SCROLL_SOLID_AT);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Close the menu whenever the page changes.
  useEffect(() => {
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.pathname, location.search]);

  const linkClass = (isActive: boolean) =>
    `rounded-full px-2.5 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors ${
      isActive ? "bg-brand-100 text-brand-800" : "text-slate-800 hover:bg-brand-50 hover:text-brand-800"
    }`;

  return (
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

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            <MainNavItems pathname={location.pathname} linkClass={linkClass} />
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <span className="hidden sm:block">
            <a href="/support#donate" className={buttonClasses("sun", "sm")}>
              <HeartIcon className="size-4" />
              Donate
            </a>
          </span>
          {hydrated ? (
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
          ) : (
            <details className="relative xl:hidden">
              <summary className={`${MENU_BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                <MenuIcon />
                Menu
              </summary>
              <div className="absolute top-full right-0 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-2xl bg-white p-3 shadow-2xl ring-1 ring-slate-200">
                <nav aria-label="Main">
                  <ul className="space-y-1">
                    <MainNavItems pathname={location.pathname} linkClass={menuLinkClass} />
                  </ul>
                </nav>
                <a href="/support#donate" className={buttonClasses("sun", "md", "mt-3 w-full")}>
                  <HeartIcon className="size-4" />
                  Donate
                </a>
              </div>
            </details>
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
              <ul className="space-y-1">
                <MainNavItems
                  pathname={location.pathname}
                  onNavigate={() => dialogRef.current?.close()}
                  linkClass={menuLinkClass}
                />
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
  );
}
