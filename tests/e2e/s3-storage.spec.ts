/**
 * The production server with S3_BUCKET set (an S3-compatible server on loopback): a
 * visitor's stall application photos land in the bucket's private prefix, not on the
 * disk; images in the bucket's public prefix are served at /uploads/...; private objects
 * are not reachable there.
 */
import fs from "node:fs";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { expect, test } from "./fixtures.ts";
import sharp from "sharp";
import { startS3Server, type TestS3 } from "../helpers/s3-server.ts";
import { startOwnServer, type OwnServer } from "./own-server.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

let s3: TestS3;
let server: OwnServer;
test.beforeAll(async () => {
  s3 = await startS3Server();
  server = await startOwnServer({ ...s3.env, PUBLIC_FORM_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

test("a stall application's photos go to the bucket, and /uploads serves the bucket's public images only", async ({ page, request }) => {
  await page.goto(`${server.origin}/craft-fairs?tab=apply`);
  const form = page.getByRole("form", { name: "Stall application form" });
  await form.getByLabel("Full name").fill("Helen Marsh");
  await form.getByLabel("Business name").fill("Marsh Pottery");
  await form.getByLabel("Email address").fill("helen@example.org");
  await form.getByLabel("Phone number").fill("01632 960 222");
  await form.getByLabel("Craft category").selectOption("ceramics");
  await form.getByLabel("Product description").fill("Mugs, jugs and bowls.");
  await form.getByRole("checkbox", { name: /Spring Makers Market/ }).check();
  await form.getByRole("radio", { name: /Large stall/ }).check();
  await form.getByLabel("Photos of your work").setInputFiles([photo("a.png"), photo("b.png"), photo("c.png")]);
  await form.getByRole("checkbox", { name: /stallholder terms/ }).check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for applying!" })).toBeVisible();

  const stored = await s3.objects("private/submissions/");
  expect(stored).toHaveLength(3);
  expect(stored.every((o) => o.size === PNG.byteLength)).toBe(true);
  expect(fs.existsSync(path.join(server.dataDir, "private-uploads"))).toBe(false);
  // A private object's key is no public address.
  const privateKey = stored[0]!.key.replace(/^private\//, "");
  expect((await request.get(`${server.origin}/uploads/${privateKey}`)).status()).toBe(404);

  const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#2a896a" } }).webp().toBuffer();
  await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "public/events/from-the-bucket.webp", Body: webp, ContentType: "image/webp" }));
  const image = await request.get(`${server.origin}/uploads/events/from-the-bucket.webp`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");
  expect(Buffer.compare(await image.body(), webp)).toBe(0);
  expect((await request.get(`${server.origin}/uploads/events/missing.webp`)).status()).toBe(404);
});
