/**
 * Move up / Move down for every list that staff order by hand (the content types declared
 * `ordered` in app/lib/content-types.ts): swaps an item with its neighbour in the list's
 * order (sort_order, then id), within its group when the type declares one (the
 * recipients of one year), and gives every item of the group a distinct place (older rows
 * may share one). One reorder at a time per table, so two quick clicks cannot give two
 * items the same place.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { orderGroup, type OrderedTable } from "../../lib/content-types.ts";
import { validId } from "./listings.server.ts";

/** Returns false when the item is already first or last (or does not exist). */
export async function moveInOrder(table: OrderedTable, id: number, direction: "up" | "down"): Promise<boolean> {
  if (!validId(id)) return false;
  const groupColumn = orderGroup(table);
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
