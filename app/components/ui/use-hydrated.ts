/**
 * False on the server and while React hydrates the page, true afterwards: lets a control
 * render its no-JavaScript form (a link, a <details> disclosure) in the HTML and swap to
 * its scripted form once scripts run, without a hydration mismatch.
 */
import { useSyncExternalStore } from "react";

const noopSubscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
