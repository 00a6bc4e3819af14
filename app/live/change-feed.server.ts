/**
 * The change feed: "events / craft fairs / settings changed" signals for open pages
 * (the SSE route app/routes/resources/live.ts) and for caches (subscribe and drop what a
 * topic invalidates).
 *
 * In-process (an EventEmitter kept on globalThis so the server entry and the route
 * bundle share it). Several processes sharing one database: publishChange also sends
 * Postgres NOTIFY on the `millbrook_changes` channel, and `listenForChanges()` (started
 * by the first subscriber) relays other processes' notifications here. A process ignores
 * its own notifications, so each listener hears each change once.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import pg from "pg";
import { getPool } from "../db/client.server.ts";
import { logger } from "../lib/logger.server.ts";
import { CONTENT_TOPICS, isContentTopic } from "./content-topics.ts";
import type { ContentTopic } from "./topics.ts";

export type ChangeListener = (topic: ContentTopic) => void;

const CHANNEL = "millbrook_changes";

interface Feed {
  emitter: EventEmitter;
  instance: string;
  /** Set while the LISTEN connection is being opened or is open (or a reconnect is due). */
  listening?: Promise<void>;
  client?: pg.Client;
  /** A reconnect waiting for its time. */
  retryTimer?: NodeJS.Timeout;
  /** Failed attempts since the connection was last up (the backoff grows with them). */
  failures: number;
  /** The LISTEN connection was lost: changes may have been missed until it is back. */
  lost?: boolean;
  /** Stopped on purpose (shutdown, tests): no reconnecting. */
  stopped?: boolean;
  /** When each topic last changed (heard here or from another process). */
  lastChanged: Map<ContentTopic, number>;
}
const KEY = Symbol.for("millbrook.changeFeed");
const holder = globalThis as { [KEY]?: Feed };
function feed(): Feed {
  if (!holder[KEY]) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    const lastChanged = new Map<ContentTopic, number>();
    emitter.on("change", (topic: ContentTopic) => lastChanged.set(topic, Date.now()));
    holder[KEY] = { emitter, instance: randomUUID(), failures: 0, lastChanged };
  }
  return holder[KEY];
}

/** Waits between reconnects: 0.5 s, doubling, at most 5 s (with some jitter, so instances spread out). */
const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 5_000;
function backoffMs(failures: number): number {
  const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/** Tells every subscriber (here and, through NOTIFY, in other processes) that `topic` changed. */
export function publishChange(topic: ContentTopic) {
  const f = feed();
  f.emitter.emit("change", topic);
  try {
    getPool()
      .query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ topic, from: f.instance })])
      .catch((error: unknown) => logger.warn({ err: error }, "change feed: notify failed"));
  } catch {
    // No database connected (unit tests): in-process only.
  }
}

/** The topics that changed within the last `ms` milliseconds (here or in another process). */
export function changedWithin(ms: number): ContentTopic[] {
  const since = Date.now() - ms;
  return [...feed().lastChanged].filter(([, at]) => at >= since).map(([topic]) => topic);
}

/** Calls `listener` on every change; returns the unsubscribe function. */
export function subscribe(listener: ChangeListener): () => void {
  const f = feed();
  f.emitter.on("change", listener);
  void listenForChanges();
  return () => f.emitter.off("change", listener);
}

/**
 * Relays NOTIFYs from other processes. Once per process: the LISTEN connection is kept,
 * and when it is lost (a database restart, a network fault) or cannot be opened, it is
 * opened again with backoff, for as long as it takes. Changes made elsewhere while it was
 * down were not heard, so once it is back every topic counts as changed: the caches drop
 * everything and open pages reload their data.
 */
export function listenForChanges(): Promise<void> {
  const f = feed();
  f.stopped = false;
  f.listening ??= connect(f);
  return f.listening;
}

async function connect(f: Feed): Promise<void> {
  let options: pg.PoolConfig;
  try {
    options = getPool().options;
  } catch {
    // No database connected (any more): nothing to listen to until one is and a subscriber asks.
    f.listening = undefined;
    return;
  }
  // Its own connection (not from the pool), so closing the pool never waits for it.
  const client = new pg.Client({ ...options, application_name: "millbrook-change-feed" });
  let dropped = false;
  const drop = (error: Error) => {
    if (dropped) return;
    dropped = true;
    if (f.client === client) f.client = undefined;
    void client.end().catch(() => {});
    if (f.stopped) return;
    f.lost = true;
    f.failures++;
    const delay = backoffMs(f.failures);
    if (f.failures === 1 || f.failures % 10 === 0) {
      logger.warn({ error: error.message, failures: f.failures, retryInMs: delay }, "change feed: not listening for other processes' changes; reconnecting");
    }
    // Until the timer fires, `listening` stays set, so subscribers do not start another attempt.
    f.retryTimer = setTimeout(() => {
      f.retryTimer = undefined;
      f.listening = f.stopped ? undefined : connect(f);
    }, delay);
    f.retryTimer.unref();
  };
  // Listening from the start: an error while connecting, or on an idle LISTEN connection
  // (which has no query to fail), must never be an unhandled "error" event.
  client.on("error", drop);
  client.on("end", () => drop(new Error("the connection ended")));
  client.on("notification", (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { topic, from } = JSON.parse(message.payload) as { topic: unknown; from: unknown };
      if (from !== f.instance && isContentTopic(topic)) f.emitter.emit("change", topic);
    } catch {
      /* ignore malformed payloads */
    }
  });
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
  } catch (error) {
    drop(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  if (f.stopped || dropped) {
    void client.end().catch(() => {});
    return;
  }
  f.client = client;
  if (f.failures > 0) logger.info({ failures: f.failures }, "change feed: listening again");
  f.failures = 0;
  if (f.lost) {
    // Other processes' changes while the connection was down were not heard: every
    // cache drops everything (and open pages reload their data) once.
    f.lost = false;
    for (const topic of CONTENT_TOPICS) f.emitter.emit("change", topic);
  }
}

/** Whether other processes' changes reach this one now: listening (or never asked to). */
export function changeFeedHealth(): { ok: boolean; error?: string } {
  const f = feed();
  if (!f.listening || f.stopped) return { ok: true };
  if (f.client) return { ok: true };
  return { ok: false, error: f.failures > 0 ? `not listening for other instances' changes (${f.failures} failed attempts; reconnecting)` : "connecting" };
}

/** Releases the LISTEN connection (tests, shutdown); no reconnecting until asked again. */
export async function stopListening() {
  const f = feed();
  f.stopped = true;
  clearTimeout(f.retryTimer);
  f.retryTimer = undefined;
  const pending = f.listening;
  f.listening = undefined;
  await pending?.catch(() => {});
  const client = f.client;
  f.client = undefined;
  f.failures = 0;
  f.lost = false;
  if (client) {
    try {
      await client.query(`unlisten ${CHANNEL}`);
    } catch {
      /* connection already gone */
    }
    await client.end().catch(() => {});
  }
}
