/**
 * Sponsors: the businesses and trusts thanked on /about, kept by staff in their order.
 * Every write keeps a revision (History), is audited and announced on the "sponsors" topic.
 * The public read goes through the content cache; the logo's alt text and focal point come
 * from the media library.
 */
import { asc, eq, max, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import type { AuditAction } from "../../domain/audit/describe.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { withImageDetails } from "../media/index.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import type { SponsorFormData } from "./sponsors.schema.ts";
import { sponsors, type SponsorRow } from "./table.ts";

export type PublicSponsor = Pick<SponsorRow, "name" | "url" | "image" | "image_alt"> & { image_focal?: string };
export type SponsorInput = Omit<SponsorFormData, "image_decorative"> & { image: string | null };

/** The visible sponsors in their order, for /about. */
export function listPublicSponsors(): Promise<PublicSponsor[]> {
  return cachedRead("sponsors", "visible", () =>
    getDb()
      .select({ name: sponsors.name, url: sponsors.url, image: sponsors.image, image_alt: sponsors.image_alt })
      .from(sponsors)
      .where(eq(sponsors.is_visible, true))
      .orderBy(asc(sponsors.sort_order), asc(sponsors.id))
      .then(withImageDetails),
  );
}

export function listSponsorsForAdmin(): Promise<SponsorRow[]> {
  return getDb().select().from(sponsors).orderBy(asc(sponsors.sort_order), asc(sponsors.id));
}

export async function getSponsor(id: number): Promise<SponsorRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(sponsors).where(eq(sponsors.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a sponsor keeps: everything staff edit. */
export const sponsorRevisionData = (row: SponsorRow) => ({ name: row.name, url: row.url, image: row.image, image_alt: row.image_alt, is_visible: row.is_visible });

function changed(actor: AuditActor, action: AuditAction, id: number, details: Record<string, unknown>) {
  publishChange("sponsors");
  return recordAudit(actor, action, { entity: "sponsor", entityId: id, details });
}

async function revised(actor: AuditActor, action: AuditAction, row: SponsorRow, details: Record<string, unknown>) {
  await recordRevision("sponsor", row.id, sponsorRevisionData(row), actor);
  await changed(actor, action, row.id, details);
}

/** Adds a sponsor at the end of the list. */
export async function createSponsor(input: SponsorInput, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    await tx.execute(sql`lock table sponsors in share row exclusive mode`);
    const [{ last }] = await tx.select({ last: max(sponsors.sort_order) }).from(sponsors);
    const [created] = await tx
      .insert(sponsors)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await revised(actor, "sponsor.created", row, { name: row.name });
  return row;
}

/** Updates a sponsor; `image` undefined keeps the logo, null removes it. Null when there is no such sponsor. */
export async function updateSponsor(id: number, input: Omit<SponsorInput, "image"> & { image?: string | null }, actor: AuditActor) {
  const before = await getSponsor(id);
  if (!before) return null;
  const [row] = await getDb()
    .update(sponsors)
    .set({ ...input, updated_at: sql`now()` })
    .where(eq(sponsors.id, id))
    .returning();
  if (!row) return null;
  const fields = (["name", "url", "image", "image_alt", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await revised(actor, "sponsor.updated", row, { name: row.name, changed: fields });
  return row;
}

export async function setSponsorVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(sponsors).set({ is_visible: visible, updated_at: sql`now()` }).where(eq(sponsors.id, id)).returning();
  if (!row) return null;
  await revised(actor, visible ? "sponsor.shown" : "sponsor.hidden", row, { name: row.name });
  return row;
}

/** Swaps a sponsor with its neighbour above or below; false when it is already first or last (or missing). */
export async function moveSponsor(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getSponsor(id);
  if (!row || !(await moveInOrder("sponsors", id, direction))) return false;
  await changed(actor, "sponsor.moved", id, { name: row.name, direction });
  return true;
}

export async function deleteSponsor(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(sponsors).where(eq(sponsors.id, id)).returning();
  if (!row) return false;
  await changed(actor, "sponsor.deleted", id, { name: row.name });
  return true;
}
