/**
 * Data-protection complaints: the public form (bot check, per-address limit, a private
 * record, the acknowledgement sent at once), and the staff's work on each one (status,
 * notes, the outcome emailed to the person). Every staff change is audited; the audit
 * entries name the complaint, never its text.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { addressBucket } from "../../auth/throttle.server.ts";
import { getDb } from "../../db/client.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { hitCounter, releaseHit } from "../../lib/rate-counters.server.ts";
import { HONEYPOT_FIELD } from "../../lib/honeypot.ts";
import { config } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { queueMail, sendMail, type MailResult } from "../../mail/mailer.server.ts";
import { acknowledgementMail, newComplaintStaffMail, outcomeMail } from "./complaint-mail.server.ts";
import { ComplaintNoteSchema, ComplaintOutcomeSchema, ComplaintSettingsSchema, ConcernSchema } from "./complaints.schema.ts";
import { complaintDueOn, dueState, type DueState } from "./dates.ts";
import { isUniqueViolation, newReference } from "./reference.server.ts";
import { dataProtectionStaff } from "./staff.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { dpComplaintNotes, dpComplaints, dpSettings, type ComplaintStatus } from "./table.ts";
import { firstIssues, refusedForm, type PublicReply } from "../../lib/form-submission.ts";
import { ukDate } from "../../lib/uk-time.ts";

const DEFAULT_RESPONSE_DAYS = 30;
const RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

// ---------------------------------------------------------------------------------------
// Settings

export async function getComplaintResponseDays(): Promise<number> {
  const [row] = await getDb().select({ days: dpSettings.complaint_response_days }).from(dpSettings).where(eq(dpSettings.id, 1));
  return row?.days ?? DEFAULT_RESPONSE_DAYS;
}

/** Sets the days within which complaints are answered (1 to 30); audited. Open complaints keep their due dates. */
export async function updateComplaintResponseDays(input: unknown, actor: AuditActor): Promise<number> {
  const { complaint_response_days: days } = ComplaintSettingsSchema.parse({ complaint_response_days: input });
  const before = await getComplaintResponseDays();
  if (before === days) return days;
  await getDb().transaction(async (tx) => {
    await tx
      .insert(dpSettings)
      .values({ id: 1, complaint_response_days: days })
      .onConflictDoUpdate({ target: dpSettings.id, set: { complaint_response_days: days, updated_at: new Date() } });
    await recordAudit(actor, "settings.complaint_response_days", { entity: "dp_settings", entityId: 1, details: { from: before, to: days } }, tx);
  });
  // The concern page states the days: its cached and open copies are refreshed.
  publishChange("settings");
  return days;
}

// ---------------------------------------------------------------------------------------
// The public form

/**
 * Counts one post of the concern form against the address's limit, before its body is
 * read (every post counts; the same limit as the other public forms).
 */
export async function countConcernPost(ip: string): Promise<{ allowed: boolean; release: () => Promise<void> }> {
  const key = `form:dp-concern:${addressBucket(ip)}`;
  const hit = await hitCounter(key, RATE_LIMIT_WINDOW_SECONDS);
  const allowed = hit.count <= config().PUBLIC_FORM_RATE_LIMIT;
  if (!allowed) logger.warn({ ip }, "concern form rate limit reached");
  return { allowed, release: () => releaseHit(key) };
}

type Values = Record<string, string>;

export type ConcernResult =
  | { status: "ok"; reference: string; dueOn: string; days: number; email: string; mail: "sent" | "not-configured" | "failed" }
  /** Refused, in the one reply shape: Conform's reply (the form's own message under `_form`), or the per-address limit. */
  | { status: "refused"; reply: PublicReply };

function valuesOf(formData: FormData): Values {
  const values: Values = {};
  for (const key of ["name", "email", "category", "about", "contact_by", "contact_detail"]) {
    const v = formData.get(key);
    if (typeof v === "string") values[key] = v;
  }
  return values;
}

