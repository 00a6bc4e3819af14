/**
 * The file store contract, run against both implementations: the local disk, and
 * S3-compatible object storage (a real-protocol server on loopback).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStore } from "../../app/storage/file-store.server.ts";
import { createS3Store } from "../../app/storage/s3-store.server.ts";
import type { FileStore } from "../../app/storage/store.ts";
import { startS3Server, type TestS3 } from "../helpers/s3-server.ts";

let s3: TestS3;
let dir = "";
beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-store-contract-"));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const connection = () => ({
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  forcePathStyle: true,
});

const implementations: [string, () => { pub: FileStore; priv: FileStore }][] = [
  ["disk", () => ({ pub: createDiskStore(path.join(dir, "public")), priv: createDiskStore(path.join(dir, "private"), { fileMode: 0o600 }) })],
  [
    "S3-compatible",
    () => ({
      pub: createS3Store(connection(), { bucket: s3.bucket, prefix: "public/" }),
      priv: createS3Store(connection(), { bucket: s3.bucket, prefix: "private/" }),
    }),
  ],
];

const bytes = (text: string) => new TextEncoder().encode(text);
const read = async (body: ReadableStream<Uint8Array>) => new TextDecoder().decode(await new Response(body).arrayBuffer());
const all = async (items: AsyncIterable<{ key: string; size: number }>) => {
  const out: { key: string; size: number }[] = [];
  for await (const item of items) out.push(item);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each(implementations)("file store contract: %s", (_name, make) => {
  it("stores a file and gives it back as a stream with its size and content type", async () => {
    const { pub } = make();
    await pub.put("events/round-trip.png", bytes("not really a png"), "image/png");
    const file = await pub.get("events/round-trip.png");
    expect(file).not.toBeNull();
    expect(file!.size).toBe(16);
    expect(file!.contentType).toBe("image/png");
    expect(await read(file!.body)).toBe("not really a png");
  });

  it("says whether a file exists, gives null for a missing one, and deletes (a missing file is no error)", async () => {
    const { pub } = make();
    await pub.put("events/to-delete.webp", bytes("x"), "image/webp");
    expect(await pub.exists("events/to-delete.webp")).toBe(true);
    expect(await pub.exists("events/never-there.webp")).toBe(false);
    expect(await pub.get("events/never-there.webp")).toBeNull();
    await pub.delete("events/to-delete.webp");
    expect(await pub.exists("events/to-delete.webp")).toBe(false);
    await expect(pub.delete("events/to-delete.webp")).resolves.toBeUndefined();
  });

  it("lists its files with their sizes, all or one folder's", async () => {
    const { pub } = make();
    await pub.put("listing-a/one.webp", bytes("12345"), "image/webp");
    await pub.put("listing-a/two.pdf", bytes("%PDF-1"), "application/pdf");
    await pub.put("listing-b/three.gif", bytes("GIF89a!"), "image/gif");
    expect(await all(pub.list("listing-a/"))).toEqual([
      { key: "listing-a/one.webp", size: 5 },
      { key: "listing-a/two.pdf", size: 6 },
    ]);
    const everything = await all(pub.list());
    expect(everything).toContainEqual({ key: "listing-b/three.gif", size: 7 });
    expect(everything.every((f) => !f.key.startsWith("public/"))).toBe(true);
  });

  it("keeps the public and private stores apart", async () => {
    const { pub, priv } = make();
    await priv.put("submissions/secret.pdf", bytes("%PDF-private"), "application/pdf");
    expect(await priv.exists("submissions/secret.pdf")).toBe(true);
    expect(await pub.exists("submissions/secret.pdf")).toBe(false);
    expect(await pub.get("submissions/secret.pdf")).toBeNull();
    expect((await all(pub.list())).some((f) => f.key.startsWith("submissions/"))).toBe(false);
    expect(await all(priv.list())).toEqual([{ key: "submissions/secret.pdf", size: 12 }]);
  });

  it("refuses keys that could leave the store or be served as something else", async () => {
    const { pub } = make();
    for (const key of ["../events/a.webp", "events/../../a.webp", "events/a.html", "events/sub/a.webp", "/events/a.webp"]) {
      await expect(pub.put(key, bytes("x"), "image/webp"), key).rejects.toThrow(/Invalid file key/);
      await expect(pub.get(key), key).rejects.toThrow(/Invalid file key/);
    }
  });
});

describe("S3-compatible store", () => {
  it("writes objects under the store's prefix in the bucket, with their content type", async () => {
    const store = createS3Store(connection(), { bucket: s3.bucket, prefix: "private/" });
    await store.put("submissions/typed.pdf", bytes("%PDF-typed"), "application/pdf");
    expect(await s3.objects("private/submissions/typed")).toEqual([{ key: "private/submissions/typed.pdf", size: 10 }]);
    expect((await store.get("submissions/typed.pdf"))!.contentType).toBe("application/pdf");
  });
});
