/**
 * React Router's client entry, with hydration split from what runs before it. Lighthouse
 * counts only what a task takes beyond 50 ms as blocking time, so each piece below runs in a
 * task of its own instead of in one long one:
 * 1. the browser evaluates the page's modules (React, React Router, the route modules);
 * 2. the page's `sessionStorage` is opened: the first access in a page is a synchronous call
 *    to the browser process (about 10 ms at Lighthouse's 4x slowdown, more on a busy
 *    machine), which React Router otherwise makes while it creates its router, inside the
 *    longest task of hydration (it reads the view transitions it stored; docs/decisions/375);
 * 3. React hydrates the page, as a transition (rendered in slices of a few milliseconds).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/** The key React Router's router reads when it is created (`restoreAppliedTransitions`). */
const ROUTER_TRANSITIONS_KEY = "remix-router-transitions";

function openSessionStorage() {
  try {
    window.sessionStorage.getItem(ROUTER_TRANSITIONS_KEY);
  } catch {
    // Storage refused (a privacy setting): React Router's own read fails the same way.
  }
}

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

setTimeout(() => {
  openSessionStorage();
  setTimeout(hydrate, 0);
}, 0);
