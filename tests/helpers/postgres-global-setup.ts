/**
 * Vitest global setup for integration tests: one PostgreSQL server for the whole run
 * (embedded, or the server named by TEST_DATABASE_URL), with a template database that
 * is migrated and seeded once. Each test file clones it (see test-database.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server.ts";
import { openEmbeddedDatabase, type OpenedDatabase } from "../../app/db/embedded-postgres.server.ts";
import { backfillMedia } from "../../app/db/media-backfill.server.ts";
import { runMigrations } from "../../app/db/migrate.server.ts";
import { seedIfEmpty, seedNewSections } from "../../app/db/seed.server.ts";
import { siteSamples } from "../../app/samples.server.ts";

export const TEMPLATE_DATABASE = "millbrook_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let embedded: OpenedDatabase | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-test-"));
    fs.chmodSync(dataDir, 0o755);
    embedded = await openEmbeddedDatabase({ dataDir, mode: "own", database: "postgres" });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const { db, pool } = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 2 });
  await runMigrations(db, pool);
  // The first start's content and the sections added later; no examples (sample supporters, gifts...).
  const samples = await siteSamples();
  await seedIfEmpty(db, samples);
  await seedNewSections(db, samples);
  await backfillMedia(db);
  await disconnectDatabase();

  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
}

export async function teardown() {
  await embedded?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
