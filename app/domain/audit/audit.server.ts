import { getDb, type Database } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { requestInfoContext } from "../../lib/request-context.ts";

export interface AuditActor {
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
}

/**
 * The actor of an admin change, from the staff member `requireStaff` returned and the
 * request context: `recordAudit(auditActor(staff, context), "event.updated", {...})`.
 */
export function auditActor(
  staff: { user: { id: string; email: string } } | null,
  context: { get: (key: typeof requestInfoContext) => { ip: string } },
): AuditActor {
  return { userId: staff?.user.id ?? null, email: staff?.user.email ?? null, ip: context.get(requestInfoContext).ip };
}

/** Writes one line to the audit log: who did what, to which record, when and from where. */
export async function recordAudit(
  actor: AuditActor,
  action: string,
  target: { entity?: string; entityId?: string | number; details?: Record<string, unknown> } = {},
  db: Pick<Database, "insert"> = getDb(),
) {
  await db.insert(auditLog).values({
    actor_user_id: actor.userId ?? null,
    actor_email: actor.email ?? null,
    ip: actor.ip ?? null,
    action,
    entity: target.entity ?? null,
    entity_id: target.entityId === undefined ? null : String(target.entityId),
    details: target.details ?? {},
  });
}
