/**
 * The Requests log: requests about a person's data that came by email, post, phone or in
 * person, each with the London date it arrived, its one-month deadline (extendable once
 * by two months, with a reason, while the first month runs), and when and how it was
 * answered. Export and erase actions taken from a request carry its id into the audit
 * log, so its page lists them.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { daysBetween, dueState, requestDueOn, requestExtendedTo, type DueState } from "./dates.ts";
import { isUniqueViolation, newReference } from "./reference.server.ts";
import { AnswerSchema, ExtendSchema, RequestFormSchema } from "./requests.schema.ts";
import { dpRequests } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

export type RequestRow = typeof dpRequests.$inferSelect;

/** A request that breaks a rule of the log (the form shows `message` on `field`). */
export class RequestRuleError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The deadline that applies now: the extended one when there is one. */
export const deadlineOf = (r: Pick<RequestRow, "due_on" | "extended_to">) => r.extended_to ?? r.due_on;

export async function recordRequest(input: unknown, actor: AuditActor, now = new Date()): Promise<RequestRow> {
  const form = RequestFormSchema.parse(input);
  const today = ukDate(now);
  if (daysBetween(form.received_on, today) < 0) throw new RequestRuleError("received_on", "The date received cannot be in the future");
  if (daysBetween(form.received_on, today) > 366) throw new RequestRuleError("received_on", "Please check the date: it is more than a year ago");
  for (let attempt = 0; ; attempt++) {
    try {
      return await getDb().transaction(async (tx) => {
        const [row] = await tx
          .insert(dpRequests)
          .values({ ...form, reference: newReference("DPR"), due_on: requestDueOn(form.received_on), created_by: actor.email ?? null })
          .returning();
        await recordAudit(actor, "request.recorded", { entity: "dp_request", entityId: row.id, details: { reference: row.reference, kind: row.kind, due_on: row.due_on } }, tx);
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

export async function getRequest(id: string): Promise<RequestRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await getDb().select().from(dpRequests).where(eq(dpRequests.id, id));
  return row ?? null;
}

/**
 * Extends the deadline to three months from receipt (two further months), once, with the
 * reason; only while the first month runs and the request is unanswered.
 */
export async function extendRequest(id: string, input: unknown, actor: AuditActor, now = new Date()): Promise<RequestRow> {
  const { reason } = ExtendSchema.parse(input);
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(dpRequests).where(eq(dpRequests.id, id)).for("update");
    if (!row) throw new RequestRuleError("_form", "This request no longer exists");
    if (row.answered_on) throw new RequestRuleError("reason", "This request has been answered");
    if (row.extended_to) throw new RequestRuleError("reason", "This request has already been extended; the law allows two further months once");
    if (daysBetween(ukDate(now), row.due_on) < 0) {
      throw new RequestRuleError("reason", "The first month has passed: an extension must be decided, and the person told, within it");
    }
    const extendedTo = requestExtendedTo(row.received_on);
    const [updated] = await tx
      .update(dpRequests)
      .set({ extended_to: extendedTo, extension_reason: reason, updated_at: new Date() })
      .where(eq(dpRequests.id, id))
      .returning();
    await recordAudit(actor, "request.extended", { entity: "dp_request", entityId: id, details: { reference: row.reference, from: row.due_on, to: extendedTo } }, tx);
    return updated;
  });
}

export async function answerRequest(id: string, input: unknown, actor: AuditActor, now = new Date()): Promise<RequestRow> {
  const form = AnswerSchema.parse(input);
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(dpRequests).where(eq(dpRequests.id, id)).for("update");
    if (!row) throw new RequestRuleError("_form", "This request no longer exists");
    if (daysBetween(row.received_on, form.answered_on) < 0) throw new RequestRuleError("answered_on", "It cannot have been answered before it arrived");
    if (daysBetween(form.answered_on, ukDate(now)) < 0) throw new RequestRuleError("answered_on", "The date answered cannot be in the future");
    const [updated] = await tx.update(dpRequests).set({ ...form, updated_at: new Date() }).where(eq(dpRequests.id, id)).returning();
    const late = daysBetween(deadlineOf(row), form.answered_on) > 0;
    await recordAudit(actor, "request.answered", { entity: "dp_request", entityId: id, details: { reference: row.reference, answered_on: form.answered_on, late } }, tx);
    return updated;
  });
}

export interface RequestListItem {
  id: string;
  reference: string;
  kind: RequestRow["kind"];
  channel: RequestRow["channel"];
  requesterName: string;
  receivedOn: string;
  deadline: string;
  extended: boolean;
  answeredOn: string | null;
  due: DueState;
}

/** Requests: the unanswered first by deadline, then the answered newest first. */
export async function listRequests(now = new Date()): Promise<RequestListItem[]> {
  const rows = await getDb()
    .select()
    .from(dpRequests)
    .orderBy(sql`${dpRequests.answered_on} is not null`, asc(sql`coalesce(${dpRequests.extended_to}, ${dpRequests.due_on})`), desc(dpRequests.received_on))
    .limit(500);
  const today = ukDate(now);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    channel: r.channel,
    requesterName: r.requester_name,
    receivedOn: r.received_on,
    deadline: deadlineOf(r),
    extended: r.extended_to !== null,
    answeredOn: r.answered_on,
    due: dueState(deadlineOf(r), today, r.answered_on !== null),
  }));
}

export async function countOverdueRequests(now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(dpRequests)
    .where(and(isNull(dpRequests.answered_on), sql`coalesce(${dpRequests.extended_to}, ${dpRequests.due_on}) < ${ukDate(now)}::date`));
  return row?.n ?? 0;
}

/** The audit entries of export and erase actions taken from a request, oldest first. */
export async function requestActions(id: string) {
  return getDb()
    .select({ at: auditLog.at, action: auditLog.action, actor: auditLog.actor_email, details: auditLog.details })
    .from(auditLog)
    .where(sql`${auditLog.details}->>'request_id' = ${id}`)
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(200);
}

/** The requests made by an address (the person's data screen lists them). */
export async function requestsByEmail(email: string) {
  return getDb().select().from(dpRequests).where(sql`lower(${dpRequests.requester_email}) = ${email}`).orderBy(asc(dpRequests.received_on));
}
