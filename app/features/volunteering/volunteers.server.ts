/**
 * Staff's view of volunteers (personal data: the submissions permission): the rota with
 * names, attendance and hours, hours per volunteer for a period with the CSV, background
 * checks seen, and a volunteer made from a volunteer offer in the inbox.
 */
import { and, asc, between, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { VolunteerFilters } from "./list-filters.ts";
import type { PageCount } from "../../lib/paging.ts";
import { formSubmissions } from "../submissions/table.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { checkState, shiftMinutes, type CheckState } from "./shifts.ts";
import { volunteerOpportunities, volunteerRoleChecks, volunteerShifts, volunteerSignups, volunteers, type Attendance } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

interface RotaPerson {
  signupId: number;
  volunteerId: number | null;
  name: string;
  email: string;
  phone: string;
  source: string;
  attendance: Attendance | null;
  minutes: number | null;
  /** Only for roles that need a background check. */
  check: CheckState | null;
}

export interface RotaShift {
  id: number;
  opportunityId: number;
  opportunity: string;
  role: string;
  location: string;
  date: string;
  start_time: string;
  end_time: string;
  places: number;
  needsCheck: boolean;
  people: RotaPerson[];
  unfilled: number;
}

/** Every shift between two dates (or of one opportunity), with who is on it and the places unfilled. */
export async function rota(filter: { from: string; to: string } | { opportunityId: number }): Promise<RotaShift[]> {
  const where = "opportunityId" in filter ? eq(volunteerShifts.opportunity_id, filter.opportunityId) : between(volunteerShifts.date, filter.from, filter.to);
  const shifts = await getDb()
    .select({ shift: volunteerShifts, opportunity: volunteerOpportunities, role: volunteerRoles.title, check: volunteerRoleChecks.role_id })
    .from(volunteerShifts)
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
    .leftJoin(volunteerRoleChecks, eq(volunteerRoleChecks.role_id, volunteerOpportunities.role_id))
    .where(where)
    .orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time), asc(volunteerShifts.id))
    .limit(500);
  const ids = shifts.map((s) => s.shift.id);
  const people = ids.length
    ? await getDb()
        .select({ signup: volunteerSignups, volunteer: volunteers })
        .from(volunteerSignups)
        .leftJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteer_id))
        .where(and(inArray(volunteerSignups.shift_id, ids), eq(volunteerSignups.status, "confirmed")))
        .orderBy(asc(volunteerSignups.created_at), asc(volunteerSignups.id))
    : [];
  return shifts.map(({ shift, opportunity, role, check }) => {
    const here = people
      .filter((p) => p.signup.shift_id === shift.id)
      .map(
        (p): RotaPerson => ({
          signupId: p.signup.id,
          volunteerId: p.signup.volunteer_id,
          name: p.signup.name ?? "(erased)",
          email: p.signup.email ?? "",
          phone: p.signup.phone ?? "",
          source: p.signup.source,
          attendance: p.signup.attendance,
          minutes: p.signup.minutes,
          check: check !== null ? checkState(p.volunteer, shift.date) : null,
        }),
      );
    return {
      id: shift.id,
      opportunityId: opportunity.id,
      opportunity: opportunity.title,
      role,
      location: opportunity.location,
      date: shift.date,
      start_time: shift.start_time,
      end_time: shift.end_time,
      places: shift.places,
      needsCheck: check !== null,
      people: here,
      unfilled: Math.max(0, shift.places - here.length),
    };
  });
}

/**
 * Marks whether someone came: "came" with their minutes (the shift's length when not
 * given), "no_show" without minutes. False when there is no such confirmed sign-up.
 */
export async function markAttendance(signupId: number, attendance: Attendance, minutes: number | null, actor: AuditActor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ signup: volunteerSignups, shift: volunteerShifts })
      .from(volunteerSignups)
      .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
      .where(and(eq(volunteerSignups.id, signupId), eq(volunteerSignups.status, "confirmed")))
      .for("update", { of: volunteerSignups });
    if (!row) return false;
    const given = attendance === "came" ? (minutes ?? shiftMinutes(row.shift)) : null;
    await tx.update(volunteerSignups).set({ attendance, minutes: given }).where(eq(volunteerSignups.id, signupId));
    await recordAudit(actor, "volunteering.attendance", { entity: "volunteer_signup", entityId: signupId, details: { attendance, minutes: given } }, tx);
    return true;
  });
}

