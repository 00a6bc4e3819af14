/**
 * Move up / Move down for lists that staff order by hand (causes, fund recipients, volunteer roles, the craft fair gallery):
 * swaps an item with its neighbour in the list's order (sort_order, then id), optionally
 * within a group (the recipients of one year). One reorder at a time per table, so two
 * quick clicks cannot give two items the same place.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { validId } from "./listings.server.ts";

type OrderedTable = "causes" | "fund_recipients" | "volunteer_roles" | "craft_fair_gallery";

/** Returns false when the item is already first or last (or does not exist). */
export async function moveInOrder(table: OrderedTable, id: number, direction: "up" | "down", groupColumn?: "year"): Promise<boolean> {
  if (!validId(id)) return false;
  const t = sql.identifier(table);
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`lock table ${t} in share row exclusive mode`);
    const group = groupColumn ? sql`${sql.identifier(groupColumn)} = (select ${sql.identifier(groupColumn)} from ${t} where id = ${id})` : sql`true`;
    const { rows } = await tx.execute<{ id: number }>(sql`select id from ${t} where ${group} order by sort_order, id`);
    const ids = rows.map((r) => Number(r.id));
    const at = ids.indexOf(id);
    const other = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || other < 0 || other >= ids.length) return false;
    [ids[at], ids[other]] = [ids[other], ids[at]];
    for (const [order, rowId] of ids.entries()) await tx.execute(sql`update ${t} set sort_order = ${order} where id = ${rowId}`);
    return true;
  });
}
