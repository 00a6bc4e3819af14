/**
 * Volunteers in the data-protection tools (find, export, erase by email) and the seam for
 * the supporters' timeline. Erasing deletes the volunteer (name, phone, background check
 * dates) and takes the name, email, phone and volunteer link off their sign-ups; the
 * sign-ups keep their shift, attendance and minutes, so the hours still count in the
 * totals, without the person.
 */
import { asc, eq, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups, volunteers, type SignupRow, type VolunteerRow } from "./table.ts";

type Executor = Pick<ReturnType<typeof getDb>, "select" | "update" | "delete">;

export interface VolunteerData {
  volunteer: VolunteerRow | null;
  signups: (SignupRow & { opportunity: string; role: string; date: string; start_time: string; end_time: string })[];
}

const byEmail = (email: string) => sql`lower(${volunteerSignups.email}) = ${email.trim().toLowerCase()}`;

export async function findVolunteerData(rawEmail: string, db: Executor = getDb()): Promise<VolunteerData> {
  const email = rawEmail.trim().toLowerCase();
  const [volunteer] = await db.select().from(volunteers).where(eq(volunteers.email, email));
  const rows = await db
    .select({ signup: volunteerSignups, opportunity: volunteerOpportunities.title, role: volunteerRoles.title, shift: volunteerShifts })
    .from(volunteerSignups)
    .innerJoin(volunteerShifts, eq(volunteerShifts.id, volunteerSignups.shift_id))
    .innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id))
    .innerJoin(volunteerRoles, eq(volunteerRoles.id, volunteerOpportunities.role_id))
    .where(volunteer ? or(byEmail(email), eq(volunteerSignups.volunteer_id, volunteer.id)) : byEmail(email))
    .orderBy(asc(volunteerShifts.date), asc(volunteerShifts.start_time));
  return {
    volunteer: volunteer ?? null,
    signups: rows.map((r) => ({ ...r.signup, opportunity: r.opportunity, role: r.role, date: r.shift.date, start_time: r.shift.start_time, end_time: r.shift.end_time })),
  };
}

/** The volunteering part of the subject-access export. */
export function volunteerDataExport(found: VolunteerData) {
  return {
    volunteer: found.volunteer
      ? {
          name: found.volunteer.name,
          email: found.volunteer.email,
          phone: found.volunteer.phone,
          background_check_seen_on: found.volunteer.check_seen_on,
          background_check_expires_on: found.volunteer.check_expires_on,
          first_recorded: found.volunteer.created_at.toISOString(),
        }
      : null,
    shifts: found.signups.map((s) => ({
      opportunity: s.opportunity,
      role: s.role,
      date: s.date,
      start: s.start_time,
      end: s.end_time,
      name_given: s.name,
      email_given: s.email,
      phone_given: s.phone,
      status: s.status,
      signed_up: s.created_at.toISOString(),
      cancelled: s.cancelled_at?.toISOString() ?? null,
      attendance: s.attendance,
      hours: s.minutes === null ? null : s.minutes / 60,
    })),
  };
}

/** Erases the person from volunteering (in the caller's transaction); the counts of what went. */
export async function eraseVolunteerData(tx: Executor, rawEmail: string): Promise<{ volunteers: number; signups: number }> {
  const email = rawEmail.trim().toLowerCase();
  const [volunteer] = await tx.select({ id: volunteers.id }).from(volunteers).where(eq(volunteers.email, email));
  const signups = await tx
    .update(volunteerSignups)
    .set({ name: null, email: null, phone: null, volunteer_id: null, supporter_id: null })
    .where(volunteer ? or(byEmail(email), eq(volunteerSignups.volunteer_id, volunteer.id)) : byEmail(email))
    .returning({ id: volunteerSignups.id });
  const deleted = volunteer ? await tx.delete(volunteers).where(eq(volunteers.id, volunteer.id)).returning({ id: volunteers.id }) : [];
  return { volunteers: deleted.length, signups: signups.length };
}

export interface VolunteeringTimelineEntry {
  at: string; // the shift's date
  kind: "shift";
  title: string;
  detail: string;
}

/**
 * The seam for the supporters' timeline: a person's shifts, newest first, each with its
 * role and whether they came and for how long. The supporter record calls this with the
 * supporter's email.
 */
export async function volunteeringForEmail(email: string): Promise<VolunteeringTimelineEntry[]> {
  const found = await findVolunteerData(email);
  return found.signups
    .map((s) => ({
      at: s.date,
      kind: "shift" as const,
      title: `${s.opportunity} (${s.role})`,
      detail:
        s.status === "cancelled" ? "Cancelled" : s.attendance === "came" ? `Came, ${(s.minutes ?? 0) / 60} hours` : s.attendance === "no_show" ? "Did not come" : `Signed up, ${s.start_time} to ${s.end_time}`,
    }))
    .reverse();
}

