import { getDb, type Database } from "../../db/client.server.ts";
import type { AuditAction } from "./describe.ts";
import { auditLog } from "../../db/schema.ts";

/** Who made a change: the staff member (when signed in) and the address it came from. */
export interface AuditActor {
  userId?: string | null;
  email?: string | null;
  ip?: string | null;
}

/** Writes one line to the audit log: who did what, to which record, when and from where. */
export async function recordAudit(
  actor: AuditActor,
  action: AuditAction,
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
