/**
 * The content topics a request actually reads, recorded as it runs: the database client
 * notes the tables of every query (`noteQuery`, through Drizzle's query logger), and
 * `cachedRead(topic, ...)` (content-cache.server.ts) notes its topic, also when the content
 * cache answers without a query. The root route's middleware opens a record per request
 * (`recordTopics`); the renderer adds what was read to the page's topics for the page
 * cache, so a page is dropped when anything it showed changes, whatever its route declares.
 *
 * The page carries the record too, so that open pages listen to what they actually read:
 * the root loader answers `topicsWhenRead()`, a promise kept until every loader of the
 * request has run (`finishReading`, called by the renderer, or the end of the request's
 * loaders for a client data request), which React Router streams with the page or the
 * data (app/components/site/live-updates.tsx listens to it).
 *
 * The store is kept on globalThis so that the server entry and the route bundle (and
 * Vite's module graph in development) share it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { REGISTERED_TABLE_TOPICS } from "../lib/content-types.ts";
import type { ContentTopic } from "./topics.ts";

interface ReadRecord {
  topics: Set<ContentTopic>;
  /** Tables read that map to no topic (sessions, throttles...: checked by tests/integration/page-topics.test.ts). */
  otherTables: Set<string>;
  done: Promise<void>;
  finish: () => void;
}

const KEY = Symbol.for("millbrook.readTopics.v2");
type Holder = { [KEY]?: AsyncLocalStorage<ReadRecord> };
const holder = globalThis as Holder;
const store = (holder[KEY] ??= new AsyncLocalStorage<ReadRecord>());

function newRecord(): ReadRecord {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { topics: new Set(), otherTables: new Set(), done, finish };
}

/** Runs `work` with a fresh record of the topics it reads; the record is finished when `work` is. */
export function recordTopics<T>(work: () => T): T {
  const record = newRecord();
  return store.run(record, () => {
    let result: T;
    try {
      result = work();
    } catch (error) {
      record.finish();
      throw error;
    }
    if (result instanceof Promise) return result.finally(record.finish) as T;
    record.finish();
    return result;
  });
}

/** Every loader of the request has run: what was read so far is the page's (the renderer calls this). */
export function finishReading() {
  store.getStore()?.finish();
}

/**
 * The topics the current request reads, once its loaders have all run (sorted), or null
 * outside a record. For the root loader: it runs beside the others, so it answers a promise.
 */
export function topicsWhenRead(): Promise<ContentTopic[]> | null {
  const record = store.getStore();
  return record ? record.done.then(() => [...record.topics].sort()) : null;
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
    if (topic) record.topics.add(topic);
    else record.otherTables.add(match[1]);
  }
}

/** Notes that the current request read a topic (no-op outside a record). */
export function noteTopic(topic: ContentTopic) {
  store.getStore()?.topics.add(topic);
}

/** The record of the current request (the same set goes on filling while it runs), or null outside one. */
export function topicsRead(): ReadonlySet<ContentTopic> | null {
  return store.getStore()?.topics ?? null;
}

/** The tables the current request read that map to no content topic (for tests). */
export function otherTablesRead(): ReadonlySet<string> | null {
  return store.getStore()?.otherTables ?? null;
}