/** Stores a concern from the public form and sends its acknowledgement at once. */
export async function submitConcern(formData: FormData, options: { ip: string; origin: string; now?: Date }): Promise<ConcernResult> {
  const values = valuesOf(formData);
  const days = await getComplaintResponseDays();
  const now = options.now ?? new Date();
  const dueOn = complaintDueOn(now, days);
  // Bots fill every field; people never see this one. Answer as if it worked, store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ ip: options.ip }, "honeypot concern ignored");
    return { status: "ok", reference: newReference("DPC"), dueOn, days, email: values.email ?? "", mail: "not-configured" };
  }
  const parsed = ConcernSchema.safeParse(values);
  if (!parsed.success) {
    return { status: "refused", reply: refusedForm(firstIssues(parsed.error), values) };
  }
  const form = parsed.data;
  let complaint: typeof dpComplaints.$inferSelect | undefined;
  for (let attempt = 0; !complaint; attempt++) {
    try {
      [complaint] = await getDb()
        .insert(dpComplaints)
        .values({
          reference: newReference("DPC"),
          name: form.name,
          email: form.email,
          category: form.category ?? null,
          about: form.about,
          contact_by: form.contact_by,
          contact_detail: form.contact_by === "email" ? "" : form.contact_detail,
          due_on: dueOn,
          ip: options.ip,
          received_at: now,
        })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
  logger.info({ reference: complaint.reference }, "data protection concern stored");
  const sent = await sendMail(acknowledgementMail(complaint, days, options.origin));
  if (sent.sent) {
    await getDb()
      .update(dpComplaints)
      .set({ acknowledged_at: new Date(), status: "acknowledged", updated_at: new Date() })
      .where(and(eq(dpComplaints.id, complaint.id), eq(dpComplaints.status, "received")));
  }
  await recordAudit({ email: "public", ip: options.ip }, "complaint.received", {
    entity: "dp_complaint",
    entityId: complaint.id,
    details: { reference: complaint.reference, due_on: dueOn, acknowledgement: sent.sent ? "sent" : sent.reason },
  });
  // The staff hear of it too (a reference and a link, nothing the person wrote).
  for (const member of await dataProtectionStaff()) await queueMail(newComplaintStaffMail(member.email, complaint, options.origin));
  return { status: "ok", reference: complaint.reference, dueOn, days, email: form.email, mail: mailState(sent) };
}

function mailState(result: MailResult): "sent" | "not-configured" | "failed" {
  return result.sent ? "sent" : result.reason;
}

// ---------------------------------------------------------------------------------------
// Staff

export interface ComplaintListItem {
  id: string;
  reference: string;
  name: string;
  category: string | null;
  status: ComplaintStatus;
  receivedOn: string;
  dueOn: string;
  due: DueState;
}

const DONE: ComplaintStatus[] = ["answered", "closed"];

/** Complaints, the open ones first by due date, then the answered and closed ones newest first. */
export async function listComplaints(filter: { open?: boolean } = {}, now = new Date()): Promise<ComplaintListItem[]> {
  const rows = await getDb()
    .select()
    .from(dpComplaints)
    .where(filter.open ? sql`${dpComplaints.status} not in ('answered', 'closed')` : undefined)
    .orderBy(sql`${dpComplaints.status} in ('answered', 'closed')`, asc(dpComplaints.due_on), desc(dpComplaints.received_at))
    .limit(500);
  const today = ukDate(now);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    name: r.name,
    category: r.category,
    status: r.status,
    receivedOn: ukDate(r.received_at),
    dueOn: r.due_on,
    due: dueState(r.due_on, today, DONE.includes(r.status)),
  }));
}

/** How many open complaints are past their due date (London). */
export async function countOverdueComplaints(now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(dpComplaints)
    .where(and(sql`${dpComplaints.status} not in ('answered', 'closed')`, sql`${dpComplaints.due_on} < ${ukDate(now)}::date`));
  return row?.n ?? 0;
}

