/**
 * Signing up for shifts: under row locks (the volunteer's row, then each shift's in id
 * order), so parallel sign-ups never fill a shift past its places and one person never
 * holds two overlapping shifts. The Volunteer page, staff adding someone by hand and
 * moving someone all go through here. The manage link's token is returned once and
 * stored as its SHA-256.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { CONSENT_WORDING, linkFromForm } from "../supporters/index.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { shiftEnd, shiftStart, shiftsOverlap, signupOpen } from "./shifts.ts";
import { volunteerOpportunities, volunteerSettings, volunteerShifts, volunteerSignups, volunteers, type ShiftRow } from "./table.ts";

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

const DEFAULT_CLOSE_HOURS = 24;

/** How many hours before a shift sign-up closes (the setting). */
export async function closeHoursBefore(db: Pick<Tx, "select"> = getDb()): Promise<number> {
  const [row] = await db.select({ hours: volunteerSettings.close_hours_before }).from(volunteerSettings).where(eq(volunteerSettings.id, 1));
  return row?.hours ?? DEFAULT_CLOSE_HOURS;
}

export async function setCloseHoursBefore(hours: number, actor: AuditActor): Promise<void> {
  await getDb().insert(volunteerSettings).values({ id: 1, close_hours_before: hours }).onConflictDoUpdate({ target: volunteerSettings.id, set: { close_hours_before: hours } });
  await recordAudit(actor, "volunteering.settings", { details: { close_hours_before: hours } });
  publishChange("volunteering");
}

export interface Person {
  fullName: string;
  email: string;
  phone: string;
  /** Ticked the unticked "Email me news" box (the public form): consent is recorded with its wording. */
  emailConsent?: boolean;
}

type SignUpRefusal =
  | { reason: "unknown"; shiftIds: number[] }
  | { reason: "closed"; shiftIds: number[] }
  | { reason: "full"; shiftIds: number[] }
  | { reason: "overlap"; shiftIds: number[] }
  | { reason: "already"; shiftIds: number[] };

export type SignUpResult = { ok: true; token: string; volunteerId: number; signupIds: number[] } | ({ ok: false } & SignUpRefusal);

/** Takes (and locks, until the transaction ends) the volunteer row of an email address, making it on first use. */
async function lockVolunteer(tx: Tx, person: Person): Promise<number> {
  const email = person.email.trim().toLowerCase();
  const [row] = await tx
    .insert(volunteers)
    .values({ email, name: person.fullName, phone: person.phone })
    // A no-op update: it takes the row lock an existing volunteer needs for the checks below.
    .onConflictDoUpdate({ target: volunteers.email, set: { updated_at: sql`${volunteers.updated_at}` } })
    .returning({ id: volunteers.id });
  return row.id;
}

/** Locks shifts in id order (one order for everyone: no deadlocks) and counts their confirmed sign-ups. */
async function lockShifts(tx: Tx, ids: number[]) {
  const rows = await tx
    .select({ shift: volunteerShifts, published: volunteerOpportunities.is_published })
    .from(volunteerShifts)
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .where(inArray(volunteerShifts.id, ids))
    .orderBy(asc(volunteerShifts.id))
    .for("update", { of: volunteerShifts });
  const counts = await tx
    .select({ shift_id: volunteerSignups.shift_id, taken: sql<number>`count(*)::int` })
    .from(volunteerSignups)
    .where(and(inArray(volunteerSignups.shift_id, ids), eq(volunteerSignups.status, "confirmed")))
    .groupBy(volunteerSignups.shift_id);
  const taken = new Map(counts.map((c) => [c.shift_id, c.taken]));
  return rows.map((r) => ({ ...r, taken: taken.get(r.shift.id) ?? 0 }));
}

/** The volunteer's confirmed shifts on the given dates (for the overlap check). */
async function heldShifts(tx: Tx, volunteerId: number, dates: string[], exceptSignup?: number) {
  return tx
    .select({ signup_id: volunteerSignups.id, shift: volunteerShifts })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .where(
      and(
        eq(volunteerSignups.volunteer_id, volunteerId),
        eq(volunteerSignups.status, "confirmed"),
        inArray(volunteerShifts.date, dates),
        exceptSignup ? ne(volunteerSignups.id, exceptSignup) : undefined,
      ),
    );
}

