/**
 * Local causes: the projects shown on /causes and the home page, edited by staff. The
 * raised figure a visitor sees is what staff enter for money raised off the site plus
 * every paid gift given online to that cause. Every write is audited, keeps a revision
 * and is announced on the "causes" topic (the public pages and caches refresh). Sample
 * causes are seeded on a fresh install only; when the read fails, the built-in samples
 * are shown instead (app/content/sample-fallback.server.ts).
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, eq, max, sql } from "drizzle-orm";
import { SAMPLE_CAUSES } from "./sample.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { causes, type CauseRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { withImageDetails } from "../media/index.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import type { CauseFormData } from "./causes.schema.ts";

export interface PublicCause {
  title: string;
  description: string;
  image: string | null;
  /** From the media library, like image_focal (the crop's centre, "x% y%"; absent for the middle). */
  image_alt: string;
  image_focal?: string;
  /** Pence: raised off the site plus paid gifts to this cause. */
  raised_pence: number;
  goal_pence: number;
}
export type CauseInput = Omit<CauseFormData, "image_decorative"> & { image: string | null };

/** Pence given online to each cause (paid gifts only), by cause id. */
const giftsPence = sql<number>`coalesce((select sum(d.amount_pence) from donations d where d.cause_id = "causes"."id" and d.status = 'paid'), 0)::bigint`.mapWith(Number);

/** The visible causes in their order, for the public pages. */
export function listCauses() {
  return withSampleFallback<PublicCause>(
    "causes",
    () =>
      cachedRead("causes", "visible", () =>
        getDb()
          .select({
            title: causes.title,
            description: causes.description,
            image: causes.image,
            image_alt: causes.image_alt,
            // (Table names written out: Drizzle leaves them off the columns of a one-table select.)
            raised_pence: sql<number>`("causes"."raised_pence" + ${giftsPence})::bigint`.mapWith(Number),
            goal_pence: causes.goal_pence,
          })
          .from(causes)
          .where(eq(causes.is_visible, true))
          .orderBy(asc(causes.sort_order), asc(causes.id))
          .then(withImageDetails),
      ),
    () => SAMPLE_CAUSES.map((c) => ({ ...c, image_alt: "" })),
  );
}

/** Every cause in order, with the pence given online to it. */
export function listCausesForAdmin(): Promise<(CauseRow & { gifts: number })[]> {
  return getDb()
    .select({
      id: causes.id,
      title: causes.title,
      description: causes.description,
      image: causes.image,
      image_alt: causes.image_alt,
      raised_pence: causes.raised_pence,
      goal_pence: causes.goal_pence,
      sort_order: causes.sort_order,
      is_visible: causes.is_visible,
      gifts: giftsPence,
    })
    .from(causes)
    .orderBy(asc(causes.sort_order), asc(causes.id));
}

export async function getCause(id: number): Promise<CauseRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(causes).where(eq(causes.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a cause keeps: everything staff edit. */
export const causeRevisionData = (row: CauseRow) => ({
  title: row.title,
  description: row.description,
  goal_pence: row.goal_pence,
  raised_pence: row.raised_pence,
  image: row.image,
  image_alt: row.image_alt,
  is_visible: row.is_visible,
});

async function changed(actor: AuditActor, action: AuditAction, row: CauseRow, details: Record<string, unknown> = {}) {
  publishChange("causes");
  if (action !== "cause.moved" && action !== "cause.deleted") await recordRevision("cause", row.id, causeRevisionData(row), actor);
  await recordAudit(actor, action, { entity: "cause", entityId: row.id, details: { title: row.title, ...details } });
}

/** Adds a cause at the end of the list. */
export async function createCause(input: CauseInput, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(causes.sort_order) }).from(causes);
    const [created] = await tx
      .insert(causes)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await changed(actor, "cause.created", row);
  return row;
}

/** Updates a cause; `image` undefined keeps the image, null removes it. Null when there is no such cause. */
export async function updateCause(id: number, input: Omit<CauseInput, "image"> & { image?: string | null }, actor: AuditActor, action: AuditAction = "cause.updated") {
  const before = await getCause(id);
  if (!before) return null;
  const [row] = await getDb().update(causes).set(input).where(eq(causes.id, id)).returning();
  if (!row) return null;
  const fields = (["title", "description", "goal_pence", "raised_pence", "image", "image_alt", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await changed(actor, action, row, { changed: fields });
  return row;
}

export async function setCauseVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(causes).set({ is_visible: visible }).where(eq(causes.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "cause.shown" : "cause.hidden", row);
  return row;
}

export async function moveCause(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getCause(id);
  if (!row || !(await moveInOrder("causes", id, direction))) return false;
  await changed(actor, "cause.moved", row, { direction });
  return true;
}

/** Deletes a cause. Gifts given to it keep the cause's title in the donations ledger. */
export async function deleteCause(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(causes).where(eq(causes.id, id)).returning();
  if (!row) return false;
  await changed(actor, "cause.deleted", row);
  return true;
}
