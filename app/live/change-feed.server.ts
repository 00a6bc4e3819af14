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
import { CONTENT_TOPICS, isContentTopic, type ContentTopic } from "./topics.ts";

export type ChangeListener = (topic: ContentTopic) => void;

const CHANNEL = "millbrook_changes";

interface Feed {
  emitter: EventEmitter;
  instance: string;
  listening?: Promise<void>;
  client?: pg.Client;
  /** The LISTEN connection was lost: changes may have been missed until it is back. */
  lost?: boolean;
}
const KEY = Symbol.for("millbrook.changeFeed");
const holder = globalThis as { [KEY]?: Feed };
function feed(): Feed {
  if (!holder[KEY]) {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    holder[KEY] = { emitter, instance: randomUUID() };
  }
  return holder[KEY];
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

/** Calls `listener` on every change; returns the unsubscribe function. */
export function subscribe(listener: ChangeListener): () => void {
  const f = feed();
  f.emitter.on("change", listener);
  void listenForChanges();
  return () => f.emitter.off("change", listener);
}

/** Relays NOTIFYs from other processes (once per process; retried after a lost connection). */
export function listenForChanges(): Promise<void> {
  const f = feed();
  f.listening ??= (async () => {
    try {
      // Its own connection (not from the pool), so closing the pool never waits for it.
      const client = new pg.Client(getPool().options);
      await client.connect();
      f.client = client;
      client.on("notification", (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        try {
          const { topic, from } = JSON.parse(message.payload) as { topic: unknown; from: unknown };
          if (from !== f.instance && isContentTopic(topic)) f.emitter.emit("change", topic);
        } catch {
          /* ignore malformed payloads */
        }
      });
      const retry = () => {
        void client.end().catch(() => {});
        f.client = undefined;
        f.listening = undefined;
        f.lost = true;
        setTimeout(() => void listenForChanges(), 5_000).unref();
      };
      client.on("error", retry);
      await client.query(`listen ${CHANNEL}`);
      if (f.lost) {
        // Other processes' changes while the connection was down were not heard: every
        // cache drops everything (and open pages reload their data) once.
        f.lost = false;
        for (const topic of CONTENT_TOPICS) f.emitter.emit("change", topic);
      }
    } catch (error) {
      logger.warn({ err: error }, "change feed: cannot listen for other processes' changes");
      f.listening = undefined;
      f.lost = true;
    }
  })();
  return f.listening;
}

/** Releases the LISTEN connection (tests, shutdown). */
export async function stopListening() {
  const f = feed();
  const client = f.client;
  f.client = undefined;
  f.listening = undefined;
  if (client) {
    client.removeAllListeners("error");
    try {
      await client.query(`unlisten ${CHANNEL}`);
    } catch {
      /* connection already gone */
    }
    await client.end().catch(() => {});
  }
}
