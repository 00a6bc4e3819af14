import { reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { backfillMedia } from "../../app/db/media-backfill.server.ts";
import { MEDIA_ALT_REQUIRED, MediaEditSchema } from "../../app/features/media/media.schema.ts";
import { auditLog, media } from "../../app/db/schema.ts";
import { trustees } from "../../app/features/trustees/table.ts";
import {
  deleteMedia,
  getMedia,
  getMediaByUrl,
  listMedia,
  MEDIA_WRONG_TYPE,
  MediaRejectedError,
  mediaUsages,
  updateMedia,
  uploadMedia,
} from "../../app/features/media/media.server.ts";
import { createTrustee, listPublicTrustees, updateTrustee } from "../../app/features/trustees/trustees.server.ts";
import { stopListening } from "../../app/live/change-feed.server.ts";
import { mediaChoices, readMediaField } from "../../app/domain/listings/media-field.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();
afterAll(stopListening);

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-media-"));
  process.env.UPLOADS_DIR = dir;
  reloadConfig();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 85 } } }).png().toBuffer();
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const fileOf = (url: string) => path.join(dir, url.replace(/^\/uploads\//, ""));
const allFiles = () => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.includes("."));
const edit = (values: Record<string, string>) => MediaEditSchema.parse({ alt: "", decorative: "", focal_x: "50", focal_y: "50", ...values });
const audited = async (action: string, id: number) =>
  (await getDb().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entity_id, String(id))))).length;

