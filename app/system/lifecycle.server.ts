/**
 * The process's shutdown state, shared by the server entry and the route bundle (kept on
 * globalThis, like the database pool): once shutdown begins, /healthz answers 503 so a
 * load balancer stops sending traffic here, and long-lived responses (the live-update
 * streams) end, so browsers reconnect to another instance.
 */
interface Lifecycle {
  shuttingDown: boolean;
  listeners: Set<() => void>;
}

const KEY = Symbol.for("millbrook.lifecycle");
const holder = globalThis as { [KEY]?: Lifecycle };
const state = (holder[KEY] ??= { shuttingDown: false, listeners: new Set() });

export function shuttingDown(): boolean {
  return state.shuttingDown;
}

/** Calls `listener` when shutdown begins (at once if it has); returns the function that removes it. */
export function onShutdown(listener: () => void): () => void {
  if (state.shuttingDown) {
    listener();
    return () => {};
  }
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

export function beginShutdown(): void {
  if (state.shuttingDown) return;
  state.shuttingDown = true;
  for (const listener of [...state.listeners]) {
    try {
      listener();
    } catch {
      /* a listener's failure must not stop the others */
    }
  }
  state.listeners.clear();
}
