/**
 * Signing up for shifts against a real PostgreSQL: places are never oversold under parallel
 * sign-ups, one person cannot hold overlapping shifts, sign-up closes the set time before
 * a shift starts in Millbrook time, and a manage link shows and cancels only its own shifts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { cancelByToken, moveSignup, setCloseHoursBefore, signUp, signupsByToken } from "./signups.server.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups } from "./table.ts";

setupTestDatabase();

const actor = { email: "staff@millbrook.test" };
let n = 0;

async function opportunity() {
  const [role] = await getDb().select().from(volunteerRoles).limit(1);
  const [row] = await getDb()
    .insert(volunteerOpportunities)
    .values({ role_id: role.id, title: `Set-up ${++n}`, description: "Setting up the hall", location: "Town Hall" })
    .returning();
  return row;
}

async function shift(opportunityId: number, values: { date?: string; start_time?: string; end_time?: string; places?: number } = {}) {
  const [row] = await getDb()
    .insert(volunteerShifts)
    .values({ opportunity_id: opportunityId, date: "2030-06-15", start_time: "09:00", end_time: "12:00", places: 3, ...values })
    .returning();
  return row;
}

const person = (i: number) => ({ fullName: `Volunteer ${i}`, email: `volunteer${i}-${n}@example.org`, phone: "01632 960 418" });

describe("signing up for shifts", () => {
  it("20 parallel sign-ups for a shift with 3 places: exactly 3 succeed and 3 are confirmed", async () => {
    const op = await opportunity();
    const s = await shift(op.id, { places: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(person(i), [s.id], { source: "public" })));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.reason === "full")).toHaveLength(17);
    const rows = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.shift_id, s.id));
    expect(rows.filter((r) => r.status === "confirmed")).toHaveLength(3);
  });

  it("refuses a shift that overlaps one the same email holds, and two overlapping shifts at once; end-to-start is fine", async () => {
    const op = await opportunity();
    const morning = await shift(op.id, { start_time: "09:00", end_time: "12:00" });
    const overlapping = await shift(op.id, { start_time: "11:00", end_time: "14:00" });
    const afternoon = await shift(op.id, { start_time: "12:00", end_time: "15:00" });
    const who = person(100);
    expect((await signUp(who, [morning.id], { source: "public" })).ok).toBe(true);
    const refused = await signUp({ ...who, email: who.email.toUpperCase() }, [overlapping.id], { source: "public" });
    expect(refused).toMatchObject({ ok: false, reason: "overlap", shiftIds: [overlapping.id] });
    expect(await signUp(who, [morning.id], { source: "public" })).toMatchObject({ ok: false, reason: "already" });
    expect(await signUp(person(101), [overlapping.id, afternoon.id], { source: "public" })).toMatchObject({ ok: false, reason: "overlap" });
    expect((await signUp(who, [afternoon.id], { source: "public" })).ok).toBe(true);
  });

  it("parallel sign-ups by one email for two overlapping shifts: only one is taken", async () => {
    const op = await opportunity();
    const a = await shift(op.id, { start_time: "09:00", end_time: "12:00", places: 10 });
    const b = await shift(op.id, { start_time: "10:00", end_time: "13:00", places: 10 });
    const who = person(200);
    const results = await Promise.all([a, b, a, b, a, b].map((s) => signUp(who, [s.id], { source: "public" })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("closes the set number of hours before the start, read as Europe/London time (BST in summer, GMT in winter)", async () => {
    await setCloseHoursBefore(24, actor);
    const op = await opportunity();
    // 09:00 BST on 15 June 2030 is 08:00 UTC: sign-up closes at 08:00 UTC on 14 June.
    const summer = await shift(op.id, { date: "2030-06-15", start_time: "09:00", end_time: "12:00" });
    expect((await signUp(person(300), [summer.id], { source: "public", now: new Date("2030-06-14T07:59:00Z") })).ok).toBe(true);
    expect(await signUp(person(301), [summer.id], { source: "public", now: new Date("2030-06-14T08:00:00Z") })).toMatchObject({ ok: false, reason: "closed" });
    // 09:00 GMT on 15 January 2030 is 09:00 UTC.
    const winter = await shift(op.id, { date: "2030-01-15", start_time: "09:00", end_time: "12:00" });
    expect((await signUp(person(302), [winter.id], { source: "public", now: new Date("2030-01-14T08:59:00Z") })).ok).toBe(true);
    expect(await signUp(person(303), [winter.id], { source: "public", now: new Date("2030-01-14T09:00:00Z") })).toMatchObject({ ok: false, reason: "closed" });
    // The setting moves the cut-off; staff may still add someone to a closed shift.
    await setCloseHoursBefore(2, actor);
    expect((await signUp(person(304), [winter.id], { source: "public", now: new Date("2030-01-15T06:59:00Z") })).ok).toBe(true);
    expect((await signUp(person(305), [winter.id], { source: "staff", now: new Date("2030-01-15T08:30:00Z") })).ok).toBe(true);
    await setCloseHoursBefore(24, actor);
  });

  it("a manage link lists only its own sign-ups, cancels one, and stops working after the last shift", async () => {
    const op = await opportunity();
    const first = await shift(op.id, { date: "2030-07-01" });
    const second = await shift(op.id, { date: "2030-07-02" });
    const mine = await signUp(person(400), [first.id, second.id], { source: "public", now: new Date("2030-06-01T00:00:00Z") });
    const theirs = await signUp(person(401), [first.id], { source: "public", now: new Date("2030-06-01T00:00:00Z") });
    if (!mine.ok || !theirs.ok) throw new Error("sign-up failed");
    const before = new Date("2030-06-20T00:00:00Z");
    const seen = await signupsByToken(mine.token, before);
    expect(seen?.shifts.map((s) => s.date)).toEqual(["2030-07-01", "2030-07-02"]);
    expect(JSON.stringify(seen)).not.toContain("Volunteer 401");
    expect(await cancelByToken(mine.token, theirs.signupIds[0], before)).toBe(false);
    expect(await cancelByToken(mine.token, mine.signupIds[0], before)).toBe(true);
    expect((await signupsByToken(mine.token, before))?.shifts.map((s) => s.status)).toEqual(["cancelled", "confirmed"]);
    expect(await signupsByToken(mine.token, new Date("2030-07-02T10:59:00Z"))).not.toBeNull();
    expect(await signupsByToken(mine.token, new Date("2030-07-02T11:00:00Z"))).toBeNull();
    expect(await signupsByToken("x".repeat(43), before)).toBeNull();
  });

  it("staff move someone only to a shift with room that does not clash", async () => {
    const op = await opportunity();
    const from = await shift(op.id, { date: "2030-08-01", places: 2 });
    const fullShift = await shift(op.id, { date: "2030-08-02", places: 1 });
    const open = await shift(op.id, { date: "2030-08-03", places: 1 });
    const moving = await signUp(person(500), [from.id], { source: "staff" });
    await signUp(person(501), [fullShift.id], { source: "staff" });
    if (!moving.ok) throw new Error("sign-up failed");
    expect(await moveSignup(moving.signupIds[0], fullShift.id, actor)).toEqual({ ok: false, reason: "full" });
    expect(await moveSignup(moving.signupIds[0], open.id, actor)).toEqual({ ok: true });
    const [row] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, moving.signupIds[0]));
    expect(row.shift_id).toBe(open.id);
  });
});
