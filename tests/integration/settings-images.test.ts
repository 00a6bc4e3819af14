/** Hero and about images: uploaded into the media library, replaced and removed (the library keeps the files). */
import { reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSiteSettings, readSettingsForEditing, replaceSettingsImage, saveSiteSettings } from "../../app/features/settings/settings.server.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import { getMediaByUrl, MediaRejectedError } from "../../app/features/media/media.server.ts";
import { action as imagesAction } from "../../app/features/settings/admin/settings-images.ts";
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

  it("adds each upload to the media library and keeps the previous one there when the image is replaced or removed", async () => {
    const first = await replaceSettingsImage("about", await png(900), actor);
    expect(await getMediaByUrl(first!)).toMatchObject({ kind: "image", filename: "about-image" });
    const second = await replaceSettingsImage("about", await png(700), actor);
    expect(second).not.toBe(first);
    expect((await getSiteSettings()).about_image_url).toBe(second);
    expect(files().some((f) => `/uploads/${f}` === first)).toBe(true);

    expect(await replaceSettingsImage("about", null, actor)).toBeNull();
    expect((await getSiteSettings()).about_image_url).toBeNull();
    expect(files().some((f) => `/uploads/${f}` === second)).toBe(true);
    expect(await getMediaByUrl(second!)).not.toBeNull();
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    const before = (await getSiteSettings()).hero_image_url;
    const count = files().length;
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    await expect(replaceSettingsImage("hero", html, actor)).rejects.toBeInstanceOf(MediaRejectedError);
    expect((await getSiteSettings()).hero_image_url).toBe(before);
    expect(files().length).toBe(count);
  });

  it("saving the settings form (which has no image or handle fields) keeps the images and the old handles", async () => {
    const url = await replaceSettingsImage("hero", await png(1200), actor);
    const current = await readSettingsForEditing();
    const form = Object.fromEntries(
      Object.entries(current).filter(([key]) => !["hero_image_url", "about_image_url", "social_facebook", "social_twitter", "social_instagram"].includes(key)),
    );
    const result = await saveSiteSettings({ ...form, hero_title: "Saved from the form" }, actor);
    expect(result).toMatchObject({ ok: true, settings: { hero_title: "Saved from the form", hero_image_url: url } });
    expect(await getSiteSettings()).toMatchObject({
      hero_title: "Saved from the form",
      hero_image_url: url,
      social_facebook: current.social_facebook,
      social_twitter: current.social_twitter,
    });
    // A stale image path sent along (an old browser tab) does not undo the upload.
    await saveSiteSettings({ ...form, hero_image_url: "/images/old.webp" }, actor);
    expect((await getSiteSettings()).hero_image_url).toBe(url);
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
      .then(() => throughLayouts("features/settings/admin/settings-images.ts", imagesAction, { ...args, request } as never))
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