/**
 * Retention (the daily job, through index.ts): erases, as `eraseVolunteerData` does, every
 * volunteer whose last shift (or, with none, their record) is `months` or more before
 * `today` (a Millbrook date), and the sign-ups of addresses with no volunteer left that are
 * as old. Their shifts, attendance and minutes stay, without the person, for the reports.
 */
export async function eraseIdleVolunteers(today: string, months: number): Promise<{ volunteers: number; signups: number }> {
  const before = sql`(${today}::date - make_interval(months => ${months}))::date`;
  return getDb().transaction(async (tx) => {
    const idle = await tx.execute<{ email: string }>(sql`
      select v.email from ${volunteers} v
      where (v.created_at at time zone 'Europe/London')::date < ${before}
        and not exists (
          select 1 from ${volunteerSignups} s join ${volunteerShifts} sh on sh.id = s.shift_id
          where (s.volunteer_id = v.id or lower(s.email) = v.email) and sh.date >= ${before})
      union
      select lower(s.email) from ${volunteerSignups} s join ${volunteerShifts} sh on sh.id = s.shift_id
      where s.email is not null and s.volunteer_id is null
        and not exists (select 1 from ${volunteers} v where v.email = lower(s.email))
      group by lower(s.email) having max(sh.date) < ${before}`);
    const erased = { volunteers: 0, signups: 0 };
    for (const { email } of idle.rows) {
      const r = await eraseVolunteerData(tx, email);
      erased.volunteers += r.volunteers;
      erased.signups += r.signups;
    }
    return erased;
  });
}

/**
 * The supporters' timeline (through index.ts): a subquery of the supporter's sign-ups with the
 * timeline's columns (kind, at, key, title, detail). Each sign-up is one "shift" entry when it
 * was made, and, once they came, a "volunteered" entry at the shift's start with the hours.
 */
export function volunteeringTimelineSql(supporterId: string): SQL {
  const what = sql`o.title || ' (' || r.title || ')'`;
  const when = sql`to_char(sh.date, 'DD Mon YYYY') || ', ' || sh.start_time || ' to ' || sh.end_time`;
  return sql`
    select 'shift' as kind, s.created_at as at, s.id::text as key, 'Signed up to volunteer: ' || ${what} as title,
      ${when} || ' · ' || case when s.status = 'cancelled' then 'cancelled' when s.attendance = 'no_show' then 'did not come' when s.attendance = 'came' then 'came' else 'confirmed' end as detail
      from ${volunteerSignups} s join ${volunteerShifts} sh on sh.id = s.shift_id join ${volunteerOpportunities} o on o.id = sh.opportunity_id join ${volunteerRoles} r on r.id = o.role_id
      where s.supporter_id = ${supporterId}
    union all
    select 'volunteered', (sh.date + sh.start_time::time) at time zone 'Europe/London', s.id::text, 'Volunteered: ' || ${what},
      trim_scale(round(coalesce(s.minutes, 0) / 60.0, 2))::text || case when s.minutes = 60 then ' hour' else ' hours' end || ' · ' || ${when}
      from ${volunteerSignups} s join ${volunteerShifts} sh on sh.id = s.shift_id join ${volunteerOpportunities} o on o.id = sh.opportunity_id join ${volunteerRoles} r on r.id = o.role_id
      where s.supporter_id = ${supporterId} and s.attendance = 'came'`;
}

/** Supporters merged (in the merge's transaction): the sign-ups of `from` move to `to`. */
export async function moveSignupsToSupporter(tx: Executor, from: string, to: string): Promise<number> {
  const moved = await tx.update(volunteerSignups).set({ supporter_id: to }).where(eq(volunteerSignups.supporter_id, from)).returning({ id: volunteerSignups.id });
  return moved.length;
}

/**
 * For the supporters' retention rule (through index.ts): the latest time the supporter
 * (`supporterId`, a column of the caller's query) signed up for or ended a shift.
 */
export function lastVolunteeringOf(supporterId: SQL): SQL {
  // Aliases of its own: the caller's query may use s and sh.
  return sql`(select max(greatest(lv_signup.created_at, (lv_shift.date + lv_shift.end_time::time) at time zone 'Europe/London'))
    from ${volunteerSignups} lv_signup join ${volunteerShifts} lv_shift on lv_shift.id = lv_signup.shift_id where lv_signup.supporter_id = ${supporterId})`;
}
