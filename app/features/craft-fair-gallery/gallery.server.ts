/**
 * The craft fairs page's gallery: images with alt text, in staff's order, shown or
 * hidden. Every write is audited and announced on "craft-fair-gallery". When the read
 * fails, the built-in gallery is shown (app/content/sample-fallback.server.ts).
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, eq, max } from "drizzle-orm";
import { CRAFT_FAIR_GALLERY } from "./sample.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { craftFairGallery, type GalleryImageRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { withImageDetails } from "../media/index.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import type { GalleryImageFormData } from "./gallery.schema.ts";

export interface PublicGalleryImage {
  image: string;
  /** From the media library, like image_focal (the crop's centre, "x% y%"; absent for the middle). */
  image_alt: string;
  image_focal?: string;
}
type GalleryInput = Omit<GalleryImageFormData, "image_decorative">;

export function listGallery() {
  return withSampleFallback<PublicGalleryImage>(
    "craft fair gallery",
    () =>
      cachedRead("craft-fair-gallery", "visible", () =>
        getDb()
          .select({ image: craftFairGallery.image, image_alt: craftFairGallery.image_alt })
          .from(craftFairGallery)
          .where(eq(craftFairGallery.is_visible, true))
          .orderBy(asc(craftFairGallery.sort_order), asc(craftFairGallery.id))
          .then(withImageDetails),
      ),
    () => CRAFT_FAIR_GALLERY.map((g) => ({ image: g.src, image_alt: g.alt })),
  );
}

export function listGalleryForAdmin(): Promise<GalleryImageRow[]> {
  return getDb().select().from(craftFairGallery).orderBy(asc(craftFairGallery.sort_order), asc(craftFairGallery.id));
}

export async function getGalleryImage(id: number): Promise<GalleryImageRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(craftFairGallery).where(eq(craftFairGallery.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a gallery image keeps: its description and whether it is shown (and which file it was). */
export const galleryImageRevisionData = (row: GalleryImageRow) => ({ image: row.image, image_alt: row.image_alt, is_visible: row.is_visible });

async function changed(actor: AuditActor, action: AuditAction, row: GalleryImageRow, details: Record<string, unknown> = {}) {
  publishChange("craft-fair-gallery");
  if (!action.endsWith(".moved") && !action.endsWith(".deleted")) await recordRevision("gallery-image", row.id, galleryImageRevisionData(row), actor);
  await recordAudit(actor, action, { entity: "gallery_image", entityId: row.id, details: { alt: row.image_alt, ...details } });
}

export async function createGalleryImage(input: GalleryInput & { image: string }, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(craftFairGallery.sort_order) }).from(craftFairGallery);
    const [created] = await tx
      .insert(craftFairGallery)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await changed(actor, "gallery_image.created", row);
  return row;
}

/** Updates an image; `image` undefined keeps the file, a new URL replaces it (the old upload is deleted). */
export async function updateGalleryImage(id: number, input: GalleryInput & { image?: string }, actor: AuditActor) {
  const before = await getGalleryImage(id);
  if (!before) return null;
  const [row] = await getDb().update(craftFairGallery).set(input).where(eq(craftFairGallery.id, id)).returning();
  if (!row) return null;
  await changed(actor, "gallery_image.updated", row);
  return row;
}

export async function setGalleryImageVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(craftFairGallery).set({ is_visible: visible }).where(eq(craftFairGallery.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "gallery_image.shown" : "gallery_image.hidden", row);
  return row;
}

export async function moveGalleryImage(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getGalleryImage(id);
  if (!row || !(await moveInOrder("craft_fair_gallery", id, direction))) return false;
  await changed(actor, "gallery_image.moved", row, { direction });
  return true;
}

export async function deleteGalleryImage(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(craftFairGallery).where(eq(craftFairGallery.id, id)).returning();
  if (!row) return false;
  await changed(actor, "gallery_image.deleted", row);
  return true;
}
