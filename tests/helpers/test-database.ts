/**
 * Call `setupTestDatabase()` at the top of an integration test file: before the tests it
 * creates a fresh database cloned from the migrated, seeded template and connects the
 * app's pool to it (so `getDb()` works); afterwards it drops the database.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server.ts";

function databaseUrl(database: string) {
  const u = new URL(inject("postgresAdminUrl"));
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a database cloned from the template; returns its name and URL. */
async function createTestDatabase() {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  // Two files cloning the template at the same instant can collide: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`create database ${name} template ${inject("templateDatabase")}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { name, url: databaseUrl(name) };
}

async function dropTestDatabase(name: string) {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

export function setupTestDatabase() {
  const state = { name: "", url: "" };
  beforeAll(async () => {
    Object.assign(state, await createTestDatabase());
    connectDatabase(state.url, { max: 4 });
  });
  afterAll(async () => {
    await disconnectDatabase();
    if (state.name) await dropTestDatabase(state.name);
  });
  return state;
}
