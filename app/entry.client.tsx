/**
 * React Router's client entry, with one change: hydration starts in a task of its own, after
 * the one in which the browser evaluated the page's modules (React, React Router and the
 * route modules), instead of in the same one. Each is shorter than the two together, and
 * Lighthouse counts only what a task takes beyond 50 ms as blocking time.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