export interface HoursRow {
  volunteerId: number | null;
  name: string;
  email: string;
  shifts: number;
  minutes: number;
}

/** The sign-ups that count as hours given between two dates (inclusive): confirmed, marked came. */
function hoursWhere(from: string, to: string): SQL | undefined {
  return and(eq(volunteerSignups.status, "confirmed"), eq(volunteerSignups.attendance, "came"), gte(volunteerShifts.date, from), lte(volunteerShifts.date, to));
}

/** Per volunteer (erased people as one line, last), by name: every line (the CSV). */
async function hoursLines(from: string, to: string): Promise<HoursRow[]> {
  const rows = await getDb()
    .select({
      volunteerId: volunteerSignups.volunteer_id,
      name: sql<string | null>`min(${volunteers.name})`,
      email: sql<string | null>`min(${volunteers.email})`,
      shifts: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${volunteerSignups.minutes}), 0)::int`,
    })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .leftJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteer_id))
    .where(hoursWhere(from, to))
    .groupBy(volunteerSignups.volunteer_id)
    .orderBy(sql`min(${volunteers.name}) nulls last`, sql`${volunteerSignups.volunteer_id} nulls last`);
  return rows.map((r) => ({ volunteerId: r.volunteerId, name: r.name ?? "Anonymous (details erased)", email: r.email ?? "", shifts: r.shifts, minutes: r.minutes }));
}

/** Hours given between two dates (inclusive): per volunteer, erased people together as one anonymous line, and the total. */
export async function hoursBetween(from: string, to: string): Promise<{ rows: HoursRow[]; totalMinutes: number; totalShifts: number }> {
  const list = await hoursLines(from, to);
  return { rows: list, totalMinutes: list.reduce((n, r) => n + r.minutes, 0), totalShifts: list.reduce((n, r) => n + r.shifts, 0) };
}

export const HOURS_PAGE_SIZE = 50;

/**
 * The hours screen: one page of `hoursBetween`'s lines and the period's totals (minutes,
 * shifts, and lines: each volunteer, and one for everyone erased), in one pass over the
 * period's sign-ups (the totals are window sums over the grouped lines).
 */
export async function hoursPage(
  from: string,
  to: string,
  page: number,
): Promise<PageCount & { rows: HoursRow[]; totalMinutes: number; totalShifts: number }> {
  const read = (offset: number) =>
    getDb()
      .select({
        volunteerId: volunteerSignups.volunteer_id,
        name: sql<string | null>`min(${volunteers.name})`,
        email: sql<string | null>`min(${volunteers.email})`,
        shifts: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum(${volunteerSignups.minutes}), 0)::int`,
        lines: sql<number>`(count(*) over ())::int`,
        totalShifts: sql<number>`(sum(count(*)) over ())::int`,
        totalMinutes: sql<number>`(coalesce(sum(sum(${volunteerSignups.minutes})) over (), 0))::int`,
      })
      .from(volunteerSignups)
      .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
      .leftJoin(volunteers, eq(volunteers.id, volunteerSignups.volunteer_id))
      .where(hoursWhere(from, to))
      .groupBy(volunteerSignups.volunteer_id)
      .orderBy(sql`min(${volunteers.name}) nulls last`, sql`${volunteerSignups.volunteer_id} nulls last`)
      .limit(HOURS_PAGE_SIZE)
      .offset(offset);
  let shown = page;
  let rows = await read((page - 1) * HOURS_PAGE_SIZE);
  if (rows.length === 0 && page > 1) {
    // Past the end: the totals from the first page, then the last page.
    const [first] = await read(0);
    shown = Math.max(1, Math.ceil((first?.lines ?? 0) / HOURS_PAGE_SIZE));
    rows = first ? await read((shown - 1) * HOURS_PAGE_SIZE) : [];
  }
  const lines = rows[0]?.lines ?? 0;
  return {
    page: shown,
    pages: Math.max(1, Math.ceil(lines / HOURS_PAGE_SIZE)),
    total: lines,
    more: false,
    rows: rows.map((r) => ({ volunteerId: r.volunteerId, name: r.name ?? "Anonymous (details erased)", email: r.email ?? "", shifts: r.shifts, minutes: r.minutes })),
    totalMinutes: rows[0]?.totalMinutes ?? 0,
    totalShifts: rows[0]?.totalShifts ?? 0,
  };
}

