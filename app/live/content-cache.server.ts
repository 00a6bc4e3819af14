/**
 * Public content reads kept in memory: the settings row, the event and craft fair lists
 * and an event by id. A page render that the page cache does not answer (a first visit,
 * signed-in staff, a client data request) then needs no database query for them.
 *
 * The change feed keeps it fresh: a change of a topic ("events", "craft-fairs",
 * "settings"), in this process or in another one sharing the database (Postgres NOTIFY),
 * drops every entry of that topic, reads still in flight included, so a read that a
 * change overtook is never kept. Entries also expire after 60 s, for what changes with
 * the date (an event becoming past) and as a net under a lost notification. A read that
 * fails is not kept. Values are frozen: they are shared between requests.
 *
 * Off until the server turns it on (`enableContentCache`), so scripts and tests that write
 * to the database directly read what they wrote.
 */
import { subscribe } from "./change-feed.server.ts";
import type { ContentTopic } from "./topics.ts";

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
}

interface Cache {
  entries: Map<string, Entry>;
  ttlMs: number;
  now: () => number;
  unsubscribe: () => void;
}

// On globalThis, so the server entry (which turns it on) and the route bundle (which
// reads through it) share one cache, as they share the change feed.
const KEY = Symbol.for("millbrook.contentCache");
const holder = globalThis as { [KEY]?: Cache };

/** Turns the cache on for this process; returns the function that turns it off again. */
export function enableContentCache(options: { ttlMs?: number; now?: () => number } = {}): () => void {
  disableContentCache();
  const entries = new Map<string, Entry>();
  const unsubscribe = subscribe((topic) => {
    for (const key of entries.keys()) if (key.startsWith(`${topic}:`)) entries.delete(key);
  });
  holder[KEY] = { entries, ttlMs: options.ttlMs ?? 60_000, now: options.now ?? Date.now, unsubscribe };
  return disableContentCache;
}

export function disableContentCache() {
  holder[KEY]?.unsubscribe();
  delete holder[KEY];
}

/**
 * `read()`'s result, from memory when a read of the same `topic` and `key` is stored or
 * under way. `read` must throw on failure (fallbacks belong outside, so they are not kept).
 */
export function cachedRead<T>(topic: ContentTopic, key: string, read: () => Promise<T>): Promise<T> {
  const cache = holder[KEY];
  if (!cache) return read();
  const { entries, ttlMs, now } = cache;
  const id = `${topic}:${key}`;
  const stored = entries.get(id);
  if (stored && now() - stored.storedAt < ttlMs) return stored.value as Promise<T>;
  const entry: Entry = { value: read().then(deepFreeze), storedAt: now() };
  entries.set(id, entry);
  entry.value.catch(() => {
    if (entries.get(id) === entry) entries.delete(id);
  });
  return entry.value as Promise<T>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
