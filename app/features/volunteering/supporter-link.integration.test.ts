/**
 * Volunteers and their supporter record against real PostgreSQL: a shift sign-up finds or
 * makes the supporter for its email in the sign-up's transaction (none for a refused
 * sign-up), the supporter's timeline shows the sign-ups and, once they came, the hours, a
 * merge moves them, and erasing the volunteer unlinks them.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { supporters } from "../supporters/table.ts";
import { linkFromForm, supporterByEmail } from "../supporters/index.ts";
import { mergeSupporters, supporterTimeline } from "../supporters/admin.server.ts";
import { eraseVolunteerData } from "./personal-data.server.ts";
import { signUp } from "./signups.server.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups } from "./table.ts";
import { markAttendance } from "./volunteers.server.ts";
import { action as volunteerPageAction } from "./volunteer-page.tsx";
import { currentConsent } from "../supporters/index.ts";
import { routeArgs } from "../../../tests/helpers/submissions.ts";

setupTestDatabase();
const actor = { email: "staff@millbrook.test" };
let n = 0;

async function shift(values: { date: string; start_time?: string; end_time?: string; places?: number }) {
  const [role] = await getDb().select().from(volunteerRoles).limit(1);
  const [op] = await getDb()
    .insert(volunteerOpportunities)
    .values({ role_id: role.id, title: `Litter pick ${++n}`, description: "Picking litter on the green", location: "The Green" })
    .returning();
  const [row] = await getDb()
    .insert(volunteerShifts)
    .values({ opportunity_id: op.id, start_time: "09:00", end_time: "12:00", places: 2, ...values })
    .returning();
  return { ...row, title: op.title, role: role.title };
}

describe("volunteers and their supporter record", () => {
  it("a sign-up finds the supporter of its email (any case) or makes one, and a refused sign-up makes none", async () => {
    const s = await shift({ date: "2031-05-10", places: 1 });
    const existing = await getDb().transaction((tx) => linkFromForm(tx, { email: "known.volunteer@example.org", name: "Kim Known" }));
    const first = await signUp({ fullName: "Kim Known", email: "  Known.Volunteer@Example.org ", phone: "01632 960 111" }, [s.id], { source: "public" });
    if (!first.ok) throw new Error(`sign-up refused: ${first.reason}`);
    const [row] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, first.signupIds[0]));
    expect(row.supporter_id).toBe(existing);

    const other = await shift({ date: "2031-05-11" });
    const fresh = await signUp({ fullName: "Nia New", email: "nia.new@example.org", phone: "" }, [other.id], { source: "public" });
    if (!fresh.ok) throw new Error("sign-up refused");
    const made = await supporterByEmail("nia.new@example.org");
    expect(made).toMatchObject({ name: "Nia New" });
    const [freshRow] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, fresh.signupIds[0]));
    expect(freshRow.supporter_id).toBe(made!.id);

    // The shift is full: the refused sign-up leaves no supporter behind.
    const refused = await signUp({ fullName: "Fay Full", email: "fay.full@example.org", phone: "" }, [s.id], { source: "public" });
    expect(refused).toMatchObject({ ok: false, reason: "full" });
    expect(await supporterByEmail("fay.full@example.org")).toBeNull();
  });

  it("the supporter's timeline shows the sign-up and, once they came, a volunteered entry with the hours, newest first; merge and erasure carry them", async () => {
    const morning = await shift({ date: "2031-06-01", start_time: "09:00", end_time: "12:30" });
    const later = await shift({ date: "2031-07-01", start_time: "10:00", end_time: "11:00" });
    const r = await signUp({ fullName: "Hal Hours", email: "hal.hours@example.org", phone: "" }, [morning.id, later.id], { source: "staff" });
    if (!r.ok) throw new Error("sign-up refused");
    expect(await markAttendance(r.signupIds[0], "came", null, actor)).toBe(true);
    expect(await markAttendance(r.signupIds[1], "came", 60, actor)).toBe(true);
    const hal = (await supporterByEmail("hal.hours@example.org"))!;

    const { entries } = await supporterTimeline(hal.id, 1);
    const volunteered = entries.filter((e) => e.kind === "volunteered");
    expect(volunteered.map((e) => [e.title, e.detail])).toEqual([
      [`Volunteered: ${later.title} (${later.role})`, "1 hour · 01 Jul 2031, 10:00 to 11:00"],
      [`Volunteered: ${morning.title} (${morning.role})`, "3.5 hours · 01 Jun 2031, 09:00 to 12:30"],
    ]);
    // 09:00 in Millbrook in June is 08:00 UTC.
    expect(volunteered[1].at).toBe("2031-06-01T08:00:00.000Z");
    expect(entries.filter((e) => e.kind === "shift").map((e) => e.title)).toEqual(expect.arrayContaining([`Signed up to volunteer: ${morning.title} (${morning.role})`]));
    const ats = entries.map((e) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());

    // Merged into another record of the same person: the shifts move with them.
    const [kept] = await getDb().insert(supporters).values({ email: "hal@work.example.org", name: "Hal Hours" }).returning();
    expect(await mergeSupporters(kept.id, hal.id, actor)).toEqual({ ok: true });
    const afterMerge = await supporterTimeline(kept.id, 1);
    expect(afterMerge.entries.filter((e) => e.kind === "volunteered")).toHaveLength(2);
    expect(afterMerge.entries.find((e) => e.kind === "merged")?.detail).toContain("2 volunteer shifts");

    // Erasing the volunteer takes the sign-ups off the supporter's timeline; the hours stay anonymous.
    await getDb().transaction((tx) => eraseVolunteerData(tx, "hal.hours@example.org"));
    expect((await supporterTimeline(kept.id, 1)).entries.filter((e) => e.kind === "volunteered" || e.kind === "shift")).toEqual([]);
    const [erased] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, r.signupIds[0]));
    expect(erased).toMatchObject({ supporter_id: null, email: null, minutes: 210 });
  });

  it("the public sign-up form's unticked consent box records nothing; ticked, it records consent with its wording", async () => {
    const post = (email: string, shiftId: number, consent: boolean) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ fullName: "Consent Tester", email, phone: "01632 960 222", terms: "on", shifts: String(shiftId) })) body.set(k, v);
      if (consent) body.set("emailConsent", "on");
      return volunteerPageAction(routeArgs("/volunteer", {}, { method: "POST", body }));
    };
    const first = await shift({ date: "2031-08-01", places: 5 });
    const unticked = (await post("no.news@example.org", first.id, false)) as Response;
    expect(unticked.status).toBe(303);
    const quiet = (await supporterByEmail("no.news@example.org"))!;
    expect(await currentConsent(quiet.id)).toMatchObject({ subscribed: false, since: null });

    const ticked = (await post("yes.news@example.org", first.id, true)) as Response;
    expect(ticked.status).toBe(303);
    const keen = (await supporterByEmail("yes.news@example.org"))!;
    expect(await currentConsent(keen.id)).toMatchObject({ subscribed: true, source: "Volunteer sign-up form" });
    const { entries } = await supporterTimeline(keen.id, 1);
    expect(entries.find((e) => e.kind === "consent")?.detail).toContain('"Email me news of the foundation');
  });
});
