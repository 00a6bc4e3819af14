/**
 * Craft fairs, admin side: list with search and filters, counts, read one, create (once
 * per submission key), update, toggle active, delete. Every change is written to the
 * audit log and announced on the change feed. Public reads live in craft-fairs.server.ts.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { craftFairs, type CraftFairRow } from "../../db/schema.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import type { AdminListFilters } from "../../domain/listings/listing-fields.schema.ts";
import {
  CRAFT_FAIR_KIND,
  countItems,
  createOnce,
  deleteItem,
  upcomingFirst,
  listPage,
  spaceWrites,
  toggleActive,
  validId,
} from "../../domain/listings/listings.server.ts";
import type { CraftFairFormData } from "./craft-fairs.schema.ts";

export type CraftFairInput = Omit<CraftFairFormData, "is_active" | "is_past" | "stalls_available"> & {
  stalls_available?: number;
  is_active?: boolean;
  is_past?: boolean;
  image?: string | null;
};

/** One page of the admin list (upcoming first, then past), with how many match the filters. */
export function listCraftFairsForAdmin(filters: AdminListFilters) {
  return listPage(craftFairs, filters, (where, limit, offset) =>
    upcomingFirst(craftFairs, where, limit, offset, (part, order, n, skip) =>
      getDb().select().from(craftFairs).where(part).orderBy(...order).limit(n).offset(skip),
    ),
  );
}

export const countCraftFairs = () => countItems(craftFairs);

export async function getCraftFairForAdmin(id: number): Promise<CraftFairRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(craftFairs).where(eq(craftFairs.id, id)).limit(1);
  return row ?? null;
}

/** Creates a craft fair (active, not past, 20 stalls unless said otherwise). A repeated submission key creates nothing. */
export async function createCraftFair(input: CraftFairInput, actor: AuditActor, submissionKey?: string | null) {
  await spaceWrites(actor.userId);
  const result = await createOnce(CRAFT_FAIR_KIND.entity, submissionKey, async (tx) => {
    const [row] = await tx
      .insert(craftFairs)
      .values({
        ...input,
        stalls_available: input.stalls_available ?? 20,
        is_active: input.is_active ?? true,
        is_past: input.is_past ?? false,
      })
      .returning({ id: craftFairs.id });
    if (!row) throw new Error("Failed to create craft fair: No data returned");
    await recordAudit(actor, "craft_fair.create", { entity: "craft_fair", entityId: row.id, details: { title: input.title } }, tx);
    return row.id;
  });
  if (!result.duplicate) publishChange("craft-fairs");
  return result;
}

/** Updates a craft fair; `image` undefined keeps the current image, null removes it. Null when unknown. */
export async function updateCraftFair(id: number, input: CraftFairInput, actor: AuditActor) {
  if (!validId(id)) return null;
  await spaceWrites(actor.userId);
  const result = await getDb().transaction(async (tx) => {
    const [before] = await tx.select({ image: craftFairs.image }).from(craftFairs).where(eq(craftFairs.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(craftFairs)
      .set({ ...input, updated_at: sql`now()` })
      .where(eq(craftFairs.id, id))
      .returning();
    if (!row) return null;
    await recordAudit(actor, "craft_fair.update", { entity: "craft_fair", entityId: id, details: { title: row.title } }, tx);
    return { row };
  });
  if (!result) return null;
  publishChange("craft-fairs");
  return result.row;
}

export const toggleCraftFairActive = (id: number, actor: AuditActor) => toggleActive(CRAFT_FAIR_KIND, id, actor);
export const deleteCraftFair = (id: number, actor: AuditActor) => deleteItem(CRAFT_FAIR_KIND, id, actor);