/** Refuses shifts that overlap one another or one the volunteer already holds. */
function overlapRefusal(requested: ShiftRow[], held: { shift: ShiftRow }[]): SignUpRefusal | null {
  const already = requested.filter((s) => held.some((h) => h.shift.id === s.id)).map((s) => s.id);
  if (already.length) return { reason: "already", shiftIds: already };
  const clashing = requested
    .filter((s, i) => held.some((h) => shiftsOverlap(s, h.shift)) || requested.some((o, j) => j !== i && shiftsOverlap(s, o)))
    .map((s) => s.id);
  return clashing.length ? { reason: "overlap", shiftIds: clashing } : null;
}

/**
 * Signs a person up for shifts, all or none. `source: "public"` (the Volunteer page) needs
 * published opportunities and shifts still open; staff (`"staff"`) may add to a closed
 * shift that has not ended. Places and overlaps are checked under the locks for both.
 */
export async function signUp(
  person: Person,
  shiftIds: number[],
  options: { source: "public" | "staff"; now?: Date; actor?: AuditActor },
): Promise<SignUpResult> {
  const ids = [...new Set(shiftIds)].sort((a, b) => a - b);
  const now = options.now ?? new Date();
  const token = newToken();
  const result = await getDb().transaction(async (tx): Promise<SignUpResult> => {
    const closeHours = await closeHoursBefore(tx);
    const volunteerId = await lockVolunteer(tx, person);
    const shifts = await lockShifts(tx, ids);
    const unknown = ids.filter((id) => !shifts.some((s) => s.shift.id === id && (options.source === "staff" || s.published)));
    if (unknown.length) return { ok: false, reason: "unknown", shiftIds: unknown };
    const closed = shifts
      .filter((s) => (options.source === "public" ? !signupOpen(s.shift, closeHours, now) : shiftEnd(s.shift).getTime() <= now.getTime()))
      .map((s) => s.shift.id);
    if (closed.length) return { ok: false, reason: "closed", shiftIds: closed };
    const held = await heldShifts(tx, volunteerId, [...new Set(shifts.map((s) => s.shift.date))]);
    const clash = overlapRefusal(
      shifts.map((s) => s.shift),
      held,
    );
    if (clash) return { ok: false, ...clash };
    const full = shifts.filter((s) => s.taken >= s.shift.places).map((s) => s.shift.id);
    if (full.length) return { ok: false, reason: "full", shiftIds: full };
    // The volunteer's email finds or makes their supporter record, with the sign-up or not at all.
    const supporterId = await linkFromForm(tx, {
      email: person.email,
      name: person.fullName,
      consent: person.emailConsent ? { wording: CONSENT_WORDING, source: "Volunteer sign-up form" } : null,
    });
    const inserted = await tx
      .insert(volunteerSignups)
      .values(
        ids.map((shift_id) => ({
          shift_id,
          volunteer_id: volunteerId,
          name: person.fullName,
          email: person.email.trim().toLowerCase(),
          phone: person.phone,
          manage_token_hash: hashToken(token),
          source: options.source,
          supporter_id: supporterId,
        })),
      )
      .returning({ id: volunteerSignups.id });
    if (options.actor) {
      await recordAudit(options.actor, "volunteering.signup.add", { entity: "volunteer", entityId: volunteerId, details: { shifts: ids } }, tx);
    }
    return { ok: true, token, volunteerId, signupIds: inserted.map((r) => r.id) };
  });
  // Places left show on the Volunteer page.
  if (result.ok) publishChange("volunteering");
  return result;
}

export type MoveResult = { ok: true } | { ok: false; reason: "not-found" | "full" | "overlap" | "already" | "closed" | "unknown" };

