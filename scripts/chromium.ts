/**
 * Debian's Chromium as the browser tests and the benchmark's Lighthouse runs launch it:
 * the binary (CHROMIUM_PATH, which `npm test` sets after finding one) and the flags that
 * let it run headless in a container without touching the network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