export async function getComplaint(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [complaint] = await getDb().select().from(dpComplaints).where(eq(dpComplaints.id, id));
  if (!complaint) return null;
  const notes = await getDb().select().from(dpComplaintNotes).where(eq(dpComplaintNotes.complaint_id, id)).orderBy(asc(dpComplaintNotes.id));
  return { complaint, notes };
}

export async function setComplaintStatus(id: string, status: ComplaintStatus, actor: AuditActor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select({ status: dpComplaints.status }).from(dpComplaints).where(eq(dpComplaints.id, id)).for("update");
    if (!before) return false;
    if (before.status === status) return true;
    await tx
      .update(dpComplaints)
      .set({ status, closed_at: status === "closed" ? new Date() : null, updated_at: new Date() })
      .where(eq(dpComplaints.id, id));
    await recordAudit(actor, "complaint.status", { entity: "dp_complaint", entityId: id, details: { from: before.status, to: status } }, tx);
    return true;
  });
}

export async function setComplaintResponsible(id: string, userId: string | null, actor: AuditActor): Promise<boolean> {
  if (userId && !(await dataProtectionStaff()).some((s) => s.id === userId)) return false;
  const rows = await getDb().update(dpComplaints).set({ responsible_user_id: userId, updated_at: new Date() }).where(eq(dpComplaints.id, id)).returning({ id: dpComplaints.id });
  if (!rows.length) return false;
  await recordAudit(actor, "complaint.responsible", { entity: "dp_complaint", entityId: id, details: { user_id: userId } });
  return true;
}

export async function addComplaintNote(id: string, input: unknown, actor: AuditActor): Promise<boolean> {
  const { text } = ComplaintNoteSchema.parse(input);
  return getDb().transaction(async (tx) => {
    const [found] = await tx.select({ id: dpComplaints.id }).from(dpComplaints).where(eq(dpComplaints.id, id));
    if (!found) return false;
    await tx.insert(dpComplaintNotes).values({ complaint_id: id, author_email: actor.email ?? null, text });
    await tx.update(dpComplaints).set({ updated_at: new Date() }).where(eq(dpComplaints.id, id));
    await recordAudit(actor, "complaint.note", { entity: "dp_complaint", entityId: id }, tx);
    return true;
  });
}

export type OutcomeResult = { status: "sent" } | { status: "not-sent"; reason: "not-configured" | "failed" } | { status: "not-found" };

/**
 * Writes the outcome on the complaint and emails it to the person at once. Only a
 * message the mail server took marks the complaint answered; otherwise the text is kept
 * as a draft and the page says it was not sent.
 */
export async function sendComplaintOutcome(id: string, input: unknown, actor: AuditActor, origin: string): Promise<OutcomeResult> {
  const { outcome } = ComplaintOutcomeSchema.parse(input);
  const [complaint] = await getDb().update(dpComplaints).set({ outcome, updated_at: new Date() }).where(eq(dpComplaints.id, id)).returning();
  if (!complaint) return { status: "not-found" };
  const sent = await sendMail(outcomeMail(complaint, outcome, origin));
  if (!sent.sent) {
    await recordAudit(actor, "complaint.outcome_not_sent", { entity: "dp_complaint", entityId: id, details: { reason: sent.reason } });
    return { status: "not-sent", reason: sent.reason };
  }
  await getDb()
    .update(dpComplaints)
    .set({ outcome_sent_at: new Date(), status: sql`case when ${dpComplaints.status} = 'closed' then 'closed' else 'answered' end`, updated_at: new Date() })
    .where(eq(dpComplaints.id, id));
  await recordAudit(actor, "complaint.outcome_sent", { entity: "dp_complaint", entityId: id, details: { reference: complaint.reference } });
  return { status: "sent" };
}

/** The complaints made with an address (the person's data screen lists them; an erasure removes them). */
export async function complaintsByEmail(email: string) {
  return getDb().select().from(dpComplaints).where(sql`lower(${dpComplaints.email}) = ${email}`).orderBy(asc(dpComplaints.received_at));
}

