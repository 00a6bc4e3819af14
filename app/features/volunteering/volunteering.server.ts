/**
 * Volunteering as the pages use it: sign-up with its confirmation and reminders, staff
 * adding, moving and removing someone (who is emailed), and the reminder job, which sends
 * each sign-up's reminder once (a job per sign-up under one key, and a conditional claim
 * of the sign-up row, so two instances or a repeated job still send one).
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import type { AuditActor } from "../../domain/audit/audit.server.ts";
import { enqueue } from "../../jobs/queue.server.ts";
import { mailConfigured } from "../../mail/mailer.server.ts";
import { sendShiftChange, sendShiftReminder, sendSignupConfirmation, type MailShift } from "./mail.server.ts";
import { shiftsWithOpportunity } from "./opportunities.server.ts";
import { shiftStart } from "./shifts.ts";
import { claimReminder, moveSignup, removeSignup, signUp, type MoveResult, type Person, type SignUpResult } from "./signups.server.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups } from "./table.ts";

export const REMINDER_JOB = "volunteer-reminder";
/** How long before a shift its reminder goes out. */
const REMINDER_HOURS_BEFORE = 48;

export interface ReminderJobData {
  signupId: number;
  shiftId: number;
}

/** The one key of a sign-up's reminder for its shift (a moved sign-up gets a new one). */
export const reminderKey = (data: ReminderJobData) => `signup-${data.signupId}-shift-${data.shiftId}`;

async function mailShifts(shiftIds: number[]): Promise<MailShift[]> {
  const rows = await shiftsWithOpportunity(shiftIds);
  return rows.map((r) => ({ id: r.shift.id, date: r.shift.date, start_time: r.shift.start_time, end_time: r.shift.end_time, title: r.opportunity.title, location: r.opportunity.location }));
}

/** Queues each sign-up's reminder for 48 hours before its shift (none when that time has passed: the confirmation was just sent). */
async function scheduleReminders(items: ReminderJobData[], shifts: MailShift[], now: Date = new Date()): Promise<void> {
  for (const item of items) {
    const shift = shifts.find((s) => s.id === item.shiftId);
    if (!shift) continue;
    const at = new Date(shiftStart(shift).getTime() - REMINDER_HOURS_BEFORE * 3_600_000);
    if (at.getTime() <= now.getTime()) continue;
    await enqueue(REMINDER_JOB, item, { startAfter: at, singletonKey: reminderKey(item) });
  }
}

export type SignUpOutcome = (SignUpResult & { ok: false }) | { ok: true; token: string; shifts: MailShift[]; mailConfigured: boolean };

/** Signs up (all or none), then queues the confirmation and the reminders. */
export async function signUpAndConfirm(person: Person, shiftIds: number[], options: { source: "public" | "staff"; actor?: AuditActor; now?: Date }): Promise<SignUpOutcome> {
  const result = await signUp(person, shiftIds, options);
  if (!result.ok) return result;
  const shifts = await mailShifts(shiftIds);
  await sendSignupConfirmation({ name: person.fullName, email: person.email }, shifts, result.token, options.source === "staff");
  const rows = await getDb().select({ id: volunteerSignups.id, shift_id: volunteerSignups.shift_id }).from(volunteerSignups).where(and(eq(volunteerSignups.volunteer_id, result.volunteerId), eq(volunteerSignups.status, "confirmed")));
  const made = rows.filter((r) => result.signupIds.includes(r.id));
  await scheduleReminders(made.map((r) => ({ signupId: r.id, shiftId: r.shift_id })), shifts, options.now);
  return { ok: true, token: result.token, shifts, mailConfigured: mailConfigured() };
}

async function signupWithShift(signupId: number) {
  const [row] = await getDb()
    .select({ signup: volunteerSignups, shift: volunteerShifts, opportunity: volunteerOpportunities })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .where(eq(volunteerSignups.id, signupId));
  return row ?? null;
}

const asMailShift = (row: NonNullable<Awaited<ReturnType<typeof signupWithShift>>>): MailShift => ({
  id: row.shift.id,
  date: row.shift.date,
  start_time: row.shift.start_time,
  end_time: row.shift.end_time,
  title: row.opportunity.title,
  location: row.opportunity.location,
});

/** Staff move someone to another shift; they are emailed, and the reminder follows the new shift. */
export async function moveAndTell(signupId: number, toShiftId: number, actor: AuditActor): Promise<MoveResult> {
  const before = await signupWithShift(signupId);
  const result = await moveSignup(signupId, toShiftId, actor);
  if (!result.ok || !before) return result;
  const after = await signupWithShift(signupId);
  if (after && after.shift.id !== before.shift.id && after.signup.email) {
    const to = { name: after.signup.name ?? "", email: after.signup.email };
    await sendShiftChange(to, { kind: "moved", from: asMailShift(before), to: asMailShift(after) });
    await scheduleReminders([{ signupId, shiftId: after.shift.id }], [asMailShift(after)]);
  }
  return result;
}

/** Staff take someone off a shift; they are emailed. */
export async function removeAndTell(signupId: number, actor: AuditActor): Promise<boolean> {
  const before = await signupWithShift(signupId);
  const removed = await removeSignup(signupId, actor);
  if (removed && before?.signup.email) {
    await sendShiftChange({ name: before.signup.name ?? "", email: before.signup.email }, { kind: "removed", from: asMailShift(before) });
  }
  return removed;
}

/**
 * The reminder job: sends the reminder of one sign-up, if it is still on that shift, the
 * shift has not started, and no reminder went out for it yet (claimed in one statement).
 */
export async function runReminder(data: ReminderJobData, now: Date = new Date()): Promise<"sent" | "skipped"> {
  const row = await signupWithShift(data.signupId);
  if (!row || row.shift.id !== data.shiftId || row.signup.status !== "confirmed" || !row.signup.email) return "skipped";
  if (shiftStart(row.shift).getTime() <= now.getTime()) return "skipped";
  if (!(await claimReminder(data.signupId, data.shiftId))) return "skipped";
  await sendShiftReminder({ name: row.signup.name ?? "", email: row.signup.email }, asMailShift(row));
  return "sent";
}