export const VOLUNTEERS_PAGE_SIZE = 25;

function volunteerConditions(f: VolunteerFilters, today: string): SQL | undefined {
  const v = volunteers;
  return and(
    f.q ? sql`(lower(${v.name}) || ' ' || ${v.email}) like ${containsPattern(f.q.toLowerCase())}` : undefined,
    f.check === "missing" ? isNull(v.check_seen_on) : undefined,
    f.check === "expired" ? and(isNotNull(v.check_seen_on), lt(v.check_expires_on, today)) : undefined,
    f.check === "ok" ? and(isNotNull(v.check_seen_on), or(isNull(v.check_expires_on), gte(v.check_expires_on, today))) : undefined,
  );
}

/**
 * One page of volunteers by name (search, check filter), each with their upcoming shifts,
 * and the count. The page's ids come first from the name index, so the upcoming shifts are
 * counted for its 25 only, not for every volunteer skipped on the way to a far page.
 */
export async function listVolunteers(f: VolunteerFilters = { q: "", check: "", page: 1 }) {
  const today = ukDate();
  const where = volunteerConditions(f, today);
  return readPage(volunteers, where, f.page, VOLUNTEERS_PAGE_SIZE, (offset) => {
    const ids = getDb()
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(where)
      .orderBy(asc(volunteers.name), asc(volunteers.id))
      .limit(VOLUNTEERS_PAGE_SIZE)
      .offset(offset);
    return getDb()
      .select({
        id: volunteers.id,
        name: volunteers.name,
        email: volunteers.email,
        phone: volunteers.phone,
        check_seen_on: volunteers.check_seen_on,
        check_expires_on: volunteers.check_expires_on,
        upcoming: sql<number>`(select count(*)::int from ${volunteerSignups} u join ${volunteerShifts} s on s.id = u.shift_id where u.volunteer_id = "volunteers"."id" and u.status = 'confirmed' and s.date >= ${today})`,
      })
      .from(volunteers)
      .where(inArray(volunteers.id, ids))
      .orderBy(asc(volunteers.name), asc(volunteers.id));
  });
}

/** Records that staff saw a background check: the date seen and its expiry (never the certificate). */
export async function recordCheck(volunteerId: number, seenOn: string, expiresOn: string | null, actor: AuditActor): Promise<boolean> {
  const rows = await getDb()
    .update(volunteers)
    .set({ check_seen_on: seenOn, check_expires_on: expiresOn, updated_at: new Date() })
    .where(eq(volunteers.id, volunteerId))
    .returning({ id: volunteers.id });
  if (rows.length) await recordAudit(actor, "volunteering.check", { entity: "volunteer", entityId: volunteerId, details: { seen_on: seenOn, expires_on: expiresOn } });
  return rows.length > 0;
}

/**
 * A volunteer made from a volunteer offer in the inbox (its name, email and phone), or the
 * existing one with that email. Null when the submission is no volunteer offer.
 */
export async function volunteerFromSubmission(submissionId: string, actor: AuditActor): Promise<{ id: number; created: boolean } | null> {
  const [submission] = await getDb().select().from(formSubmissions).where(and(eq(formSubmissions.id, submissionId), eq(formSubmissions.kind, "volunteer")));
  if (!submission) return null;
  const email = submission.email.trim().toLowerCase();
  const phone = typeof submission.data.phone === "string" ? submission.data.phone : "";
  const [made] = await getDb().insert(volunteers).values({ email, name: submission.name, phone }).onConflictDoNothing().returning({ id: volunteers.id });
  const id = made?.id ?? (await getDb().select({ id: volunteers.id }).from(volunteers).where(eq(volunteers.email, email)))[0]?.id;
  if (!id) return null;
  await recordAudit(actor, "volunteering.from-submission", { entity: "volunteer", entityId: id, details: { reference: submission.reference, created: Boolean(made) } });
  return { id, created: Boolean(made) };
}
