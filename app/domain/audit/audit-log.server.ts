/** Reading the audit log (administrators): newest first, filtered by person and kind. */
import { and, desc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { auditLog, users } from "../../db/schema.ts";

const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  email?: string;
  kind?: string;
  page?: number;
}

/**
 * One page of the log with how many entries match (counted up to the cap,
 * app/lib/paging.ts). The page's ids come from the (at, id) index alone, then their rows,
 * so a far page skips index entries rather than rows.
 */
export async function listAuditEntries(query: AuditQuery = {}, pageSize = AUDIT_PAGE_SIZE) {
  const filters: SQL[] = [];
  const email = query.email?.trim().toLowerCase();
  if (email) filters.push(eq(sql`lower(${auditLog.actor_email})`, email));
  const kind = query.kind?.trim();
  if (kind && /^[a-z_]+$/.test(kind)) filters.push(like(auditLog.action, `${kind}.%`));
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.min(100_000, Math.max(1, Math.floor(query.page ?? 1) || 1));
  const db = getDb();
  const order = [desc(auditLog.at), desc(auditLog.id)];
  const { items, ...count } = await readPage(auditLog, where, page, pageSize, (offset) =>
    db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.id, db.select({ id: auditLog.id }).from(auditLog).where(where).orderBy(...order).limit(pageSize).offset(offset)))
      .orderBy(...order),
  );
  return { entries: items, total: count.total, more: count.more, page: count.page, pageCount: count.pages };
}

/**
 * The distinct actor emails (in lower case, as the person filter compares them): one step
 * down the index on lower(actor_email) per person rather than a read of every entry.
 */
export async function listAuditActors(): Promise<string[]> {
  const result = await getDb().execute<{ email: string }>(sql`
    with recursive actors(email) as (
      select min(lower(${auditLog.actor_email})) from ${auditLog}
      union all
      select (select min(lower(${auditLog.actor_email})) from ${auditLog} where lower(${auditLog.actor_email}) > actors.email)
      from actors where actors.email is not null
    )
    select email from actors where email is not null`);
  return result.rows.map((r) => r.email);
}

/** The emails of the staff members some entries are about, by user id (a deleted account has none). */
export async function staffNames(entries: { entity: string | null; entity_id: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.filter((e) => e.entity === "user" && e.entity_id && /^[0-9a-f-]{36}$/i.test(e.entity_id)).map((e) => e.entity_id!))];
  if (ids.length === 0) return new Map();
  const rows = await getDb().select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}
