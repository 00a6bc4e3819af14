import { reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, getEventForAdmin, updateEvent, deleteEvent, type EventInput } from "../../app/features/events/events-admin.server.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import {
  IMAGE_TOO_LARGE,
  IMAGE_WRONG_TYPE,
  deleteImage,
  storeImage,
} from "../../app/storage/images.server.ts";
import { MAX_IMAGE_BYTES, sniffFileType } from "../../app/storage/file-types.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();
afterAll(stopListening);

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-uploads-"));
  process.env.UPLOADS_DIR = dir;
  reloadConfig();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const allFiles = () => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.includes(".")) : []);
const fileOf = (url: string) => path.join(dir, url.replace(/^\/uploads\//, ""));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 85 } } }).png().toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 30 } } }).jpeg().toBuffer();

describe("image uploads", () => {
  it("detects image types by content", async () => {
    expect(sniffFileType(await png(2, 2))).toBe("image/png");
    expect(sniffFileType(await jpeg(2, 2))).toBe("image/jpeg");
    expect(sniffFileType(Buffer.from("GIF89a......"))).toBe("image/gif");
    expect(sniffFileType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("refuses a renamed HTML file, an SVG and an oversized file, leaving nothing on disk", async () => {
    const before = allFiles();
    await expect(storeImage("events", Buffer.from("<!doctype html><script>alert(1)</script>"))).rejects.toThrow(IMAGE_WRONG_TYPE);
    await expect(
      storeImage("events", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')),
    ).rejects.toThrow(IMAGE_WRONG_TYPE);
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await png(4, 4)).copy(big);
    await expect(storeImage("events", big)).rejects.toThrow(IMAGE_TOO_LARGE);
    // A PNG header with garbage after it is refused too.
    const broken = Buffer.concat([(await png(4, 4)).subarray(0, 16), Buffer.alloc(200, 7)]);
    await expect(storeImage("craft-fairs", broken)).rejects.toThrow();
    expect(allFiles()).toEqual(before);
  });

  it("accepts a large PNG and resizes it to 1600, 800 and 400 px WebP files", async () => {
    const url = await storeImage("events", await png(3000, 2000));
    expect(url).toMatch(/^\/uploads\/events\/[A-Za-z0-9_-]+\.webp$/);
    const main = await sharp(fileOf(url)).metadata();
    expect(main).toMatchObject({ format: "webp", width: 1600 });
    expect((await sharp(fileOf(url.replace(".webp", "-800.webp"))).metadata()).width).toBe(800);
    expect((await sharp(fileOf(url.replace(".webp", "-400.webp"))).metadata()).width).toBe(400);
    await deleteImage(url);
    expect(fs.existsSync(fileOf(url))).toBe(false);
    expect(fs.existsSync(fileOf(url.replace(".webp", "-800.webp")))).toBe(false);
  });

  it("accepts a small JPEG without enlarging it", async () => {
    const url = await storeImage("craft-fairs", await jpeg(300, 200));
    expect(url).toMatch(/^\/uploads\/craft-fairs\//);
    expect((await sharp(fileOf(url)).metadata()).width).toBe(300);
    expect((await sharp(fileOf(url.replace(".webp", "-800.webp"))).metadata()).width).toBe(300);
    await deleteImage(url);
  });

  it("keeps an event's old image when it is replaced, removed, or the event deleted (the media library owns the files)", async () => {
    const actor = { email: "editor@example.org" };
    const input: EventInput = {
      title: "Image lifecycle",
      date: "2031-06-01",
      time: "19:00",
      description: "An event with pictures.",
      long_description: null,
      location: "Hall",
      location_address: null,
      organizer: null,
      ticket_price: null,
      tickets_available: null,
      category: "arts",
    };
    const first = await storeImage("events", await png(500, 300));
    const { id } = await createEvent({ ...input, image: first }, actor);
    const second = await storeImage("events", await png(500, 300));
    await updateEvent(id, { ...input, image: second }, actor);
    expect(fs.existsSync(fileOf(first))).toBe(true);
    expect(fs.existsSync(fileOf(second))).toBe(true);

    // Keeping the image (image undefined) leaves the file alone.
    await updateEvent(id, { ...input, title: "Image lifecycle 2" }, actor);
    expect((await getEventForAdmin(id))?.image).toBe(second);
    expect(fs.existsSync(fileOf(second))).toBe(true);

    await updateEvent(id, { ...input, image: null }, actor);
    expect(fs.existsSync(fileOf(second))).toBe(true);

    const third = await storeImage("events", await png(500, 300));
    await updateEvent(id, { ...input, image: third }, actor);
    await deleteEvent(id, actor);
    expect(fs.existsSync(fileOf(third))).toBe(true);
    for (const url of [first, second, third]) await deleteImage(url);
    expect(allFiles()).toEqual([]);
  });

  it("leaves built-in artwork alone", async () => {
    await expect(deleteImage("/images/events/gala.svg")).resolves.toBeUndefined();
    await expect(deleteImage("/uploads/../../etc/passwd")).resolves.toBeUndefined();
  });
});
