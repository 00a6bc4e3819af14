/**
 * False on the server and while React hydrates the page, true afterwards: lets a control
 * render its no-JavaScript form (a link, a <details> disclosure) in the HTML and swap to
 * its scripted form once scripts run, without a hydration mismatch.
 *
 * The swap after hydration is a transition: React renders it in slices of a few
 * milliseconds, in tasks of its own. (`useSyncExternalStore` with a server snapshot, used
 * before, re-renders every such control synchronously inside the task that runs the
 * hydration's effects, one long task at load: docs/decisions/374.) A control mounted once
 * the page has hydrated (after a move to another page) starts in its scripted form.
 */
import { startTransition, useEffect, useState } from "react";

/** Whether the page's first render (hydration) has committed; the server never sets it. */
let pageHydrated = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
    // Once, when the control mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return hydrated;
}
