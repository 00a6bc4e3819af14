/** Reading the audit log (administrators): newest first, filtered by person and kind. */
import { and, count, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";

export { AUDIT_KINDS } from "./audit-kinds.ts";
export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  email?: string;
  kind?: string;
  page?: number;
}

export async function listAuditEntries(query: AuditQuery = {}, pageSize = AUDIT_PAGE_SIZE) {
  const filters: SQL[] = [];
  const email = query.email?.trim().toLowerCase();
  if (email) filters.push(eq(sql`lower(${auditLog.actor_email})`, email));
  const kind = query.kind?.trim();
  if (kind && /^[a-z_]+$/.test(kind)) filters.push(like(auditLog.action, `${kind}.%`));
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, Math.floor(query.page ?? 1) || 1);
  const db = getDb();
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const entries = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { entries, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The distinct actor emails, for the person filter. */
export async function listAuditActors(): Promise<string[]> {
  const rows = await getDb()
    .selectDistinct({ email: auditLog.actor_email })
    .from(auditLog)
    .where(sql`${auditLog.actor_email} is not null`)
    .orderBy(auditLog.actor_email);
  return rows.map((r) => r.email!).filter(Boolean);
}
