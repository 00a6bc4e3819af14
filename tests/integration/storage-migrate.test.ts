/** npm run storage:migrate: the local stores copied into the bucket; run again, it copies only what is missing or changed. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3 } from "../helpers/s3-server.ts";

const script = path.resolve("scripts/storage-migrate.ts");
let s3: TestS3;
let dataDir = "";

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-migrate-"));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, file), content);
  };
  write("uploads/events/abc.webp", "main image");
  write("uploads/events/abc-800.webp", "800 wide");
  write("uploads/settings/hero.webp", "hero");
  write("uploads/.diagnostics-1234.tmp", "not a stored file");
  write("private-uploads/submissions/0b7c3f9e-0000-4000-8000-000000000001.pdf", "%PDF-1.4 private");
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the script (asynchronously: the S3 server answers from this process). */
function migrate(env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { env: { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: dataDir, ...env }, encoding: "utf8", timeout: 60_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe("npm run storage:migrate", () => {
  it("refuses to run without S3_BUCKET", async () => {
    const run = await migrate({});
    expect(run.code).toBe(2);
    expect(run.err).toContain("S3_BUCKET is not set");
  });

  it("copies public and private files into their prefixes, then skips them on a second run", async () => {
    const first = await migrate(s3.env);
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toContain("Public files: 3 copied");
    expect(first.out).toContain("Private files: 1 copied");
    expect(await s3.objects()).toEqual([
      { key: "private/submissions/0b7c3f9e-0000-4000-8000-000000000001.pdf", size: 16 },
      { key: "public/events/abc-800.webp", size: 8 },
      { key: "public/events/abc.webp", size: 10 },
      { key: "public/settings/hero.webp", size: 4 },
    ]);
    const pdf = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: "private/submissions/0b7c3f9e-0000-4000-8000-000000000001.pdf" }));
    expect(pdf.ContentType).toBe("application/pdf");
    expect(await pdf.Body!.transformToString()).toBe("%PDF-1.4 private");

    const second = await migrate(s3.env);
    expect(second.code).toBe(0);
    expect(second.out).toContain("Public files: 0 copied (0.0 MB), 3 already in the bucket");
    expect(second.out).toContain("Private files: 0 copied (0.0 MB), 1 already in the bucket");

    // A file that changed size (an interrupted copy) is copied again; a new one is added.
    fs.writeFileSync(path.join(dataDir, "uploads/settings/hero.webp"), "hero, larger");
    fs.writeFileSync(path.join(dataDir, "uploads/events/new.webp"), "new");
    const third = await migrate(s3.env);
    expect(third.out).toContain("Public files: 2 copied");
    expect(third.out).toContain("2 already in the bucket");
    expect((await s3.objects("public/settings/"))[0]).toEqual({ key: "public/settings/hero.webp", size: 12 });
  });
});
