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
 * fails is not kept, nor one the caller says is not worth keeping (an event id that does
 * not exist: otherwise every made-up id would take memory). At most MAX_ENTRIES entries are
 * kept, the least recently used going first (lru-cache). Values are frozen: they are
 * shared between requests.
 *
 * Off until the server turns it on (`enableContentCache`), so scripts and tests that write
 * to the database directly read what they wrote.
 */
import { noteTopic } from "./read-topics.server.ts";
import { LRUCache } from "lru-cache";
import { subscribe } from "./change-feed.server.ts";
import type { ContentTopic } from "./topics.ts";

/** Entries kept at most: the lists, the settings and the most-read events. */
export const MAX_ENTRIES = 1000;

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
}

interface Cache {
  entries: LRUCache<string, Entry>;
  ttlMs: number;
  now: () => number;
  unsubscribe: () => void;
}

// On globalThis, so the server entry (which turns it on) and the route bundle (which
// reads through it) share one cache, as they share the change feed.
const KEY = Symbol.for("millbrook.contentCache");
const holder = globalThis as { [KEY]?: Cache };

/** Turns the cache on for this process; returns the function that turns it off again. */
export function enableContentCache(options: { ttlMs?: number; now?: () => number; maxEntries?: number } = {}): () => void {
  disableContentCache();
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries ?? MAX_ENTRIES });
  const unsubscribe = subscribe((topic) => {
    for (const key of [...entries.keys()]) if (key.startsWith(`${topic}:`)) entries.delete(key);
  });
  holder[KEY] = { entries, ttlMs: options.ttlMs ?? 60_000, now: options.now ?? Date.now, unsubscribe };
  return disableContentCache;
}

function disableContentCache() {
  holder[KEY]?.unsubscribe();
  delete holder[KEY];
}

/** How many entries the cache holds now (0 when it is off). */
export function contentCacheSize(): number {
  return holder[KEY]?.entries.size ?? 0;
}

/**
 * `read()`'s result, from memory when a read of the same `topic` and `key` is stored or
 * under way. `read` must throw on failure (fallbacks belong outside, so they are not kept).
 * A result for which `keep` answers false is given to the readers waiting for it, then
 * dropped.
 */
export function cachedRead<T>(topic: ContentTopic, key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
  noteTopic(topic);
  const cache = holder[KEY];
  if (!cache) return read();
  const { entries, ttlMs, now } = cache;
  const id = `${topic}:${key}`;
  const stored = entries.get(id);
  if (stored && now() - stored.storedAt < ttlMs) return stored.value as Promise<T>;
  const entry: Entry = { value: read().then(deepFreeze), storedAt: now() };
  entries.set(id, entry);
  entry.value.then(
    (value) => {
      if (keep && !keep(value as T) && entries.peek(id) === entry) entries.delete(id);
    },
    () => {
      if (entries.peek(id) === entry) entries.delete(id);
    },
  );
  return entry.value as Promise<T>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
