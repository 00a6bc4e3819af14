/**
 * Opportunities and their shifts: what the Volunteer page lists (published, with shifts
 * still open, places left), and staff's create, edit and shift lists.
 */
import { and, asc, eq, gte, inArray, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { PageCount } from "../../lib/paging.ts";
import type { OpportunityFilters } from "./list-filters.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { closeHoursBefore } from "./signups.server.ts";
import { repeatDates, shiftEnd, signupClosesAt, signupOpen } from "./shifts.ts";
import type { OpportunityInput, ShiftInput } from "./volunteering.schema.ts";
import { volunteerOpportunities, volunteerRoleChecks, volunteerShifts, volunteerSignups } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

interface PublicShift {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  places: number;
  left: number;
  state: "open" | "full" | "closed";
  closesAt: string;
}

export interface PublicOpportunity {
  id: number;
  title: string;
  description: string;
  location: string;
  role: string;
  roleSlug: string;
  needsCheck: boolean;
  shifts: PublicShift[];
}

/** Confirmed sign-ups per shift. */
async function takenByShift(ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .select({ shift_id: volunteerSignups.shift_id, taken: sql<number>`count(*)::int` })
    .from(volunteerSignups)
    .where(and(inArray(volunteerSignups.shift_id, ids), eq(volunteerSignups.status, "confirmed")))
    .groupBy(volunteerSignups.shift_id);
  return new Map(rows.map((r) => [r.shift_id, r.taken]));
}

/** The published opportunities with shifts that have not started, each shift open, full or closed. */
export async function listOpenOpportunities(now: Date = new Date()): Promise<PublicOpportunity[]> {
  const today = ukDate(now);
  const closeHours = await closeHoursBefore();
  const rows = await getDb()
    .select({ shift: volunteerShifts, opportunity: volunteerOpportunities, role: volunteerRoles, check: volunteerRoleChecks.role_id })
    .from(volunteerShifts)
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
    .leftJoin(volunteerRoleChecks, eq(volunteerRoleChecks.role_id, volunteerRoles.id))
    .where(and(eq(volunteerOpportunities.is_published, true), gte(volunteerShifts.date, today)))
    .orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time), asc(volunteerShifts.id))
    .limit(500);
  const taken = await takenByShift(rows.map((r) => r.shift.id));
  const byOpportunity = new Map<number, PublicOpportunity>();
  for (const { shift, opportunity, role, check } of rows) {
    if (shiftEnd(shift).getTime() <= now.getTime()) continue;
    let entry = byOpportunity.get(opportunity.id);
    if (!entry) {
      entry = {
        id: opportunity.id,
        title: opportunity.title,
        description: opportunity.description,
        location: opportunity.location,
        role: role.title,
        roleSlug: role.slug,
        needsCheck: check !== null,
        shifts: [],
      };
      byOpportunity.set(opportunity.id, entry);
    }
    const left = Math.max(0, shift.places - (taken.get(shift.id) ?? 0));
    entry.shifts.push({
      id: shift.id,
      date: shift.date,
      start_time: shift.start_time,
      end_time: shift.end_time,
      places: shift.places,
      left,
      state: !signupOpen(shift, closeHours, now) ? "closed" : left === 0 ? "full" : "open",
      closesAt: signupClosesAt(shift, closeHours).toISOString(),
    });
  }
  return [...byOpportunity.values()];
}

/** The shifts with their opportunity (for mail and the manage page). */
export async function shiftsWithOpportunity(ids: number[]) {
  if (!ids.length) return [];
  return getDb()
    .select({ shift: volunteerShifts, opportunity: volunteerOpportunities, role: volunteerRoles.title })
    .from(volunteerShifts)
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
    .where(inArray(volunteerShifts.id, ids))
    .orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time));
}

// ---- Staff ---------------------------------------------------------------------------

export interface OpportunitySummary {
  id: number;
  title: string;
  role: string;
  location: string;
  is_published: boolean;
  upcomingShifts: number;
  placesNeeded: number;
  placesTaken: number;
}

