/**
 * Trustees: the board shown on /trustees, edited by staff. Every write is audited and
 * announced on the "trustees" topic (the public page and caches refresh). Sample
 * trustees are seeded on a fresh install only; after that the page shows exactly what
 * staff keep here, and an empty board shows its empty state. When the read fails, the
 * built-in sample board is shown instead (app/content/sample-fallback.server.ts).
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, eq, max, sql } from "drizzle-orm";
import { SAMPLE_TRUSTEES } from "./sample.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { trustees, type TrusteeRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { withImageDetails } from "../media/index.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import type { TrusteeFormData } from "./trustees.schema.ts";

/** image_alt and image_focal come from the media library (withImageDetails). */
export type PublicTrustee = Pick<TrusteeRow, "name" | "role" | "bio" | "image" | "image_alt"> & { image_focal?: string };
export type TrusteeInput = Omit<TrusteeFormData, "image_decorative"> & { image: string | null };

/** The visible trustees in their order, for the public page. */
export function listPublicTrustees() {
  return withSampleFallback<PublicTrustee>(
    "trustees",
    () =>
      cachedRead("trustees", "visible", () =>
        getDb()
          .select({ name: trustees.name, role: trustees.role, bio: trustees.bio, image: trustees.image, image_alt: trustees.image_alt })
          .from(trustees)
          .where(eq(trustees.is_visible, true))
          .orderBy(asc(trustees.sort_order), asc(trustees.id))
          .then(withImageDetails),
      ),
    () => SAMPLE_TRUSTEES,
  );
}

export function listTrusteesForAdmin(): Promise<TrusteeRow[]> {
  return getDb().select().from(trustees).orderBy(asc(trustees.sort_order), asc(trustees.id));
}

export async function getTrustee(id: number): Promise<TrusteeRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(trustees).where(eq(trustees.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a trustee keeps: everything staff edit. */
export const trusteeRevisionData = (row: TrusteeRow) => ({
  name: row.name,
  role: row.role,
  bio: row.bio,
  image: row.image,
  image_alt: row.image_alt,
  is_visible: row.is_visible,
});

function changed(actor: AuditActor, action: AuditAction, id: number, details: Record<string, unknown>) {
  publishChange("trustees");
  return recordAudit(actor, action, { entity: "trustee", entityId: id, details });
}

/** A change to what a trustee shows: keeps a revision, then audits and announces it. */
async function revised(actor: AuditActor, action: AuditAction, row: TrusteeRow, details: Record<string, unknown>) {
  await recordRevision("trustee", row.id, trusteeRevisionData(row), actor);
  await changed(actor, action, row.id, details);
}

/** Adds a trustee at the end of the board. */
export async function createTrustee(input: TrusteeInput, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(trustees.sort_order) }).from(trustees);
    const [created] = await tx
      .insert(trustees)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await revised(actor, "trustee.created", row, { name: row.name });
  return row;
}

/** Updates a trustee; `image` undefined keeps the photo, null removes it. Returns null when there is no such trustee. */
export async function updateTrustee(id: number, input: Omit<TrusteeInput, "image"> & { image?: string | null }, actor: AuditActor) {
  const before = await getTrustee(id);
  if (!before) return null;
  const [row] = await getDb()
    .update(trustees)
    .set({ ...input, updated_at: sql`now()` })
    .where(eq(trustees.id, id))
    .returning();
  if (!row) return null;
  const fields = (["name", "role", "bio", "image", "image_alt", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await revised(actor, "trustee.updated", row, { name: row.name, changed: fields });
  return row;
}

export async function setTrusteeVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(trustees).set({ is_visible: visible, updated_at: sql`now()` }).where(eq(trustees.id, id)).returning();
  if (!row) return null;
  await revised(actor, visible ? "trustee.shown" : "trustee.hidden", row, { name: row.name });
  return row;
}

/** Swaps a trustee with its neighbour above or below; false when it is already first or last (or missing). */
export async function moveTrustee(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getTrustee(id);
  if (!row || !(await moveInOrder("trustees", id, direction))) return false;
  await changed(actor, "trustee.moved", id, { name: row.name, direction });
  return true;
}

export async function deleteTrustee(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(trustees).where(eq(trustees.id, id)).returning();
  if (!row) return false;
  await changed(actor, "trustee.deleted", id, { name: row.name });
  return true;
}