describe("media library", () => {
  it("holds the sample pictures from the start, with their alt text and focal points, and the backfill adds nothing twice", async () => {
    const litterPick = await getMediaByUrl("/images/events/litter-pick.svg");
    expect(litterPick).toMatchObject({ kind: "image", decorative: true, focal_x: 47, focal_y: 90 });
    const portrait = await getMediaByUrl("/images/trustees/trustee-1.svg");
    expect(portrait).toMatchObject({ alt: "Illustrated portrait of Margaret Ellison", decorative: false });
    expect(await backfillMedia(getDb())).toBe(0);
  });

  it("uploads an image once, with its responsive variants, size and uploader, and audits it", async () => {
    const item = await uploadMedia({ bytes: await png(2000, 1000), filename: "C:\\photos\\river clean-up.png", alt: "Volunteers by the river" }, actor);
    expect(item).toMatchObject({ kind: "image", filename: "river clean-up.png", alt: "Volunteers by the river", decorative: false, width: 1600, height: 800 });
    expect(item.url).toMatch(/^\/uploads\/media\/[\w-]+\.webp$/);
    for (const suffix of ["", "-800", "-400"]) expect(fs.existsSync(fileOf(item.url.replace(/\.webp$/, `${suffix}.webp`)))).toBe(true);
    expect(await audited("media.uploaded", item.id)).toBe(1);
    expect((await listMedia({ q: "clean-up" })).map((m) => m.id)).toContain(item.id);
    expect((await listMedia({ q: "by the river" })).map((m) => m.id)).toContain(item.id);
    expect((await listMedia({ q: "no such words" })).map((m) => m.id)).not.toContain(item.id);
  });

  it("takes PDFs and refuses anything else by its bytes, storing nothing", async () => {
    const report = await uploadMedia({ bytes: pdf, filename: "report.pdf" }, actor);
    expect(report).toMatchObject({ kind: "pdf", alt: "", width: null });
    expect(report.url).toMatch(/^\/uploads\/media\/.+\.pdf$/);
    const before = allFiles().length;
    await expect(uploadMedia({ bytes: Buffer.from("<!doctype html><script>alert(1)</script>"), filename: "photo.png" }, actor)).rejects.toThrow(
      MEDIA_WRONG_TYPE,
    );
    expect(allFiles().length).toBe(before);
  });

  it("refuses an image with no alt text that is not decorative, on upload from a form and on edit", async () => {
    const before = (await listMedia({ limit: 200 })).length;
    await expect(uploadMedia({ bytes: await png(40, 40), filename: "a.png", alt: "  " }, actor, { requireAlt: true })).rejects.toThrow(MEDIA_ALT_REQUIRED);
    expect((await listMedia({ limit: 200 })).length).toBe(before);

    const item = await uploadMedia({ bytes: await png(40, 40), filename: "b.png" }, actor);
    await expect(updateMedia(item.id, edit({ alt: "" }), actor)).rejects.toBeInstanceOf(MediaRejectedError);
    const decorative = await updateMedia(item.id, edit({ alt: "ignored", decorative: "on", focal_x: "10", focal_y: "90" }), actor);
    expect(decorative).toMatchObject({ alt: "", decorative: true, focal_x: 10, focal_y: 90 });
    expect(await audited("media.updated", item.id)).toBe(1);
  });

  it("accepts focal points from 0 to 100 only", async () => {
    expect(edit({ focal_x: "0", focal_y: "100" })).toMatchObject({ focal_x: 0, focal_y: 100 });
    for (const bad of ["101", "-1", "50.5", "abc", ""]) {
      expect(MediaEditSchema.safeParse({ alt: "x", decorative: "", focal_x: bad, focal_y: "50" }).success).toBe(false);
    }
    const [item] = await listMedia({ kind: "image", limit: 1 });
    await expect(getDb().update(media).set({ focal_y: 120 }).where(eq(media.id, item.id))).rejects.toThrow();
  });

  it("refuses to delete an item while it is used, naming where; deletes it and its files once it is not", async () => {
    const item = await uploadMedia({ bytes: await png(300, 200), filename: "portrait.png", alt: "Nadia Green in the park" }, actor);
    const trustee = await createTrustee({ name: "Nadia Green", role: "Trustee", bio: "Lives in Millbrook and helps.", image: item.url, image_alt: item.alt, is_visible: true }, actor);
    expect((await mediaUsages(item.url)).map((u) => u.label)).toEqual(["Trustee: Nadia Green"]);
    await expect(deleteMedia(item.id, actor)).rejects.toThrow(/still used.*Trustee: Nadia Green/);
    expect(await getMedia(item.id)).not.toBeNull();
    expect(fs.existsSync(fileOf(item.url))).toBe(true);

    // The public page shows the library's alt text and focal point.
    await updateMedia(item.id, edit({ alt: "Nadia Green smiling", focal_x: "30", focal_y: "20" }), actor);
    const shown = (await listPublicTrustees()).items.find((t) => t.name === "Nadia Green");
    expect(shown).toMatchObject({ image: item.url, image_alt: "Nadia Green smiling", image_focal: "30% 20%" });

    await updateTrustee(trustee.id, { name: "Nadia Green", role: "Trustee", bio: "Lives in Millbrook and helps.", image: null, image_alt: "", is_visible: true }, actor);
    expect(fs.existsSync(fileOf(item.url))).toBe(true);
    expect(await deleteMedia(item.id, actor)).toBe(true);
    expect(await getMedia(item.id)).toBeNull();
    expect(fs.existsSync(fileOf(item.url))).toBe(false);
    expect(await audited("media.deleted", item.id)).toBe(1);
    expect((await getDb().select().from(trustees).where(eq(trustees.id, trustee.id)))[0].image).toBeNull();
  });

  it("the forms' media field uses a library image with its alt text, refuses one without, and stores an upload only on demand", async () => {
    const described = await uploadMedia({ bytes: await png(64, 64), filename: "described.png", alt: "The weir in spring" }, actor);
    const bare = await uploadMedia({ bytes: await png(64, 64), filename: "bare.png" }, actor);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    const choices = await mediaChoices("/images/trustees/trustee-1.svg");
    expect(choices.items.map((c) => c.id)).toEqual(expect.arrayContaining([described.id, bare.id, choices.currentId]));
    expect(choices.items.find((c) => c.id === bare.id)?.needsAlt).toBe(true);

    expect(await readMediaField(form({ media_id: String(described.id) }), null, "trustees", actor)).toEqual({
      ok: true,
      image: { kind: "pick", url: described.url },
      alt: { alt: "The weir in spring", decorative: false },
    });
    expect(await readMediaField(form({ media_id: String(bare.id) }), null, "trustees", actor)).toMatchObject({ ok: false, errors: { image: expect.stringMatching(/no alt text/) } });
    expect(await readMediaField(form({ media_id: "none" }), null, "trustees", actor)).toMatchObject({ ok: true, image: { kind: "remove" } });
    expect(await readMediaField(form({ media_id: "999999" }), null, "trustees", actor)).toMatchObject({ ok: false });

    const before = (await listMedia({ limit: 200 })).length;
    const undescribed = await readMediaField(form({}), { bytes: await png(64, 64), filename: "new.png" }, "trustees", actor);
    expect((await listMedia({ limit: 200 })).length).toBe(before);
    if (!undescribed.ok || undescribed.image.kind !== "upload") throw new Error("expected an upload");
    await expect(undescribed.image.store()).rejects.toThrow(MEDIA_ALT_REQUIRED);
    const upload = await readMediaField(form({ media_decorative: "on" }), { bytes: await png(64, 64), filename: "new.png" }, "trustees", actor);
    if (!upload.ok || upload.image.kind !== "upload") throw new Error("expected an upload");
    const stored = await upload.image.store();
    expect(stored.url).toMatch(/^\/uploads\/trustees\//);
    expect(await getMediaByUrl(stored.url)).toMatchObject({ decorative: true, alt: "" });
  });
});
