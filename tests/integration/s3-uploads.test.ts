/**
 * Uploads with S3_BUCKET set: a public form's attachments and an admin image land in the
 * S3-compatible server (on loopback), nothing on the local disk; the image is served back
 * at /uploads/..., the private file only to staff through the inbox, never at /uploads;
 * retention deletes the objects.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getDb } from "../../app/db/client.server.ts";
import { craftFairs } from "../../app/features/craft-fairs/table.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { getSiteSettings } from "../../app/features/settings/settings.server.ts";
import { deleteExpiredSubmissions } from "../../app/domain/data-protection/retention.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import { action as settingsImagesAction } from "../../app/features/settings/admin/settings-images.ts";
import { loader as fileRouteLoader } from "../../app/features/submissions/admin/submission-file.ts";
import { action as craftFairsAction } from "../../app/features/craft-fairs/craft-fairs-page.tsx";
import { publicStore } from "../../app/storage/file-store.server.ts";
import { checkFileStore } from "../../app/system/diagnostics.server.ts";
import { servePublicFiles } from "../../server/public-files.ts";
import { throughLayouts } from "../helpers/route-table.ts";
import { startS3Server, type TestS3 } from "../helpers/s3-server.ts";
import { PNG_BYTES, routeArgs, staffSession, stallForm } from "../helpers/submissions.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

let s3: TestS3;
let dataDir = "";
const saved = { ...process.env };
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-s3-uploads-"));
  Object.assign(process.env, s3.env, { DATA_DIR: dataDir });
  delete process.env.UPLOADS_DIR;
  reloadConfig();
});
afterAll(async () => {
  for (const key of Object.keys(s3.env)) delete process.env[key];
  Object.assign(process.env, saved);
  reloadConfig();
  await stopListening();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The app's /uploads on loopback, as server/app.ts mounts it when S3_BUCKET is set. */
async function uploadsServer(baseUrl?: string) {
  const app = express();
  app.use("/uploads", servePublicFiles({ store: publicStore, baseUrl }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

const thrown = async (promise: Promise<unknown>) => promise.then(() => expect.fail("expected the call to throw"), (error: unknown) => error);
type Args<F> = F extends (args: infer A) => unknown ? A : never;
const fileLoader = (args: Args<typeof fileRouteLoader>) => throughLayouts("features/submissions/admin/submission-file.ts", fileRouteLoader, args);
const imagesAction = (args: Args<typeof settingsImagesAction>) => throughLayouts("features/settings/admin/settings-images.ts", settingsImagesAction, args);

describe("uploads with S3-compatible storage", () => {
  it("stores a stall application's photos in the bucket's private prefix; staff download them, nobody else can", async () => {
    // A fair still taking applications (the server refuses fairs past their deadline).
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const title = `S3 Test Fair ${Date.now()}`;
    await getDb().insert(craftFairs).values({ title, date: day(60), time: "10:00", description: "Makers", location: "Hall", application_deadline: day(30) });
    const body = stallForm({}, 3);
    body.set("fairs", title);
    const request = new Request("http://localhost/craft-fairs", { method: "POST", body });
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "198.51.100.40", nonce: "", secure: false });
    const answer = (await craftFairsAction({ request, context, params: {} } as never)) as { data: { status: string; reference: string }; init: ResponseInit };
    expect(answer.data.status).toBe("ok");

    const objects = await s3.objects("private/");
    expect(objects).toHaveLength(3);
    expect(objects.every((o) => /^private\/submissions\/[0-9a-f-]{36}\.png$/.test(o.key) && o.size === PNG_BYTES.byteLength)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "private-uploads"))).toBe(false);

    const [row] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, answer.data.reference));
    const url = `/admin/inbox/${row!.id}/files/1`;
    const params = { id: row!.id, index: "1" };

    const anonymous = await thrown(fileLoader(routeArgs(url, params)));
    expect((anonymous as Response).status).toBe(302);
    const noRole = await staffSession(null);
    expect(((await thrown(fileLoader(routeArgs(url, params, { token: noRole.token })))) as { init?: ResponseInit }).init?.status).toBe(403);

    const editor = await staffSession("editor", { canSeeSubmissions: true });
    const file = await fileLoader(routeArgs(url, params, { token: editor.token }));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Length")).toBe(String(PNG_BYTES.byteLength));
    expect(file.headers.get("Content-Disposition")).toMatch(/filename="photo-1.png"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES);

    // The private object is not reachable through the public file address.
    const site = await uploadsServer();
    try {
      const key = row!.files[1]!.key;
      expect((await fetch(`${site.origin}/uploads/${key}`)).status).toBe(404);
    } finally {
      await site.close();
    }

    // Retention deletes the row and its objects.
    await deleteExpiredSubmissions(new Date(Date.now() + 20 * 365 * 24 * 3600 * 1000));
    expect(await s3.objects("private/")).toEqual([]);
  });

  it("stores an administrator's hero image in the bucket's public prefix and serves it at its /uploads address", async () => {
    const admin = await staffSession("administrator");
    const form = new FormData();
    form.append("which", "hero");
    form.append("intent", "upload");
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#2a896a" } }).png().toBuffer();
    form.append("image", new File([Uint8Array.from(png)], "hero.png", { type: "image/png" }));
    const answer = (await imagesAction(routeArgs("/admin/settings/images", {}, { token: admin.token, method: "POST", body: form }))) as Response;
    expect(answer.status).toBe(302);

    const url = (await getSiteSettings()).hero_image_url!;
    expect(url).toMatch(/^\/uploads\/settings\/[\w-]+\.webp$/);
    const key = url.replace("/uploads/", "");
    const objects = (await s3.objects("public/settings/")).map((o) => o.key);
    expect(objects).toEqual(expect.arrayContaining([`public/${key}`, `public/${key.replace(".webp", "-800.webp")}`, `public/${key.replace(".webp", "-400.webp")}`]));
    expect(fs.existsSync(path.join(dataDir, "uploads", "settings"))).toBe(false);

    const site = await uploadsServer();
    try {
      const response = await fetch(`${site.origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toMatch(/immutable/);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 1000 });
      const head = await fetch(`${site.origin}${url}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("Content-Length")).toBe(response.headers.get("Content-Length"));
      expect((await fetch(`${site.origin}${url}`, { method: "DELETE" })).status).toBe(405);
      expect((await fetch(`${site.origin}/uploads/settings/missing.webp`)).status).toBe(404);
      expect((await fetch(`${site.origin}/uploads/%2e%2e%2fprivate%2fsubmissions%2fx.png`)).status).toBe(404);
    } finally {
      await site.close();
    }

    // With S3_PUBLIC_BASE_URL the address sends browsers to the bucket's public address.
    const cdn = await uploadsServer("https://files.example.org");
    try {
      const response = await fetch(`${cdn.origin}${url}`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(`https://files.example.org/public/${key}`);
    } finally {
      await cdn.close();
    }
  });

  it("diagnostics write and remove a test object in the bucket", async () => {
    const before = await s3.objects();
    expect(await checkFileStore()).toMatchObject({ status: "ok", detail: `Wrote and removed a test object in the bucket ${s3.bucket}` });
    expect(await s3.objects()).toEqual(before);
  });
});
