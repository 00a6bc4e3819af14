/**
 * The S3 SDK is loaded on the first call of an S3-backed store, never by a site on the
 * local disk: a child process records every module it resolves (Node's module hooks).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-sdk-loading-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const probe = `
import { registerHooks } from "node:module";
const seen = [];
registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith("@aws-sdk/")) seen.push(specifier); return next(specifier, context); } });
const { publicStore, privateStore } = await import(${JSON.stringify(path.resolve("app/storage/file-store.server.ts"))});
const before = seen.length;
await publicStore().exists("events/a.webp").catch(() => {});
await privateStore().exists("submissions/a.pdf").catch(() => {});
console.log(JSON.stringify({ atImport: before, afterUse: seen.length }));
`;

function run(env: Record<string, string>): Promise<{ atImport: number; afterUse: number }> {
  const file = path.join(dir, "probe.mjs");
  fs.writeFileSync(file, probe);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [file], { env: { PATH: process.env.PATH, DATA_DIR: dir, ...env }, encoding: "utf8", timeout: 60_000 }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(JSON.parse(out.trim().split("\n").pop()!) as { atImport: number; afterUse: number }),
    );
  });
}

describe("loading the S3 SDK", () => {
  it("never happens on the local disk", async () => {
    expect(await run({})).toEqual({ atImport: 0, afterUse: 0 });
  });

  it("happens on the first call when S3_BUCKET is set, not at import", async () => {
    const result = await run({ S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", AWS_MAX_ATTEMPTS: "1" });
    expect(result.atImport).toBe(0);
    expect(result.afterUse).toBeGreaterThan(0);
  });
});