/** Moves a confirmed sign-up to another shift (staff), with the same checks as signing up. */
export async function moveSignup(signupId: number, toShiftId: number, actor: AuditActor, now: Date = new Date()): Promise<MoveResult> {
  const result = await getDb().transaction(async (tx): Promise<MoveResult> => {
    const [signup] = await tx.select().from(volunteerSignups).where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.status, "confirmed")));
    if (!signup || signup.volunteer_id === null) return { ok: false, reason: "not-found" };
    // The same lock order as signUp: the volunteer, then the shift.
    await tx.select({ id: volunteers.id }).from(volunteers).where(eq(volunteers.id, signup.volunteer_id)).for("update");
    const [target] = await lockShifts(tx, [toShiftId]);
    if (!target) return { ok: false, reason: "unknown" };
    if (target.shift.id === signup.shift_id) return { ok: true };
    if (shiftEnd(target.shift).getTime() <= now.getTime()) return { ok: false, reason: "closed" };
    const held = await heldShifts(tx, signup.volunteer_id, [target.shift.date], signup.id);
    const clash = overlapRefusal([target.shift], held);
    if (clash) return { ok: false, reason: clash.reason === "already" ? "already" : "overlap" };
    if (target.taken >= target.shift.places) return { ok: false, reason: "full" };
    await tx
      .update(volunteerSignups)
      .set({ shift_id: target.shift.id, reminder_sent_at: null, attendance: null, minutes: null })
      .where(eq(volunteerSignups.id, signup.id));
    await recordAudit(actor, "volunteering.signup.move", { entity: "volunteer_signup", entityId: signup.id, details: { from: signup.shift_id, to: target.shift.id } }, tx);
    return { ok: true };
  });
  if (result.ok) publishChange("volunteering");
  return result;
}

/** Cancels a confirmed sign-up (staff removing someone); false when there was none. */
export async function removeSignup(signupId: number, actor: AuditActor): Promise<boolean> {
  const rows = await getDb()
    .update(volunteerSignups)
    .set({ status: "cancelled", cancelled_at: new Date() })
    .where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.status, "confirmed")))
    .returning({ id: volunteerSignups.id });
  if (rows.length) {
    await recordAudit(actor, "volunteering.signup.remove", { entity: "volunteer_signup", entityId: signupId });
    publishChange("volunteering");
  }
  return rows.length > 0;
}

export interface ManagedShift {
  signupId: number;
  status: "confirmed" | "cancelled";
  opportunity: string;
  role: string;
  location: string;
  date: string;
  start_time: string;
  end_time: string;
  /** Whether it can still be cancelled here (it has not started). */
  cancellable: boolean;
}

/**
 * What a manage link shows: only the sign-ups made with that link's token, and only while
 * one of their shifts has not ended (null after the last one, or for a token that is not one).
 */
export async function signupsByToken(token: string, now: Date = new Date()): Promise<{ name: string; shifts: ManagedShift[] } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const rows = await getDb()
    .select({ signup: volunteerSignups, shift: volunteerShifts, opportunity: volunteerOpportunities, role: volunteerRoles.title })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
    .where(eq(volunteerSignups.manage_token_hash, hashToken(token)))
    .orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time));
  const live = rows.filter((r) => r.signup.email !== null);
  if (!live.length || !live.some((r) => shiftEnd(r.shift).getTime() > now.getTime())) return null;
  return {
    name: live[0].signup.name ?? "",
    shifts: live.map((r) => ({
      signupId: r.signup.id,
      status: r.signup.status,
      opportunity: r.opportunity.title,
      role: r.role,
      location: r.opportunity.location,
      date: r.shift.date,
      start_time: r.shift.start_time,
      end_time: r.shift.end_time,
      cancellable: r.signup.status === "confirmed" && now.getTime() < shiftStart(r.shift).getTime(),
    })),
  };
}

/** Cancels one sign-up of a manage link (before its shift starts); false when it is not one of the link's. */
export async function cancelByToken(token: string, signupId: number, now: Date = new Date()): Promise<boolean> {
  const found = await signupsByToken(token, now);
  const shift = found?.shifts.find((s) => s.signupId === signupId && s.cancellable);
  if (!shift) return false;
  const rows = await getDb()
    .update(volunteerSignups)
    .set({ status: "cancelled", cancelled_at: now })
    .where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.manage_token_hash, hashToken(token)), eq(volunteerSignups.status, "confirmed")))
    .returning({ id: volunteerSignups.id });
  return rows.length > 0;
}

/** Marks that a reminder went out for a sign-up, once: true for the one caller that claimed it. */
export async function claimReminder(signupId: number, shiftId: number): Promise<boolean> {
  const rows = await getDb()
    .update(volunteerSignups)
    .set({ reminder_sent_at: new Date() })
    .where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.shift_id, shiftId), eq(volunteerSignups.status, "confirmed"), isNull(volunteerSignups.reminder_sent_at)))
    .returning({ id: volunteerSignups.id });
  return rows.length > 0;
}
