/**
 * Admin rules shared by events and craft fairs (both are dated, titled, located items
 * with is_active / is_past flags and an optional image): list filters, counts, toggle,
 * create and update, delete, the idempotency key of create forms, the write spacing, the audit line and
 * the change-feed signal. events.server.ts and craft-fairs.server.ts build on these.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, not, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { submissionKeys, writeSpacing } from "../../db/schema.ts";
import { events, type EventRow } from "../../features/events/table.ts";
import { craftFairs, type CraftFairRow } from "../../features/craft-fairs/table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import type { ContentTopic } from "../../live/topics.ts";
import { recordAudit, type AuditActor } from "../audit/audit.server.ts";
import type { AdminListFilters } from "./listing-fields.schema.ts";

export type ContentTable = typeof events | typeof craftFairs;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ContentKind {
  table: ContentTable;
  /** Audit entity and idempotency-key scope. */
  entity: "event" | "craft_fair";
  topic: ContentTopic;
}

export const EVENT_KIND: ContentKind = { table: events, entity: "event", topic: "events" };
export const CRAFT_FAIR_KIND: ContentKind = { table: craftFairs, entity: "craft_fair", topic: "craft-fairs" };

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listWhere(table: ContentTable, filters: AdminListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(or(ilike(table.title, pattern), ilike(table.location, pattern)));
  }
  if (filters.status === "active") conditions.push(eq(table.is_active, true));
  if (filters.status === "inactive") conditions.push(eq(table.is_active, false));
  if (filters.time === "upcoming") conditions.push(upcomingWhere(table));
  if (filters.time === "past") conditions.push(pastWhere(table));
  return and(...conditions);
}

/** Upcoming: not marked past and dated today or later (as the public pages say). */
const upcomingWhere = (table: ContentTable) => and(eq(table.is_past, false), gte(table.date, sql`current_date`));
const pastWhere = (table: ContentTable) => or(eq(table.is_past, true), lt(table.date, sql`current_date`));

export type ListOrder = SQL[];

/**
 * Staff lists show upcoming items first, soonest first, then past ones, latest first. Read
 * as two index-ordered parts (the date index, forwards then backwards) rather than sorted
 * on an expression, which would read the whole table: `read(where, order, limit, offset)`
 * is asked for the upcoming part of the page, then for the past rows that fill it.
 */
export async function upcomingFirst<Row>(
  table: ContentTable,
  where: SQL | undefined,
  limit: number,
  offset: number,
  read: (where: SQL | undefined, order: ListOrder, limit: number, offset: number) => Promise<Row[]>,
): Promise<Row[]> {
  const upcoming = and(where, upcomingWhere(table));
  const [{ n }] = await getDb().select({ n: count() }).from(table).where(upcoming);
  const rows = offset < n ? await read(upcoming, [asc(table.date), asc(table.time), asc(table.id)], limit, offset) : [];
  if (rows.length < limit) {
    rows.push(...(await read(and(where, pastWhere(table)), [desc(table.date), desc(table.time), desc(table.id)], limit - rows.length, Math.max(0, offset - n))));
  }
  return rows;
}

/** Rows per page of an admin list. */
const LIST_PAGE_SIZE = 50;

/**
 * One page of an admin list: how many rows match the filters (counted up to the cap,
 * app/lib/paging.ts), the page asked for (the last one when it asks past the end) and its
 * rows, read by `read(where, limit, offset)`.
 */
export function listPage<Row>(
  table: ContentTable,
  filters: AdminListFilters,
  read: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>,
) {
  const where = listWhere(table, filters);
  return readPage(table, where, filters.page, LIST_PAGE_SIZE, (offset) => read(where, LIST_PAGE_SIZE, offset));
}

