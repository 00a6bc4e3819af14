/** Hero and about images: uploaded through the image store, replaced and removed with their files. */
import { reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSiteSettings, replaceSettingsImage } from "../../app/domain/settings/settings.server.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import { ImageRejectedError } from "../../app/storage/images.server.ts";
import { action as imagesAction } from "../../app/routes/admin/admin-only/settings-images.ts";
import { throughLayouts } from "../helpers/route-table.ts";
import { createSignedInAccount, routeArgs } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();
afterAll(stopListening);

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-settings-images-"));
  process.env.UPLOADS_DIR = dir;
  reloadConfig();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const files = () => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".webp")).sort();
const actor = { userId: null, email: "admin@example.org", ip: "127.0.0.1" };
const png = (width: number) => sharp({ create: { width, height: 600, channels: 3, background: "#2a896a" } }).png().toBuffer();

describe("settings images", () => {
  it("stores an uploaded hero image under settings/, resized, and shows it in the settings", async () => {
    const url = await replaceSettingsImage("hero", await png(2400), actor);
    expect(url).toMatch(/^\/uploads\/settings\/[\w-]+\.webp$/);
    expect((await getSiteSettings()).hero_image_url).toBe(url);
    const stored = await sharp(path.join(dir, url!.replace("/uploads/", ""))).metadata();
    expect(stored.width).toBe(1600);
    expect(files().every((f) => f.startsWith("settings/"))).toBe(true);
  });

  it("deletes the previous file when the image is replaced, and all files when it is removed", async () => {
    const first = await replaceSettingsImage("about", await png(900), actor);
    const before = files().filter((f) => `/uploads/${f}`.startsWith(first!.replace(".webp", "")));
    expect(before.length).toBeGreaterThan(0);
    const second = await replaceSettingsImage("about", await png(700), actor);
    expect(second).not.toBe(first);
    expect(files().some((f) => `/uploads/${f}`.startsWith(first!.replace(".webp", "")))).toBe(false);

    expect(await replaceSettingsImage("about", null, actor)).toBeNull();
    expect((await getSiteSettings()).about_image_url).toBeNull();
    expect(files().some((f) => `/uploads/${f}`.startsWith(second!.replace(".webp", "")))).toBe(false);
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    const before = (await getSiteSettings()).hero_image_url;
    const count = files().length;
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    await expect(replaceSettingsImage("hero", html, actor)).rejects.toBeInstanceOf(ImageRejectedError);
    expect((await getSiteSettings()).hero_image_url).toBe(before);
    expect(files().length).toBe(count);
  });
});

describe("the settings image route", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])("refuses which=%s with 400 and changes nothing", async (which) => {
    const admin = await createSignedInAccount({ role: "administrator" });
    const before = await getSiteSettings();
    const body = new FormData();
    body.set("intent", "remove");
    body.set("which", which);
    const args = routeArgs("/admin/settings/images", { token: admin.token, method: "POST" });
    const request = new Request(args.request.url, { method: "POST", headers: args.request.headers, body });
    const refused = await Promise.resolve()
      .then(() => throughLayouts("routes/admin/admin-only/settings-images.ts", imagesAction, { ...args, request } as never))
      .then(
        () => null,
        (error: unknown) => error as { init: ResponseInit },
      );
    expect(refused?.init.status).toBe(400);
    const after = await getSiteSettings();
    expect(after.hero_image_url).toBe(before.hero_image_url);
    expect(after.about_image_url).toBe(before.about_image_url);
  });
});
