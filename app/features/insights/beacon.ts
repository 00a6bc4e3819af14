/**
 * The page-view beacon (browser side, a few lines in the public layout's script): after a
 * page has loaded, and after each move to another page within the site, the browser sends
 * the page's address and the referring site to /visit with navigator.sendBeacon, which
 * never delays the page and works for pages served from the page cache; it is sent once the
 * page has loaded and the browser is idle (or when the visitor leaves first), not while the
 * page hydrates (`whenIdleAfterLoad`). Nothing is kept
 * in the browser (no cookie, no storage). Browsers asking not to be tracked (Global
 * Privacy Control, Do Not Track) send nothing; the server checks their headers again.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { whenIdleAfterLoad } from "../../components/site/after-load.ts";

const VISIT_PATH = "/visit";

export function useVisitBeacon(): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (nav.globalPrivacyControl || nav.doNotTrack === "1" || typeof nav.sendBeacon !== "function") return;
    const referrer = first.current ? document.referrer : "";
    first.current = false;
    const visit = JSON.stringify({ p: location.pathname + location.search, r: referrer });
    // Not cancelled when the visitor moves on first: the view happened.
    whenIdleAfterLoad(() => nav.sendBeacon(VISIT_PATH, visit), { beforeLeaving: true });
  }, [location.pathname, location.search]);
}