/** Total and active (active and not past) counts. */
export async function countItems(table: ContentTable) {
  const [row] = await getDb()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${table.is_active} and not ${table.is_past})`.mapWith(Number),
    })
    .from(table);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

export const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** One item by id, for its edit form (null for an id that is not one, or no such item). */
export function getItem(table: typeof events, id: number): Promise<EventRow | null>;
export function getItem(table: typeof craftFairs, id: number): Promise<CraftFairRow | null>;
export async function getItem(table: ContentTable, id: number) {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(table).where(eq(table.id, id)).limit(1);
  return row ?? null;
}

// --- Write spacing: at least 500 ms between one user's writes. -------------------------

const WRITE_SPACING_MS = 500;

/**
 * Waits, if needed, so that this user's writes are at least 500 ms apart, across every
 * instance: one atomic statement takes the user's next slot (the later of now and the
 * last slot plus 500 ms), so parallel writes, in any process, get slots one after the other.
 */
export async function spaceWrites(userKey: string | null | undefined) {
  if (!userKey) return;
  const result = await getDb().execute<{ wait_ms: number }>(sql`
    insert into ${writeSpacing} (user_key, next_at) values (${userKey}, clock_timestamp())
    on conflict (user_key) do update
      set next_at = greatest(clock_timestamp(), ${writeSpacing.next_at} + make_interval(secs => ${WRITE_SPACING_MS / 1000}))
    returning greatest(0, extract(epoch from (next_at - clock_timestamp())) * 1000)::float8 as wait_ms`);
  const wait = Number(result.rows[0]?.wait_ms ?? 0);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Housekeeping: forgets slots over a minute old. */
export async function deleteOldWriteSlots(): Promise<number> {
  const result = await getDb().delete(writeSpacing).where(sql`${writeSpacing.next_at} < now() - interval '1 minute'`);
  return result.rowCount ?? 0;
}

// --- Idempotency keys --------------------------------------------------------------------

const KEY_RE = /^[A-Za-z0-9_-]{16,100}$/;
const validSubmissionKey = (key: string | null | undefined): key is string => !!key && KEY_RE.test(key);

/** The id created by an earlier submission with this key, if any. */
async function findSubmission(entity: string, key: string): Promise<number | null> {
  if (!validSubmissionKey(key)) return null;
  const [row] = await getDb()
    .select({ entity_id: submissionKeys.entity_id })
    .from(submissionKeys)
    .where(and(eq(submissionKeys.key, `${entity}:${key}`)))
    .limit(1);
  return row?.entity_id ?? null;
}

/**
 * Runs `insert` once per key: the first submission claims the key in the same
 * transaction as the insert; a concurrent or later one waits for it and returns the
 * first one's id with `duplicate: true` (inserting nothing).
 */
async function createOnce(
  entity: string,
  key: string | null | undefined,
  insert: (tx: Tx) => Promise<number>,
): Promise<{ id: number; duplicate: boolean }> {
  const db = getDb();
  if (!validSubmissionKey(key)) {
    return { id: await db.transaction(insert), duplicate: false };
  }
  const scoped = `${entity}:${key}`;
  const created = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(submissionKeys)
      .values({ key: scoped, entity })
      .onConflictDoNothing()
      .returning({ key: submissionKeys.key });
    if (claimed.length === 0) return null;
    const id = await insert(tx);
    await tx.update(submissionKeys).set({ entity_id: id }).where(eq(submissionKeys.key, scoped));
    return id;
  });
  if (created !== null) return { id: created, duplicate: false };
  const existing = await findSubmission(entity, key);
  if (existing === null) throw new Error("Duplicate submission without a created row");
  return { id: existing, duplicate: true };
}

// --- Create and update ------------------------------------------------------------------

/**
 * Creates an item once per submission key, with the write spacing, the audit line and the
 * change-feed signal: `insert` writes the row in the transaction and answers its id.
 */
export async function createItem(
  kind: ContentKind,
  title: string,
  actor: AuditActor,
  submissionKey: string | null | undefined,
  insert: (tx: Tx) => Promise<number | undefined>,
) {
  await spaceWrites(actor.userId);
  const result = await createOnce(kind.entity, submissionKey, async (tx) => {
    const id = await insert(tx);
    if (id === undefined) throw new Error(`Failed to create ${kind.entity}: No data returned`);
    await recordAudit(actor, `${kind.entity}.create`, { entity: kind.entity, entityId: id, details: { title } }, tx);
    return id;
  });
  if (!result.duplicate) publishChange(kind.topic);
  return result;
}

/**
 * Updates an item, with the write spacing, the audit line and the change-feed signal: the
 * row is locked first, then `update` writes it in the same transaction and answers the
 * updated row. Null when there is no such item.
 */
export async function updateItem<Row extends { title: string }>(
  kind: ContentKind,
  id: number,
  actor: AuditActor,
  update: (tx: Tx) => Promise<Row | undefined>,
): Promise<Row | null> {
  if (!validId(id)) return null;
  const { table } = kind;
  await spaceWrites(actor.userId);
  const row = await getDb().transaction(async (tx) => {
    const [locked] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
    if (!locked) return null;
    const updated = await update(tx);
    if (!updated) return null;
    await recordAudit(actor, `${kind.entity}.update`, { entity: kind.entity, entityId: id, details: { title: updated.title } }, tx);
    return updated;
  });
  if (row) publishChange(kind.topic);
  return row;
}

// --- Toggle and delete -------------------------------------------------------------------

export async function toggleActive(kind: ContentKind, id: number, actor: AuditActor) {
  if (!validId(id)) return null;
  const { table } = kind;
  await spaceWrites(actor.userId);
  const row = await getDb().transaction(async (tx) => {
    const [updated] = await tx
      .update(table)
      .set({ is_active: not(table.is_active), updated_at: sql`now()` })
      .where(eq(table.id, id))
      .returning({ id: table.id, is_active: table.is_active, title: table.title });
    if (!updated) return null;
    await recordAudit(actor, updated.is_active ? `${kind.entity}.activate` : `${kind.entity}.deactivate`, {
      entity: kind.entity,
      entityId: id,
      details: { title: updated.title },
    }, tx);
    return updated;
  });
  if (row) publishChange(kind.topic);
  return row;
}

export async function deleteItem(kind: ContentKind, id: number, actor: AuditActor) {
  if (!validId(id)) return false;
  const { table } = kind;
  await spaceWrites(actor.userId);
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(table)
      .where(eq(table.id, id))
      .returning({ id: table.id, title: table.title, image: table.image });
    if (!deleted) return null;
    await recordAudit(actor, `${kind.entity}.delete`, { entity: kind.entity, entityId: id, details: { title: deleted.title } }, tx);
    return deleted;
  });
  if (!row) return false;
  publishChange(kind.topic);
  return true;
}