export const OPPORTUNITIES_PAGE_SIZE = 25;

/**
 * One page of opportunities by title (search by title or place; only those with shifts
 * still to come), each with its upcoming shifts and places, and the count.
 */
export async function listOpportunitiesForStaff(
  f: OpportunityFilters = { q: "", when: "", page: 1 },
  now: Date = new Date(),
): Promise<PageCount & { items: OpportunitySummary[] }> {
  const today = ukDate(now);
  const o = volunteerOpportunities;
  const where = and(
    f.q ? sql`(lower(${o.title}) || ' ' || lower(${o.location})) like ${containsPattern(f.q.toLowerCase())}` : undefined,
    f.when === "upcoming" ? sql`exists (select 1 from ${volunteerShifts} s where s.opportunity_id = ${o.id} and s.date >= ${today})` : undefined,
  );
  return readPage(o, where, f.page, OPPORTUNITIES_PAGE_SIZE, (offset) =>
    getDb()
      .select({
        id: o.id,
        title: o.title,
        role: volunteerRoles.title,
        location: o.location,
        is_published: o.is_published,
        upcomingShifts: sql<number>`(select count(*)::int from ${volunteerShifts} s where s.opportunity_id = ${o.id} and s.date >= ${today})`,
        placesNeeded: sql<number>`(select coalesce(sum(s.places), 0)::int from ${volunteerShifts} s where s.opportunity_id = ${o.id} and s.date >= ${today})`,
        placesTaken: sql<number>`(select count(*)::int from ${volunteerSignups} u join ${volunteerShifts} s on s.id = u.shift_id where s.opportunity_id = ${o.id} and s.date >= ${today} and u.status = 'confirmed')`,
      })
      .from(o)
      .innerJoin(volunteerRoles, eq(volunteerRoles.id, o.role_id))
      .where(where)
      .orderBy(asc(o.title), asc(o.id))
      .limit(OPPORTUNITIES_PAGE_SIZE)
      .offset(offset),
  );
}

/**
 * The rota's menu of opportunities: those with a shift on or after `since` (recent and to
 * come, where attendance is marked and gaps filled), by title, and the one shown (`also`).
 * Any other is reached from its own page ("Rota for this opportunity").
 */
export async function rotaChoices(since: string, also?: number): Promise<{ id: number; title: string }[]> {
  const o = volunteerOpportunities;
  return getDb()
    .select({ id: o.id, title: o.title })
    .from(o)
    .where(
      or(
        sql`exists (select 1 from ${volunteerShifts} s where s.opportunity_id = ${o.id} and s.date >= ${since})`,
        also ? eq(o.id, also) : undefined,
      ),
    )
    .orderBy(asc(o.title), asc(o.id))
    .limit(500);
}

export async function getOpportunity(id: number) {
  const [row] = await getDb().select().from(volunteerOpportunities).where(eq(volunteerOpportunities.id, id));
  return row ?? null;
}

export async function roleChoices() {
  const [roles, checks] = await Promise.all([
    getDb().select({ id: volunteerRoles.id, title: volunteerRoles.title }).from(volunteerRoles).orderBy(asc(volunteerRoles.sort_order), asc(volunteerRoles.id)),
    getDb().select().from(volunteerRoleChecks),
  ]);
  const needs = new Set(checks.map((c) => c.role_id));
  return roles.map((r) => ({ ...r, needsCheck: needs.has(r.id) }));
}

/** Which roles need a background check (the whole list, as ticked). */
export async function setRolesNeedingCheck(roleIds: number[], actor: AuditActor): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(volunteerRoleChecks);
    if (roleIds.length) await tx.insert(volunteerRoleChecks).values([...new Set(roleIds)].map((role_id) => ({ role_id }))).onConflictDoNothing();
    await recordAudit(actor, "volunteering.role-checks", { details: { roles: roleIds } }, tx);
  });
  publishChange("volunteering");
}

