/**
 * The database connection: one node-postgres pool per process, wrapped by Drizzle.
 * The process entry (server/main.ts, scripts) decides the URL (DATABASE_URL or the
 * embedded server) and calls `connectDatabase` before any request is served.
 */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
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
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  // Every query's tables are noted for the request that runs it: a page's cache topics
  // come from what it read (app/live/read-topics.server.ts).
  const connection = { pool, db: drizzle(pool, { schema, logger: { logQuery: (query) => noteQuery(query) } }) };
  holder[KEY] = connection;
  return connection;
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
