/**
 * GET /healthz as a load balancer reads it: database, storage (public and private store)
 * and job queue reported separately, 200 only when all are up, 503 when any is down or
 * the server is shutting down.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server.ts";
import { siteJobs } from "../../app/jobs/jobs.server.ts";
import { startQueue } from "../../app/jobs/queue.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { loader } from "../../app/routes/resources/healthz.ts";
import { storeImageWithSize } from "../../app/storage/images.server.ts";
import { FILE_NOT_STORED } from "../../app/storage/store.ts";
import { STORE_WRITE_CHECK_TTL_MS } from "../../app/system/health.server.ts";
import { beginShutdown } from "../../app/system/lifecycle.server.ts";
import { startS3Server } from "../helpers/s3-server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

const database = setupTestDatabase();
const savedEnv = { ...process.env };

afterAll(() => {
  process.env = savedEnv;
  reloadConfig();
});

async function healthz() {
  const response = await loader();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { status: string } };
}

describe("/healthz", () => {
  it("answers 503 naming the queue when this instance runs none, and 200 with every part once it does", async () => {
    const without = await healthz();
    expect(without.status).toBe(503);
    expect(without.body).toMatchObject({
      status: "error",
      shuttingDown: false,
      database: { ok: true },
      storage: { ok: true, public: { ok: true }, private: { ok: true } },
      queue: { ok: false, error: "the job queue is not running" },
    });

    const queue = await startQueue(database.url, siteJobs(), { pollingIntervalSeconds: 0.5 });
    try {
      const up = await healthz();
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ status: "ok", database: { ok: true }, storage: { ok: true }, queue: { ok: true } });
      expect(up.body.version).toEqual(expect.any(String));
    } finally {
      await queue.stop(5_000);
    }
  });

  it("answers 503 when the bucket cannot be reached, naming the storage", async () => {
    const queue = await startQueue(database.url, siteJobs(), { pollingIntervalSeconds: 0.5 });
    const s3 = await startS3Server();
    try {
      Object.assign(process.env, s3.env);
      reloadConfig();
      expect((await healthz()).status).toBe(200);
      // The storage service goes away.
      await s3.stop();
      const down = await healthz();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "error", database: { ok: true }, queue: { ok: true }, storage: { ok: false, public: { ok: false }, private: { ok: false } } });
      expect((down.body.storage as { public: { error: string } }).public.error).toEqual(expect.any(String));
    } finally {
      for (const key of Object.keys(s3.env)) delete process.env[key];
      reloadConfig();
      await queue.stop(5_000);
    }
  });

  it("answers 503 naming the storage when the uploads folder cannot be written, and an upload says the file could not be stored", async () => {
    const queue = await startQueue(database.url, siteJobs(), { pollingIntervalSeconds: 0.5 });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-readonly-"));
    const uploads = path.join(root, "uploads");
    fs.mkdirSync(uploads);
    try {
      Object.assign(process.env, { UPLOADS_DIR: uploads });
      reloadConfig();
      expect((await healthz()).status).toBe(200);
      // The folder becomes read-only. (Root ignores the mode, so its sub-folders are
      // also taken by plain files: nothing can be written under them either way.)
      for (const folder of ["health", "media"]) {
        fs.rmSync(path.join(uploads, folder), { recursive: true, force: true });
        fs.writeFileSync(path.join(uploads, folder), "");
      }
      fs.chmodSync(uploads, 0o555);
      // The write check is kept a few seconds: after that, the fault shows.
      await new Promise((resolve) => setTimeout(resolve, STORE_WRITE_CHECK_TTL_MS + 100));
      const down = await healthz();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "error", database: { ok: true }, queue: { ok: true }, storage: { ok: false, public: { ok: false } } });
      expect((down.body.storage as { public: { error: string } }).public.error).toMatch(/^cannot write/);

      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 110, b: 85 } } }).png().toBuffer();
      await expect(storeImageWithSize("media", png)).rejects.toThrow(FILE_NOT_STORED);
    } finally {
      fs.chmodSync(uploads, 0o755);
      fs.rmSync(root, { recursive: true, force: true });
      delete process.env.UPLOADS_DIR;
      reloadConfig();
      await queue.stop(5_000);
    }
  });

  it("answers 503 when the database does not answer", async () => {
    await disconnectDatabase();
    connectDatabase("postgres://nobody:nothing@127.0.0.1:1/none");
    try {
      const down = await healthz();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: "error", database: { ok: false }, storage: { ok: true } });
      expect((down.body.database as { error: string }).error).toEqual(expect.any(String));
    } finally {
      await disconnectDatabase();
      connectDatabase(database.url, { max: 4 });
    }
  });

  it("answers 503 once shutdown has begun, with everything else up", async () => {
    const queue = await startQueue(database.url, siteJobs(), { pollingIntervalSeconds: 0.5 });
    try {
      expect((await healthz()).status).toBe(200);
      beginShutdown();
      const stopping = await healthz();
      expect(stopping.status).toBe(503);
      expect(stopping.body).toMatchObject({ status: "error", shuttingDown: true, database: { ok: true }, storage: { ok: true }, queue: { ok: true } });
    } finally {
      await queue.stop(5_000);
    }
  });
});
