import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "../../server/precompressed-assets.ts";

let server: Server;
let base: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
const script = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, "entry-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "photo-abc123.webp"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(os.tmpdir(), "secret.js"), "secret");
  const app = express();
  app.use("/assets", precompressedAssets(dir, { maxAgeSeconds: 31536000 }));
  app.use("/assets", (_req, res) => res.send("fell through"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The raw bytes as sent (node:http, no automatic decompression). */
async function raw(urlPath: string, acceptEncoding: string) {
  const { default: http } = await import("node:http");
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http.get(base + urlPath, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("precompressed assets", () => {
  it("serves brotli when accepted, immutable for a year, with Vary", async () => {
    const response = await raw("/assets/entry-abc123.js", "gzip, deflate, br");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["vary"]).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
    expect(response.body.length).toBeLessThan(script.length / 5);
  });

  it("serves gzip to browsers without brotli", async () => {
    const response = await raw("/assets/entry-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(response.body).toString()).toBe(script);
  });

  it("leaves uncompressed requests, images, missing files and paths outside the folder to express.static", async () => {
    expect((await raw("/assets/entry-abc123.js", "identity")).body.toString()).toBe("fell through");
    expect((await raw("/assets/photo-abc123.webp", "br")).body.toString()).toBe("fell through");
    expect((await raw("/assets/missing-abc.js", "br")).body.toString()).toBe("fell through");
    expect((await raw("/assets/..%2Fsecret.js", "br")).body.toString()).toBe("fell through");
  });
});
