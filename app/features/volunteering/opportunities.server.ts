/**
 * Opportunities and their shifts: what the Volunteer page lists (published, with shifts
 * still open, places left), and staff's create, edit and shift lists.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { PageCount } from "../../lib/paging.ts";
import type { OpportunityFilters } from "./list-filters.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { closeHoursBefore } from "./signups.server.ts";
import { repeatDates, signupOpen } from "./shifts.ts";
import type { OpportunityInput, ShiftInput } from "./volunteering.schema.ts";
import { volunteerOpportunities, volunteerRoleChecks, volunteerShifts, volunteerSignups } from "./table.ts";
import { ukDate, ukParts } from "../../lib/uk-time.ts";

interface PublicShift {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  places: number;
  left: number;
  state: "open" | "full" | "closed";
}

export interface PublicOpportunity {
  id: number;
  title: string;
  description: string;
  location: string;
  role: string;
  needsCheck: boolean;
  /** The shifts shown (the first few, or one page of them on the opportunity's own page). */
  shifts: PublicShift[];
  /** Its shifts still to come, shown or not. */
  upcoming: number;
}

/** Opportunities on one page of /volunteer, soonest first. */
export const OPPORTUNITIES_PER_PAGE = 6;
/** The dates /volunteer shows of each opportunity; the rest are on its own page. */
export const DATES_SHOWN = 4;
/** The dates on one page of an opportunity's own page. */
export const DATES_PER_PAGE = 20;

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

/** A shift still to come: it has not ended yet (its date and end read as Millbrook time). */
function stillToCome(now: Date): SQL {
  const p = ukParts(now);
  const time = `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
  const today = ukDate(now);
  const s = volunteerShifts;
  return sql`(${s.date} > ${today} or (${s.date} = ${today} and ${s.end_time} > ${time}))`;
}

type ShiftRow = typeof volunteerShifts.$inferSelect;

/** The published opportunities `ids` (in that order), each with `shifts` and its count of shifts to come. */
async function withShifts(ids: number[], shifts: ShiftRow[], upcoming: Map<number, number>, now: Date): Promise<PublicOpportunity[]> {
  if (!ids.length) return [];
  const [closeHours, rows, taken] = await Promise.all([
    closeHoursBefore(),
    getDb()
      .select({ opportunity: volunteerOpportunities, role: volunteerRoles, check: volunteerRoleChecks.role_id })
      .from(volunteerOpportunities)
      .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
      .leftJoin(volunteerRoleChecks, eq(volunteerRoleChecks.role_id, volunteerRoles.id))
      .where(inArray(volunteerOpportunities.id, ids)),
    takenByShift(shifts.map((s) => s.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.opportunity.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { opportunity, role, check } = row;
    return [
      {
        id: opportunity.id,
        title: opportunity.title,
        description: opportunity.description,
        location: opportunity.location,
        role: role.title,
        needsCheck: check !== null,
        upcoming: upcoming.get(id) ?? 0,
        shifts: shifts
          .filter((shift) => shift.opportunity_id === id)
          .map((shift) => {
            const left = Math.max(0, shift.places - (taken.get(shift.id) ?? 0));
            return {
              id: shift.id,
              date: shift.date,
              start_time: shift.start_time,
              end_time: shift.end_time,
              places: shift.places,
              left,
              state: !signupOpen(shift, closeHours, now) ? ("closed" as const) : left === 0 ? ("full" as const) : ("open" as const),
            };
          }),
      },
    ];
  });
}

/**
 * One page of the published opportunities with shifts still to come, the soonest first,
 * each with its next few shifts (open, full or closed) and how many it has in all.
 */
export async function listOpenOpportunities(page = 1, now: Date = new Date()): Promise<{ items: PublicOpportunity[]; pages: number; total: number }> {
  const s = volunteerShifts;
  const o = volunteerOpportunities;
  const soonest = sql`min(${s.date}::text || ' ' || ${s.start_time})`;
  const read = (offset: number) =>
    getDb()
      .select({ id: o.id, upcoming: sql<number>`count(*)::int`, total: sql<number>`(count(*) over ())::int` })
      .from(s)
      .innerJoin(o, eq(o.id, s.opportunity_id))
      .where(and(eq(o.is_published, true), stillToCome(now)))
      .groupBy(o.id)
      .orderBy(soonest, asc(o.id))
      .limit(OPPORTUNITIES_PER_PAGE)
      .offset(offset);
  // A page past the end has no rows (and no total): the page says it is not found.
  const rows = await read((page - 1) * OPPORTUNITIES_PER_PAGE);
  const total = rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OPPORTUNITIES_PER_PAGE));
  const ids = rows.map((r) => r.id);
  const shifts = ids.length
    ? await getDb()
        .select()
        .from(s)
        .where(
          inArray(
            s.id,
            sql`(select id from (select ${s.id} as id, row_number() over (partition by ${s.opportunity_id} order by ${s.date}, ${s.start_time}, ${s.id}) as n
              from ${s} where ${inArray(s.opportunity_id, ids)} and ${stillToCome(now)}) next where n <= ${DATES_SHOWN})`,
          ),
        )
        .orderBy(asc(s.date), asc(s.start_time), asc(s.id))
    : [];
  const items = await withShifts(ids, shifts, new Map(rows.map((r) => [r.id, r.upcoming])), now);
  return { items, pages, total };
}

/**
 * A published opportunity with one page of its shifts still to come (DATES_PER_PAGE), for
 * its own page; null when there is no such opportunity. A page past the end is the last.
 */
export async function openOpportunity(id: number, page = 1, now: Date = new Date()): Promise<{ opportunity: PublicOpportunity; page: number; pages: number } | null> {
  const s = volunteerShifts;
  const [published] = await getDb()
    .select({ id: volunteerOpportunities.id })
    .from(volunteerOpportunities)
    .where(and(eq(volunteerOpportunities.id, id), eq(volunteerOpportunities.is_published, true)));
  if (!published) return null;
  const where = and(eq(s.opportunity_id, id), stillToCome(now));
  const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(s).where(where);
  const pages = Math.max(1, Math.ceil(n / DATES_PER_PAGE));
  const shown = Math.min(Math.max(1, page), pages);
  const shifts = await getDb()
    .select()
    .from(s)
    .where(where)
    .orderBy(asc(s.date), asc(s.start_time), asc(s.id))
    .limit(DATES_PER_PAGE)
    .offset((shown - 1) * DATES_PER_PAGE);
  const [opportunity] = await withShifts([id], shifts, new Map([[id, n]]), now);
  return opportunity ? { opportunity, page: shown, pages } : null;
}

/** The published opportunities with shifts still to come (the sitemap lists their pages). */
export async function openOpportunityIds(now: Date = new Date()): Promise<number[]> {
  const rows = await getDb()
    .selectDistinct({ id: volunteerOpportunities.id })
    .from(volunteerShifts)
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .where(and(eq(volunteerOpportunities.is_published, true), stillToCome(now)))
    .orderBy(asc(volunteerOpportunities.id));
  return rows.map((r) => r.id);
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
