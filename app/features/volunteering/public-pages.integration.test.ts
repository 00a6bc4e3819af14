/**
 * The public volunteering pages stay the same size as the rota grows: /volunteer shows
 * six opportunities a page, the soonest first, each with its next four shifts and a link
 * to its own page; /volunteer/<id> has every shift still to come, twenty a page, and the
 * same sign-up. Shifts that have ended (earlier today) are gone; unpublished opportunities
 * are never shown. Against a real PostgreSQL, through the route modules.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { openOpportunityIds } from "./index.ts";
import { addDays } from "./shifts.ts";
import { DATES_PER_PAGE, DATES_SHOWN, listOpenOpportunities, OPPORTUNITIES_PER_PAGE, openOpportunity } from "./opportunities.server.ts";
import * as opportunityPage from "./opportunity-page.tsx";
import * as volunteerPage from "./volunteer-page.tsx";
import { volunteerOpportunities, volunteerShifts, volunteerSignups } from "./table.ts";
import { ukDate, ukStartInstant } from "../../lib/uk-time.ts";

setupTestDatabase();

const today = ukDate();

async function opportunity(title: string, firstInDays: number, shifts: number, published = true) {
  const [role] = await getDb().select().from(volunteerRoles).orderBy(asc(volunteerRoles.id)).limit(1);
  const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role.id, title, description: "Helping out", location: "Hall", is_published: published }).returning();
  await getDb()
    .insert(volunteerShifts)
    .values(Array.from({ length: shifts }, (_, i) => ({ opportunity_id: op.id, date: addDays(today, firstInDays + i), start_time: "10:00", end_time: "12:00", places: 3 })));
  return op.id;
}

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the public volunteering pages", () => {
  it("page the opportunities, soonest first, with their next four shifts, and the rest on each opportunity's own page", async () => {
    // The sample opportunity of a fresh install is there too: start from what it lists.
    const before = (await listOpenOpportunities(1)).total;
    const long = await opportunity("Weekly garden crew", 1, 45);
    const hidden = await opportunity("Draft stewards", 0, 3, false);
    const others: number[] = [];
    for (let i = 0; i < OPPORTUNITIES_PER_PAGE; i++) others.push(await opportunity(`Fair helpers ${i}`, 2 + i, 2));

    const first = await volunteerPage.loader(routeArgs("/volunteer", {}));
    const total = before + 1 + OPPORTUNITIES_PER_PAGE;
    expect(first.pages).toBe(Math.ceil(total / OPPORTUNITIES_PER_PAGE));
    expect(first.opportunities).toHaveLength(OPPORTUNITIES_PER_PAGE);
    expect(first.opportunities[0]).toMatchObject({ id: long, upcoming: 45 });
    expect(first.opportunities[0].shifts.map((s) => s.date)).toEqual([1, 2, 3, 4].map((d) => addDays(today, d)));
    expect(first.opportunities[0].shifts).toHaveLength(DATES_SHOWN);
    // The second shift, the day after tomorrow: sign-up closes 24 hours before a shift, so
    // tomorrow's is closed from this time of day on.
    expect(first.opportunities[0].shifts[1]).toMatchObject({ places: 3, left: 3, state: "open" });
    expect(first.opportunities[1]).toMatchObject({ id: others[0], upcoming: 2 });
    expect(first.opportunities.map((o) => o.id)).not.toContain(hidden);
    // Every opportunity is on one page or the next, once.
    const all = [];
    for (let page = 1; page <= first.pages; page++) all.push(...(await volunteerPage.loader(routeArgs(`/volunteer?page=${page}`, {}))).opportunities.map((o) => o.id));
    expect(new Set(all).size).toBe(total);
    expect(all).toEqual(expect.arrayContaining([long, ...others]));
    expect(await status(() => volunteerPage.loader(routeArgs(`/volunteer?page=${first.pages + 1}`, {})))).toBe(404);
    expect(await status(() => volunteerPage.loader(routeArgs("/volunteer?page=0", {})))).toBe(404);
    expect(await status(() => volunteerPage.loader(routeArgs("/volunteer?page=x", {})))).toBe(404);

    // Its own page: every date, twenty a page.
    const own = await opportunityPage.loader(routeArgs(`/volunteer/${long}`, { id: String(long) }));
    expect(own).toMatchObject({ page: 1, pages: 3 });
    expect(own.opportunity.shifts).toHaveLength(DATES_PER_PAGE);
    const last = await opportunityPage.loader(routeArgs(`/volunteer/${long}?page=3`, { id: String(long) }));
    expect(last.opportunity.shifts.map((s) => s.date)).toEqual([41, 42, 43, 44, 45].map((d) => addDays(today, d)));
    expect(await status(() => opportunityPage.loader(routeArgs(`/volunteer/${long}?page=4`, { id: String(long) })))).toBe(404);
    expect(await status(() => opportunityPage.loader(routeArgs(`/volunteer/${hidden}`, { id: String(hidden) })))).toBe(404);
    expect(await status(() => opportunityPage.loader(routeArgs("/volunteer/999999", { id: "999999" })))).toBe(404);
    expect(await status(() => opportunityPage.loader(routeArgs("/volunteer/abc", { id: "abc" })))).toBe(404);

    // The sitemap lists the pages of the opportunities open to sign-up, not the hidden one.
    const listed = await openOpportunityIds();
    expect(listed).toEqual(expect.arrayContaining([long, ...others]));
    expect(listed).not.toContain(hidden);
  });

  it("leave out the shifts that ended earlier today, and count only those to come", async () => {
    const id = await opportunity("Morning market", 0, 3);
    const [firstShift] = await getDb().select().from(volunteerShifts).where(eq(volunteerShifts.opportunity_id, id)).orderBy(asc(volunteerShifts.date));
    // 12:30 Millbrook time on its day: the 10:00 to 12:00 shift has ended.
    const noonish = ukStartInstant(today, "12:30");
    const found = await openOpportunity(id, 1, noonish);
    expect(found?.opportunity.shifts.map((s) => s.id)).not.toContain(firstShift.id);
    expect(found?.opportunity.upcoming).toBe(2);
    const listed = (await listOpenOpportunities(1, noonish)).items.find((o) => o.id === id);
    expect(listed?.upcoming).toBe(2);
    // Before it ends, it is still listed (closed to sign-up by then).
    const during = await openOpportunity(id, 1, ukStartInstant(today, "10:30"));
    expect(during?.opportunity.upcoming).toBe(3);
    expect(during?.opportunity.shifts[0]).toMatchObject({ id: firstShift.id, state: "closed" });
  });

  it("sign up from an opportunity's own page, for a date beyond the first few, as from the Volunteer page", async () => {
    const id = await opportunity("Long rota", 3, 10);
    const { opportunity: op } = (await openOpportunity(id, 1))!;
    const later = op.shifts[DATES_SHOWN + 2];
    const body = new FormData();
    for (const [k, v] of Object.entries({ fullName: "Rota Rae", email: "rae@rota.test", phone: "01632 960 418", terms: "on" })) body.set(k, v);
    body.append("shifts", String(later.id));
    const answer = await opportunityPage.action(routeArgs(`/volunteer/${id}`, { id: String(id) }, { method: "POST", body }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/volunteer\/manage\/[A-Za-z0-9_-]{43}\?welcome=1$/);
    const signups = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.shift_id, later.id));
    expect(signups.map((s) => [s.name, s.status])).toEqual([["Rota Rae", "confirmed"]]);
    expect((await openOpportunity(id, 1))!.opportunity.shifts[DATES_SHOWN + 2]).toMatchObject({ id: later.id, left: 2 });
  });
});
