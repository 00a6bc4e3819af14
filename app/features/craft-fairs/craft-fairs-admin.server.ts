/**
 * Craft fairs, admin side: list with search and filters, counts, read one, create (once
 * per submission key), update, toggle active, delete. Every change is written to the
 * audit log and announced on the change feed. Public reads live in craft-fairs.server.ts.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { craftFairs, type CraftFairRow } from "./table.ts";
import type { AuditActor } from "../../domain/audit/audit.server.ts";
import type { AdminListFilters } from "../../domain/listings/listing-fields.schema.ts";
import {
  CRAFT_FAIR_KIND,
  countItems,
  createItem,
  deleteItem,
  getItem,
  upcomingFirst,
  listPage,
  toggleActive,
  updateItem,
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

export const getCraftFairForAdmin = (id: number): Promise<CraftFairRow | null> => getItem(craftFairs, id);

/** Creates a craft fair (active, not past, 20 stalls unless said otherwise). A repeated submission key creates nothing. */
export function createCraftFair(input: CraftFairInput, actor: AuditActor, submissionKey?: string | null) {
  return createItem(CRAFT_FAIR_KIND, input.title, actor, submissionKey, async (tx) => {
    const [row] = await tx
      .insert(craftFairs)
      .values({
        ...input,
        stalls_available: input.stalls_available ?? 20,
        is_active: input.is_active ?? true,
        is_past: input.is_past ?? false,
      })
      .returning({ id: craftFairs.id });
    return row?.id;
  });
}

/** Updates a craft fair; `image` undefined keeps the current image, null removes it. Null when unknown. */
export function updateCraftFair(id: number, input: CraftFairInput, actor: AuditActor) {
  return updateItem(CRAFT_FAIR_KIND, id, actor, async (tx) => {
    const [row] = await tx
      .update(craftFairs)
      .set({ ...input, updated_at: sql`now()` })
      .where(eq(craftFairs.id, id))
      .returning();
    return row;
  });
}

export const toggleCraftFairActive = (id: number, actor: AuditActor) => toggleActive(CRAFT_FAIR_KIND, id, actor);
export const deleteCraftFair = (id: number, actor: AuditActor) => deleteItem(CRAFT_FAIR_KIND, id, actor);
