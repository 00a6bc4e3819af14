/**
 * Volunteering's staff side against a real PostgreSQL: the sample opportunity of a fresh
 * install, attendance and hours (the shift's length by default, none for a no-show), hours
 * by financial year and the CSV, the rota's flags for missing or expired checks, a volunteer
 * made from an inbox offer, and find, export and erase by email keeping the hours anonymous.
 * Access: an editor without the submissions permission is refused the rota with names.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { formSubmissions } from "../submissions/table.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { asc } from "drizzle-orm";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../domain/data-protection/retention.server.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import * as csvRoute from "./admin/hours-export.ts";
import * as opportunitiesRoute from "./admin/opportunities.tsx";
import * as rotaRoute from "./admin/rota.tsx";
import * as volunteersRoute from "./admin/volunteers.tsx";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { volunteeringForEmail, type VolunteeringTimelineEntry } from "./index.ts";
import { setRolesNeedingCheck } from "./opportunities.server.ts";
import { closeHoursBefore, signUp } from "./signups.server.ts";
import { volunteerOpportunities, volunteerShifts } from "./table.ts";
import { hoursBetween, listVolunteers, markAttendance, recordCheck, rota, volunteerFromSubmission } from "./volunteers.server.ts";

setupTestDatabase();

const rolesForTest = () => getDb().select().from(volunteerRoles).orderBy(asc(volunteerRoles.id));
const actor = { email: "staff@millbrook.test" };

async function opportunityWithShift(date: string, roleId?: number) {
  const role = roleId ?? (await rolesForTest())[0].id;
  const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role, title: `Op ${date}`, description: "Helping out", location: "Hall" }).returning();
  const [shift] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date, start_time: "10:00", end_time: "13:30", places: 4 }).returning();
  return { op, shift };
}

describe("volunteering for staff", () => {
  it("a fresh install has a sample opportunity with shifts after the install date", async () => {
    const rows = await getDb().select().from(volunteerShifts).innerJoin(volunteerOpportunities, eq(volunteerOpportunities.id, volunteerShifts.opportunity_id)).where(eq(volunteerOpportunities.title, "Christmas Craft Fair helpers"));
    expect(rows.length).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    for (const r of rows) expect(r.volunteer_shifts.date > today).toBe(true);
  });

  it("counts hours: the shift's length by default, hours as given, none for a no-show; by financial year", async () => {
    const { shift } = await opportunityWithShift("2031-04-02");
    const { shift: lastYear } = await opportunityWithShift("2031-03-30");
    const a = await signUp({ fullName: "Hours Ann", email: "ann@hours.test", phone: "01632 960 418" }, [shift.id, lastYear.id], { source: "staff" });
    const b = await signUp({ fullName: "Hours Bob", email: "bob@hours.test", phone: "01632 960 418" }, [shift.id], { source: "staff" });
    const c = await signUp({ fullName: "Hours Cy", email: "cy@hours.test", phone: "01632 960 418" }, [shift.id], { source: "staff" });
    if (!a.ok || !b.ok || !c.ok) throw new Error("sign-up failed");
    expect(await markAttendance(a.signupIds[0], "came", null, actor)).toBe(true);
    expect(await markAttendance(a.signupIds[1], "came", null, actor)).toBe(true);
    expect(await markAttendance(b.signupIds[0], "came", 120, actor)).toBe(true);
    expect(await markAttendance(c.signupIds[0], "no_show", 90, actor)).toBe(true);
    const year = await hoursBetween("2031-04-01", "2032-03-31");
    expect(year.rows.map((r) => [r.name, r.minutes])).toEqual([
      ["Hours Ann", 210],
      ["Hours Bob", 120],
    ]);
    expect(year.totalMinutes).toBe(330);
    expect((await hoursBetween("2030-04-01", "2031-03-31")).totalMinutes).toBe(210);
  });

  it("flags a missing or expired check on the rota for a role that needs one, and not for other roles", async () => {
    const roles = await rolesForTest();
    await setRolesNeedingCheck([roles[1].id], actor);
    const { shift } = await opportunityWithShift("2031-06-10", roles[1].id);
    const { shift: other } = await opportunityWithShift("2031-06-11", roles[0].id);
    const made = await Promise.all(
      ["none", "old", "good"].map((n) => signUp({ fullName: `Check ${n}`, email: `${n}@checks.test`, phone: "01632 960 418" }, [shift.id, other.id], { source: "staff" })),
    );
    if (!made.every((m) => m.ok)) throw new Error("sign-up failed");
    const ids = made.map((m) => (m.ok ? m.volunteerId : 0));
    await recordCheck(ids[1], "2028-01-01", "2031-06-01", actor);
    await recordCheck(ids[2], "2030-01-01", "2033-01-01", actor);
    const [checked] = await rota({ from: "2031-06-10", to: "2031-06-10" });
    expect(checked.people.map((p) => [p.name, p.check]).sort()).toEqual([
      ["Check good", "ok"],
      ["Check none", "missing"],
      ["Check old", "expired"],
    ]);
    const [unchecked] = await rota({ from: "2031-06-11", to: "2031-06-11" });
    expect(unchecked.people.every((p) => p.check === null)).toBe(true);
    expect(unchecked.unfilled).toBe(1);
  });

  it("makes a volunteer from a volunteer offer in the inbox, once", async () => {
    const [row] = await getDb()
      .insert(formSubmissions)
      .values({ reference: "VOL-TESTVOL1", kind: "volunteer", name: "Offer Olu", email: "Olu@Offer.test", data: { fullName: "Offer Olu", email: "Olu@Offer.test", phone: "07700 900123" } })
      .returning();
    expect(await volunteerFromSubmission(row.id, actor)).toMatchObject({ created: true });
    expect(await volunteerFromSubmission(row.id, actor)).toMatchObject({ created: false });
    expect((await listVolunteers({ q: "olu@offer", check: "", page: 1 })).items).toMatchObject([{ name: "Offer Olu", email: "olu@offer.test", upcoming: 0 }]);
    const found = await findPersonalData("olu@offer.test");
    expect(found.volunteering.volunteer).toMatchObject({ name: "Offer Olu", phone: "07700 900123", email: "olu@offer.test" });
  });

  it("find, export and erase by email: the person goes, the hours stay in the totals, anonymous", async () => {
    const { shift } = await opportunityWithShift("2031-09-01");
    const r = await signUp({ fullName: "Erase Eve", email: "eve@erase.test", phone: "01632 960 999" }, [shift.id], { source: "staff" });
    if (!r.ok) throw new Error("sign-up failed");
    await markAttendance(r.signupIds[0], "came", null, actor);
    const found = await findPersonalData("EVE@erase.test");
    const exported = personalDataExport(found).volunteering;
    expect(exported.volunteer?.phone).toBe("01632 960 999");
    expect(exported.shifts).toMatchObject([{ date: "2031-09-01", attendance: "came", hours: 3.5, name_given: "Erase Eve" }]);
    // The supporters' timeline reads the same through the feature's seam.
    expect(await volunteeringForEmail("eve@erase.test")).toEqual([{ at: "2031-09-01", kind: "shift", title: "Op 2031-09-01 (Event Support)", detail: "Came, 3.5 hours" }]);
    const erased = await erasePersonalData("eve@erase.test", actor);
    expect(erased.volunteering).toEqual({ volunteers: 1, signups: 1 });
    const after = await findPersonalData("eve@erase.test");
    expect(after.volunteering).toEqual({ volunteer: null, signups: [] });
    const none: VolunteeringTimelineEntry[] = await volunteeringForEmail("eve@erase.test");
    expect(none).toEqual([]);
    const hours = await hoursBetween("2031-09-01", "2031-09-01");
    expect(hours.rows).toEqual([{ volunteerId: null, name: "Anonymous (details erased)", email: "", shifts: 1, minutes: 210 }]);
    const [onRota] = await rota({ from: "2031-09-01", to: "2031-09-01" });
    expect(onRota.people.map((p) => [p.name, p.email, p.phone, p.minutes])).toEqual([["(erased)", "", "", 210]]);
  });

  it("refuses the rota with names and the hours CSV to an editor without the submissions permission; opportunities stay open to editors", async () => {
    const without = await staffSession("editor");
    const withIt = await staffSession("editor", { permissions: ["submissions"] });
    const rotaLoader = (token: string) => throughLayouts("features/volunteering/admin/rota.tsx", rotaRoute.loader, routeArgs("/admin/volunteering/rota", {}, { token }));
    const csvLoader = (token: string) => throughLayouts("features/volunteering/admin/hours-export.ts", csvRoute.loader, routeArgs("/admin/volunteering/hours.csv", {}, { token }));
    const listLoader = (token: string) => throughLayouts("features/volunteering/admin/opportunities.tsx", opportunitiesRoute.loader, routeArgs("/admin/volunteering", {}, { token }));
    expect(await statusOf(rotaLoader(without.token))).toBe(403);
    expect(await statusOf(csvLoader(without.token))).toBe(403);
    expect(await statusOf(listLoader(without.token))).toBe(200);
    const shifts = await rotaLoader(withIt.token);
    expect(shifts).toHaveProperty("shifts");
    const csv = (await csvLoader(withIt.token)) as Response;
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
  });
});

describe("the rota, volunteer check and sign-up closing forms answer the one reply shape, and a refusal changes nothing", () => {
  const post = async <R,>(file: string, action: (args: never) => R, url: string, fields: Record<string, string>) => {
    const { token } = await staffSession("editor", { permissions: ["submissions"] });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const answer = await throughLayouts(file, action, routeArgs(url, {}, { token, method: "POST", body }));
    const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
    return { status: init.status, intent: data.intent, error: data.reply.error, values: data.reply.initialValue };
  };
  const rotaPost = (fields: Record<string, string>) => post("features/volunteering/admin/rota.tsx", rotaRoute.action, "/admin/volunteering/rota", fields);

  it("refuses a person added by hand with a bad email: field and form messages under the shift's form, values kept, nobody added", async () => {
    const { shift } = await opportunityWithShift("2031-10-01");
    const answer = await rotaPost({ intent: "add", shift: String(shift.id), fullName: "Hand Added", email: "not-an-email", phone: "01632 960 418" });
    expect(answer).toMatchObject({ status: 400, intent: `add-${shift.id}`, error: { email: ["Please enter a valid email address, like name@example.com"], "": ["Check the details"] } });
    expect(answer.values).toMatchObject({ fullName: "Hand Added", email: "not-an-email" });
    const [onRota] = await rota({ from: "2031-10-01", to: "2031-10-01" });
    expect(onRota.people).toEqual([]);
  });

  it("refuses hours that are not a number on the person's form, and a person no longer on the shift", async () => {
    const { shift } = await opportunityWithShift("2031-10-02");
    const made = await signUp({ fullName: "Rota Reply", email: "reply@rota.test", phone: "01632 960 418" }, [shift.id], { source: "staff" });
    if (!made.ok) throw new Error("sign-up failed");
    const [signup] = made.signupIds;
    const hours = await rotaPost({ intent: "attendance", signup: String(signup), attendance: "came", hours: "lots" });
    expect(hours).toMatchObject({ status: 400, intent: `signup-${signup}`, error: { hours: ["Enter hours, like 2.5"] }, values: { hours: "lots" } });
    const [onRota] = await rota({ from: "2031-10-02", to: "2031-10-02" });
    expect(onRota.people.map((p) => [p.name, p.attendance])).toEqual([["Rota Reply", null]]);
    const gone = await rotaPost({ intent: "remove", signup: String(signup + 1000) });
    expect(gone).toMatchObject({ status: 409, intent: `signup-${signup + 1000}`, error: { "": ["That person is no longer on the shift."] } });
    const unknown = await rotaPost({ intent: "shout" });
    expect(unknown).toMatchObject({ status: 400, intent: "rota", error: { "": ["Unknown action."] } });
  });

  it("refuses sign-up closing hours out of range under that form, and keeps the setting", async () => {
    const before = await closeHoursBefore();
    const listPost = (fields: Record<string, string>) => post("features/volunteering/admin/opportunities.tsx", opportunitiesRoute.action, "/admin/volunteering", fields);
    const tooMany = await listPost({ intent: "close-hours", close_hours: "400" });
    expect(tooMany).toMatchObject({ status: 400, intent: "close-hours", error: { close_hours: ["At most 336 hours (two weeks)"] }, values: { close_hours: "400" } });
    const words = await listPost({ intent: "close-hours", close_hours: "a day" });
    expect(words).toMatchObject({ status: 400, intent: "close-hours", error: { close_hours: ["Enter a number of hours"] } });
    expect(await closeHoursBefore()).toBe(before);
    const unknown = await listPost({ intent: "shout" });
    expect(unknown).toMatchObject({ status: 400, intent: "shout", error: { "": ["Unknown action."] } });
  });

  it("refuses a check that expires before it was seen, and a volunteer who no longer exists, under that volunteer's form", async () => {
    const { shift } = await opportunityWithShift("2031-10-03");
    const made = await signUp({ fullName: "Check Reply", email: "reply@check.test", phone: "01632 960 418" }, [shift.id], { source: "staff" });
    if (!made.ok) throw new Error("sign-up failed");
    const volunteer = (await listVolunteers({ q: "reply@check.test", check: "", page: 1 })).items[0];
    const checkPost = (fields: Record<string, string>) => post("features/volunteering/admin/volunteers.tsx", volunteersRoute.action, "/admin/volunteering/volunteers", fields);
    const early = await checkPost({ volunteer: String(volunteer.id), check_seen_on: "2031-05-01", check_expires_on: "2031-04-01" });
    expect(early).toMatchObject({ status: 400, intent: `check-${volunteer.id}`, error: { check_expires_on: ["The expiry must be after the date seen"] } });
    expect(early.values).toMatchObject({ check_seen_on: "2031-05-01", check_expires_on: "2031-04-01" });
    expect((await listVolunteers({ q: "reply@check.test", check: "", page: 1 })).items[0].check_seen_on).toBeNull();
    const missing = await checkPost({ volunteer: String(volunteer.id + 1000), check_seen_on: "2031-05-01", check_expires_on: "" });
    expect(missing).toMatchObject({ status: 404, intent: `check-${volunteer.id + 1000}`, error: { check_seen_on: ["That volunteer no longer exists"] } });
  });
});

/** The status a loader answered or threw (a Response, or React Router's data() with init). */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    const value = await promise;
    return value instanceof Response ? value.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: ResponseInit }).init;
    if (init?.status) return init.status;
    throw error;
  }
}