export async function saveOpportunity(id: number | null, input: OpportunityInput, actor: AuditActor): Promise<number> {
  if (id === null) {
    const [row] = await getDb().insert(volunteerOpportunities).values(input).returning({ id: volunteerOpportunities.id });
    await recordAudit(actor, "volunteering.opportunity.create", { entity: "volunteer_opportunity", entityId: row.id, details: { title: input.title } });
    publishChange("volunteering");
    return row.id;
  }
  await getDb().update(volunteerOpportunities).set({ ...input, updated_at: new Date() }).where(eq(volunteerOpportunities.id, id));
  await recordAudit(actor, "volunteering.opportunity.update", { entity: "volunteer_opportunity", entityId: id, details: { title: input.title } });
  publishChange("volunteering");
  return id;
}

/** Deletes an opportunity that nobody ever signed up to; false otherwise. */
export async function deleteOpportunity(id: number, actor: AuditActor): Promise<boolean> {
  const [used] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .where(eq(volunteerShifts.opportunity_id, id));
  if (used.n > 0) return false;
  const rows = await getDb().delete(volunteerOpportunities).where(eq(volunteerOpportunities.id, id)).returning({ id: volunteerOpportunities.id });
  if (rows.length) {
    await recordAudit(actor, "volunteering.opportunity.delete", { entity: "volunteer_opportunity", entityId: id });
    publishChange("volunteering");
  }
  return rows.length > 0;
}

/** Adds one shift, or one per date of a weekly or daily repeat; the number added. */
export async function addShifts(opportunityId: number, input: ShiftInput, actor: AuditActor): Promise<number> {
  const dates = input.repeat === "none" ? [input.date] : repeatDates(input.date, input.until, input.repeat);
  await getDb()
    .insert(volunteerShifts)
    .values(dates.map((date) => ({ opportunity_id: opportunityId, date, start_time: input.start_time, end_time: input.end_time, places: input.places })));
  await recordAudit(actor, "volunteering.shifts.add", { entity: "volunteer_opportunity", entityId: opportunityId, details: { dates, start: input.start_time, end: input.end_time, places: input.places } });
  publishChange("volunteering");
  return dates.length;
}

export async function shiftsOfOpportunity(opportunityId: number) {
  const shifts = await getDb().select().from(volunteerShifts).where(eq(volunteerShifts.opportunity_id, opportunityId)).orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time)).limit(1000);
  const taken = await takenByShift(shifts.map((s) => s.id));
  return shifts.map((s) => ({ ...s, taken: taken.get(s.id) ?? 0 }));
}

/** Changes a shift's places (never below those taken); false when it would be. */
export async function setShiftPlaces(shiftId: number, places: number, actor: AuditActor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [shift] = await tx.select().from(volunteerShifts).where(eq(volunteerShifts.id, shiftId)).for("update");
    if (!shift) return false;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(volunteerSignups).where(and(eq(volunteerSignups.shift_id, shiftId), eq(volunteerSignups.status, "confirmed")));
    if (places < n) return false;
    await tx.update(volunteerShifts).set({ places }).where(eq(volunteerShifts.id, shiftId));
    await recordAudit(actor, "volunteering.shift.places", { entity: "volunteer_shift", entityId: shiftId, details: { places } }, tx);
    return true;
  }).then((ok) => {
    if (ok) publishChange("volunteering");
    return ok;
  });
}

/** Deletes a shift nobody signed up to; false otherwise. */
export async function deleteShift(shiftId: number, actor: AuditActor): Promise<boolean> {
  const [used] = await getDb().select({ n: sql<number>`count(*)::int` }).from(volunteerSignups).where(eq(volunteerSignups.shift_id, shiftId));
  if (used.n > 0) return false;
  const rows = await getDb().delete(volunteerShifts).where(eq(volunteerShifts.id, shiftId)).returning({ id: volunteerShifts.id });
  if (rows.length) {
    await recordAudit(actor, "volunteering.shift.delete", { entity: "volunteer_shift", entityId: shiftId });
    publishChange("volunteering");
  }
  return rows.length > 0;
}
