/**
 * The media library's screens through the route table's layouts: a refused upload answers
 * Conform's reply with its message on the file field and stores nothing (no row, no file),
 * and says truthfully which files were added when only some were; a refused save keeps
 * what was typed and changes nothing; a refused delete says why and deletes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { media } from "../../db/schema.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { stopListening } from "../../live/change-feed.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { action as uploadAction } from "./admin/media.tsx";
import { action as itemAction } from "./admin/media-item.tsx";
import { getMedia, getMediaByUrl, MEDIA_WRONG_TYPE, mediaUsages } from "./media.server.ts";

setupTestDatabase();
afterAll(stopListening);

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-media-screens-"));
  process.env.UPLOADS_DIR = dir;
  reloadConfig();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Answer = { init?: ResponseInit; data: unknown };
const storedFiles = () => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.includes("."));
const rows = async () => (await getDb().select({ id: media.id }).from(media)).length;
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 110, b: 85 } } }).png().toBuffer();

async function upload(token: string, files: { name: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  for (const file of files) body.append("files", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  if (files.length === 0) body.append("files", new File([], "", { type: "application/octet-stream" }));
  return throughLayouts("features/media/admin/media.tsx", uploadAction, routeArgs("/admin/media", {}, { token, method: "POST", body }));
}

describe("a refused upload stores nothing", () => {
  it("answers Conform's reply on the file field: no file chosen, a renamed HTML file, more than ten files", async () => {
    const staff = await staffSession("editor");
    const before = await rows();
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const tiny = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    for (const [files, message] of [
      [[], "Choose one or more images or PDFs to upload."],
      [[{ name: "holiday.png", bytes: html }], `holiday.png: ${MEDIA_WRONG_TYPE}`],
      [Array.from({ length: 11 }, (_, i) => ({ name: `n${i}.png`, bytes: tiny })), "Upload at most ten files, each up to 10 MB and 30 MB in all."],
    ] as const) {
      const refused = (await upload(staff.token, [...files])) as unknown as Answer;
      expect(refused.init?.status, message).toBe(400);
      expect(refused.data).toEqual({ status: "error", initialValue: {}, error: { files: [message] } });
    }
    expect(await rows()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it("when only some files are refused, says which and that the others were added, and only those are", async () => {
    const staff = await staffSession("editor");
    const before = await rows();
    const refused = (await upload(staff.token, [
      { name: "good.png", bytes: await png() },
      { name: "bad.png", bytes: new TextEncoder().encode("not an image at all") },
    ])) as unknown as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ status: "error", initialValue: {}, error: { files: [`bad.png: ${MEDIA_WRONG_TYPE} The other file was added.`] } });
    const added = await getDb().select().from(media);
    expect(added).toHaveLength(before + 1);
    expect(added.filter((m) => m.filename === "good.png")).toHaveLength(1);
    expect(added.filter((m) => m.filename === "bad.png")).toEqual([]);
  });
});

describe("a media item's refused forms", () => {
  it("keeps the description and focal point as typed when the save is refused, and changes nothing", async () => {
    const staff = await staffSession("editor");
    const item = (await getMediaByUrl("/images/trustees/trustee-1.svg"))!;
    const id = String(item.id);
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", alt: "A new description", focal_x: "101", focal_y: "30" })) body.set(k, v);
    const refused = (await throughLayouts("features/media/admin/media-item.tsx", itemAction, routeArgs(`/admin/media/${id}`, { id }, { token: staff.token, method: "POST", body }))) as unknown as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      intent: "save",
      reply: { status: "error", error: { focal_x: ["Enter a whole number from 0 to 100"] }, initialValue: { alt: "A new description", focal_x: "101", focal_y: "30" } },
    });
    expect(await getMedia(item.id)).toMatchObject({ alt: item.alt, focal_x: item.focal_x, focal_y: item.focal_y, decorative: item.decorative });
  });

  it("refuses to delete an item in use with the form's own message, and keeps it", async () => {
    const staff = await staffSession("editor");
    const item = (await getMediaByUrl("/images/events/litter-pick.svg"))!;
    expect((await mediaUsages(item.url)).length).toBeGreaterThan(0);
    const id = String(item.id);
    const body = new FormData();
    body.set("intent", "delete");
    const refused = (await throughLayouts("features/media/admin/media-item.tsx", itemAction, routeArgs(`/admin/media/${id}`, { id }, { token: staff.token, method: "POST", body }))) as unknown as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "delete", reply: { status: "error", error: { "": [expect.stringContaining("cannot be deleted. Remove it from:")] } } });
    expect(await getMedia(item.id)).not.toBeNull();
  });
});
