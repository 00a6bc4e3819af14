/**
 * The database connection: one node-postgres pool per process, wrapped by Drizzle.
 * The process entry (server/main.ts, scripts) decides the URL (DATABASE_URL or the
 * embedded server) and calls `connectDatabase` before any request is served.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../lib/logger.server.ts";
import * as schema from "./schema.ts";
import { noteQuery } from "../live/read-topics.server.ts";

export type Database = NodePgDatabase<typeof schema>;

interface Connection {
  pool: pg.Pool;
  db: Database;
}

// Kept on globalThis so that the server entry and the route bundle (and Vite's dev
// module graph after a hot reload) share one pool.
const KEY = Symbol.for("millbrook.database");
type Holder = { [KEY]?: Connection };
const holder = globalThis as Holder;

export function connectDatabase(url: string, options: { max?: number } = {}): Connection {
  if (holder[KEY]) return holder[KEY];
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A connection lost while idle (the pool's "error") or while checked out between two
  // queries (a transaction waiting on other work when the server restarts: the client's own
  // "error", which the pool does not listen to while the client is lent out) must not end
  // the process. The query in flight fails with the error; the pool drops the broken
  // client when it comes back and opens new ones once the server answers again.
  pool.on("error", (error) => logConnectionLost(error, "idle"));
  pool.on("connect", (client) => {
    client.on("error", (error) => logConnectionLost(error, "in use"));
  });
  // Every query's tables are noted for the request that runs it: a page's cache topics
  // come from what it read (app/live/read-topics.server.ts).
  const connection = { pool, db: drizzle(pool, { schema, logger: { logQuery: (query) => noteQuery(query) } }) };
  holder[KEY] = connection;
  return connection;
}

let lastLogged = 0;
/** One line per second at most: a restart drops every connection at once. */
function logConnectionLost(error: Error, state: "idle" | "in use") {
  const now = Date.now();
  if (now - lastLogged < 1000) return;
  lastLogged = now;
  logger.warn({ state, error: error.message, code: (error as { code?: string }).code }, "database connection lost");
}

export function getDb(): Database {
  const connection = holder[KEY];
  if (!connection) throw new Error("The database is not connected (connectDatabase was not called).");
  return connection.db;
}

export function getPool(): pg.Pool {
  const connection = holder[KEY];
  if (!connection) throw new Error("The database is not connected (connectDatabase was not called).");
  return connection.pool;
}

export async function disconnectDatabase() {
  const connection = holder[KEY];
  delete holder[KEY];
  await connection?.pool.end();
}
