/**
 * Audit entries for events that an attacker can repeat at will (throttled sign-ins,
 * refused access): the first one of a subject in each period is written at once; the
 * repeats are only counted (rate_counters), and one summary entry with their number is
 * written when the period is over (at the subject's next event, or by the hourly
 * housekeeping). A flood of requests then costs a few rows, not one per request.
 */
import type { RecordRefusal } from "../../auth/guards.server.ts";
import type { AuditAction } from "../audit/describe.ts";
import { recordAudit, type AuditActor } from "../audit/audit.server.ts";
import { deleteFinishedCounters, hitCounter } from "../../lib/rate-counters.server.ts";

const AUDIT_AGGREGATION_SECONDS = 15 * 60;
const PREFIX = "audit:";

interface AggregatedMeta {
  action: AuditAction;
  actor: AuditActor;
  entity?: string;
  entityId?: string;
}

async function writeSummary(meta: Record<string, unknown> | null, count: number, windowStart: Date) {
  if (!meta || count <= 1) return;
  const { action, actor, entity, entityId } = meta as unknown as AggregatedMeta;
  await recordAudit(actor ?? {}, action, {
    entity,
    entityId,
    details: { repeated: count - 1, periodStart: windowStart.toISOString(), periodMinutes: AUDIT_AGGREGATION_SECONDS / 60 },
  });
}

/**
 * Records `action` for `subject` (an account, an address) at most once per period, plus
 * one summary entry per period counting the repeats.
 */
export async function recordAggregatedAudit(
  subject: string,
  actor: AuditActor,
  action: AuditAction,
  target: { entity?: string; entityId?: string; details?: Record<string, unknown> } = {},
) {
  const meta: AggregatedMeta = { action, actor, entity: target.entity, entityId: target.entityId };
  const hit = await hitCounter(`${PREFIX}${action}:${subject}`, AUDIT_AGGREGATION_SECONDS, {
    meta: meta as unknown as Record<string, unknown>,
  });
  if (hit.previous) await writeSummary(hit.previous.meta, hit.previous.count, hit.previous.windowStart);
  if (hit.count === 1) {
    await recordAudit(actor, action, {
      entity: target.entity,
      entityId: target.entityId,
      details: { ...target.details, aggregated: `repeats in the next ${AUDIT_AGGREGATION_SECONDS / 60} minutes are counted in one entry` },
    });
  }
}

/** Housekeeping: drops finished counters, writing the summaries of aggregated audit entries. */
export async function flushFinishedCounters(): Promise<number> {
  const finished = await deleteFinishedCounters();
  for (const counter of finished) {
    if (counter.key.startsWith(PREFIX)) await writeSummary(counter.meta, counter.count, counter.windowStart);
  }
  return finished.length;
}

/**
 * A refused access attempt goes to the audit log, once per account and period with the
 * number of repeats (a script retrying a forbidden page cannot flood the log). The admin
 * layouts hand this to the guards' middleware.
 */
export const recordRefusedAccess: RecordRefusal = async ({ actor, path, method, role, required }) => {
  await recordAggregatedAudit(`user:${actor.userId}`, actor, "access.denied", {
    entity: "user",
    entityId: actor.userId,
    details: { path, method, role, required },
  });
};
