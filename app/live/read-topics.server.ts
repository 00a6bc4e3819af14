/**
 * The content topics a request actually reads, recorded as it runs: the database client
 * notes the tables of every query (`noteQuery`, through Drizzle's query logger), and
 * `cachedRead(topic, ...)` (content-cache.server.ts) notes its topic, also when the content
 * cache answers without a query. The root route's middleware opens a record per request
 * (`recordTopics`); the renderer adds what was read to the page's topics for the page
 * cache, so a page is dropped when anything it showed changes, whatever its route declares.
 *
 * The store is kept on globalThis so that the server entry and the route bundle (and
 * Vite's module graph in development) share it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { REGISTERED_TABLE_TOPICS } from "../lib/content-types.ts";
import type { ContentTopic } from "./topics.ts";

const KEY = Symbol.for("millbrook.readTopics");
type Holder = { [KEY]?: AsyncLocalStorage<Set<ContentTopic>> };
const holder = globalThis as Holder;
const store = (holder[KEY] ??= new AsyncLocalStorage<Set<ContentTopic>>());

/** Runs `work` with a fresh record of the topics it reads. */
export function recordTopics<T>(work: () => T): T {
  return store.run(new Set(), work);
}

/**
 * The content tables and the topic their changes are published under (publishChange), from
 * the content types' registry. A table missing here is not content a public page shows
 * (sessions, throttles, jobs...).
 */
export const TABLE_TOPICS: Readonly<Record<string, ContentTopic>> = REGISTERED_TABLE_TOPICS;

const READ_TABLES = /\b(?:from|join)\s+"([a-z_]+)"/gi;

/** Notes the topics of the tables a query reads (called for every query Drizzle runs). */
export function noteQuery(query: string) {
  const record = store.getStore();
  if (!record) return;
  for (const match of query.matchAll(READ_TABLES)) {
    const topic = TABLE_TOPICS[match[1]];
    if (topic) record.add(topic);
  }
}

/** Notes that the current request read a topic (no-op outside a record). */
export function noteTopic(topic: ContentTopic) {
  store.getStore()?.add(topic);
}

/** The record of the current request (the same set goes on filling while it runs), or null outside one. */
export function topicsRead(): ReadonlySet<ContentTopic> | null {
  return store.getStore() ?? null;
}
