/**
 * Work a public page does for itself rather than for what the visitor sees (the page-view
 * beacon, the live-updates connection) waits until the page has loaded and the browser is
 * idle, so that it does not lengthen the main thread's tasks while the page hydrates
 * (Lighthouse counts them as blocking time). It runs within `MAX_WAIT_MS` of the load
 * whatever happens; with `beforeLeaving`, at once when the visitor leaves the page first.
 */
const MAX_WAIT_MS = 1000;

/** Runs `work` once the page has loaded and the browser is idle; returns a cancel function. */
export function whenIdleAfterLoad(work: () => void, { beforeLeaving = false } = {}): () => void {
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cleanUp();
    work();
  };
  const schedule = () => {
    window.removeEventListener("load", schedule);
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: MAX_WAIT_MS });
    else timer = setTimeout(run, 50);
  };
  const cleanUp = () => {
    window.removeEventListener("load", schedule);
    window.removeEventListener("pagehide", run);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
  if (beforeLeaving) window.addEventListener("pagehide", run);
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule);
  return () => {
    done = true;
    cleanUp();
  };
}
