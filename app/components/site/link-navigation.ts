/**
 * Client-side navigation for the public site's links. Public pages write their links as
 * plain <a href> elements, not React Router's <Link>: every <Link> runs a dozen hooks on
 * each server render and again on hydration, which made the links about 14% of an
 * uncached page render (docs/decisions/045-server-memory.md). One listener, mounted by the
 * public layout, gives them what <Link> did: a click on a link to another page of the site
 * navigates within the app, without reloading the document.
 *
 * The browser keeps everything else: new tabs and windows (modifier keys, other buttons,
 * a target), downloads, files (a path with an extension), other sites and schemes, links
 * within the page (such as the skip link to #main), clicks a handler has already taken,
 * and links marked data-reload-document.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router";

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** The in-app path a click should navigate to, or null to leave the click to the browser. */
export function inAppNavigationPath(event: ClickLike, current: URL): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload-document")) {
    return null;
  }
  const url = new URL(anchor.getAttribute("href")!, current);
  if (url.origin !== current.origin) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  return url.pathname + url.search + url.hash;
}

/** Turns clicks on the page's plain in-site links into client-side navigations. */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = inAppNavigationPath(event, new URL(window.location.href));
      if (path === null) return;
      event.preventDefault();
      void navigate(path);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
