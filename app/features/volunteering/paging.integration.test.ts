/**
 * Volunteering's paged staff lists against a real PostgreSQL: volunteers (by name, search,
 * background-check filter), opportunities (by title, search, "with shifts to come") and
 * hours per volunteer: each page holds its share in order, the last page the rest, a page
 * past the end shows the last one, and the counts match the filters.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { parseOpportunityFilters, parseVolunteerFilters, volunteerFiltersQuery } from "./list-filters.ts";
import { listOpportunitiesForStaff, OPPORTUNITIES_PAGE_SIZE, rotaChoices } from "./opportunities.server.ts";
import { addDays } from "./shifts.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups, volunteers } from "./table.ts";
import { HOURS_PAGE_SIZE, hoursBetween, hoursPage, listVolunteers, VOLUNTEERS_PAGE_SIZE } from "./volunteers.server.ts";
import { ukDate } from "../../lib/uk-time.ts";

setupTestDatabase();

const today = ukDate();
const pad = (n: number) => String(n).padStart(2, "0");

describe("the volunteers list, paged", () => {
  it("pages 60 volunteers by name, filters by search and check, and counts what matches", async () => {
    // 60 "Pager" volunteers: every third with no check, every third expired, the rest in date.
    await getDb()
      .insert(volunteers)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          name: `Pager ${pad(i)}`,
          email: `pager${pad(i)}@paging.test`,
          check_seen_on: i % 3 === 0 ? null : "2024-01-01",
          check_expires_on: i % 3 === 1 ? addDays(today, -1) : i % 3 === 2 ? addDays(today, 30) : null,
        })),
      );
    const search = (page: number, check: "" | "missing" | "expired" | "ok" = "") => listVolunteers({ q: "@paging.test", check, page });

    const first = await search(1);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 60, more: false });
    expect(first.items.map((v) => v.name)).toEqual(Array.from({ length: VOLUNTEERS_PAGE_SIZE }, (_, i) => `Pager ${pad(i)}`));
    const second = await search(2);
    expect(second.items[0].name).toBe(`Pager ${pad(VOLUNTEERS_PAGE_SIZE)}`);
    const last = await search(3);
    expect(last.items.map((v) => v.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Pager ${pad(50 + i)}`));
    // Past the end: the last page.
    expect(await search(9)).toMatchObject({ page: 3, pages: 3, items: last.items });

    for (const [check, names] of [
      ["missing", [0, 3, 57]],
      ["expired", [1, 4, 58]],
      ["ok", [2, 5, 59]],
    ] as const) {
      const found = await search(1, check);
      expect(found).toMatchObject({ total: 20, pages: 1 });
      expect(found.items.map((v) => v.name)).toEqual(expect.arrayContaining(names.map((n) => `Pager ${pad(n)}`)));
      expect(found.items.every((v) => Number(v.name.slice(6)) % 3 === ["missing", "expired", "ok"].indexOf(check))).toBe(true);
    }
    // Search by one name; words in no name find nobody.
    expect((await listVolunteers({ q: "PAGER 42", check: "", page: 1 })).items.map((v) => v.email)).toEqual(["pager42@paging.test"]);
    expect(await listVolunteers({ q: "nobody-by-this-name", check: "", page: 1 })).toMatchObject({ total: 0, pages: 1, items: [] });
  });

  it("reads its filters from the address and writes them back without the empty ones", () => {
    const f = parseVolunteerFilters(new URLSearchParams("q=+Ann+&check=expired&page=3"));
    expect(f).toEqual({ q: "Ann", check: "expired", page: 3 });
    expect(volunteerFiltersQuery({ ...f, page: 4 })).toBe("q=Ann&check=expired&page=4");
    expect(parseVolunteerFilters(new URLSearchParams("check=bogus&page=-2"))).toEqual({ q: "", check: "", page: 1 });
    expect(volunteerFiltersQuery({ q: "", check: "", page: 1 })).toBe("");
  });
});

describe("the opportunities list, paged", () => {
  it("pages by title, keeps only those with shifts to come when asked, and counts them", async () => {
    const [role] = await getDb().select().from(volunteerRoles).limit(1);
    const made = await getDb()
      .insert(volunteerOpportunities)
      .values(Array.from({ length: 30 }, (_, i) => ({ role_id: role.id, title: `Paged op ${pad(i)}`, description: "Helping", location: i < 5 ? "Riverside Barn" : "Hall" })))
      .returning();
    // Ten have a shift to come (one in the past as well); the rest only past shifts.
    await getDb()
      .insert(volunteerShifts)
      .values(made.map((o, i) => ({ opportunity_id: o.id, date: i % 3 === 0 ? addDays(today, 10) : addDays(today, -60), start_time: "10:00", end_time: "12:00", places: 4 })));

    const page = (n: number, when: "" | "upcoming" = "") => listOpportunitiesForStaff({ q: "paged op", when, page: n });
    const first = await page(1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 30, more: false });
    expect(first.items.map((o) => o.title)).toEqual(Array.from({ length: OPPORTUNITIES_PAGE_SIZE }, (_, i) => `Paged op ${pad(i)}`));
    expect((await page(2)).items.map((o) => o.title)).toEqual(Array.from({ length: 5 }, (_, i) => `Paged op ${pad(25 + i)}`));
    expect((await page(3)).page).toBe(2);

    const upcoming = await page(1, "upcoming");
    expect(upcoming).toMatchObject({ total: 10, pages: 1 });
    expect(upcoming.items.every((o) => o.upcomingShifts === 1 && o.placesNeeded === 4)).toBe(true);
    // The place is searched too.
    expect((await listOpportunitiesForStaff({ q: "riverside", when: "", page: 1 })).total).toBe(5);
    expect(parseOpportunityFilters(new URLSearchParams("when=upcoming&q=fair&page=2"))).toEqual({ q: "fair", when: "upcoming", page: 2 });

    // The rota's menu: those with a shift since four weeks ago, and the one asked for.
    const choices = (await rotaChoices(addDays(today, -28), made[1].id)).filter((o) => o.title.startsWith("Paged op"));
    expect(choices.map((o) => o.title)).toEqual(["Paged op 00", "Paged op 01", "Paged op 03", "Paged op 06", "Paged op 09", "Paged op 12", "Paged op 15", "Paged op 18", "Paged op 21", "Paged op 24", "Paged op 27"]);
  });
});

describe("volunteer hours, paged", () => {
  it("pages the lines by name with the erased last, and totals the whole period", async () => {
    const [role] = await getDb().select().from(volunteerRoles).limit(1);
    const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role.id, title: "Hours op", description: "Helping", location: "Hall" }).returning();
    const [shift] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date: "2031-05-01", start_time: "10:00", end_time: "12:00", places: 100 }).returning();
    const [outside] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date: "2032-05-01", start_time: "10:00", end_time: "12:00", places: 100 }).returning();
    const people = await getDb()
      .insert(volunteers)
      .values(Array.from({ length: 55 }, (_, i) => ({ name: `Hours ${pad(i)}`, email: `hours${pad(i)}@paging.test` })))
      .returning();
    const signup = (shiftId: number, volunteerId: number | null, i: number, minutes: number) => ({
      shift_id: shiftId,
      volunteer_id: volunteerId,
      name: volunteerId ? `Hours ${pad(i)}` : null,
      email: volunteerId ? `hours${pad(i)}@paging.test` : null,
      manage_token_hash: `paging-${shiftId}-${i}`,
      status: "confirmed" as const,
      source: "staff",
      attendance: "came" as const,
      minutes,
    });
    await getDb()
      .insert(volunteerSignups)
      .values([
        ...people.map((p, i) => signup(shift.id, p.id, i, 60 + i)),
        // Two erased people: one anonymous line.
        signup(shift.id, null, 100, 30),
        signup(shift.id, null, 101, 30),
        // Outside the period: not counted.
        signup(outside.id, people[0].id, 200, 600),
      ]);

    const first = await hoursPage("2031-04-01", "2032-03-31", 1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 56, more: false, totalShifts: 57 });
    expect(first.totalMinutes).toBe(people.reduce((n, _, i) => n + 60 + i, 0) + 60);
    expect(first.rows).toHaveLength(HOURS_PAGE_SIZE);
    expect(first.rows[0]).toEqual({ volunteerId: people[0].id, name: "Hours 00", email: "hours00@paging.test", shifts: 1, minutes: 60 });
    const second = await hoursPage("2031-04-01", "2032-03-31", 2);
    expect(second.rows.map((r) => r.name)).toEqual(["Hours 50", "Hours 51", "Hours 52", "Hours 53", "Hours 54", "Anonymous (details erased)"]);
    expect(second.rows.at(-1)).toMatchObject({ volunteerId: null, shifts: 2, minutes: 60 });
    expect((await hoursPage("2031-04-01", "2032-03-31", 7)).rows).toEqual(second.rows);
    // The pages together are the whole list the CSV gives.
    expect([...first.rows, ...second.rows]).toEqual((await hoursBetween("2031-04-01", "2032-03-31")).rows);
    expect(await hoursPage("2040-04-01", "2041-03-31", 1)).toMatchObject({ total: 0, pages: 1, rows: [], totalMinutes: 0, totalShifts: 0 });
  });
});

describe("the indexes the pages read by", () => {
  it("reads a volunteers page and an opportunities page by index, without sorting every row", async () => {
    await getDb().transaction(async (tx) => {
      // The test tables are small, where a scan is cheaper: ask the plan a large table would get.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (query: ReturnType<typeof sql>) => JSON.stringify((await tx.execute(sql`explain (format json) ${query}`)).rows);
      expect(await plan(sql`select id from volunteers order by name, id limit 25 offset 25`)).toContain("volunteers_name_idx");
      expect(await plan(sql`select id from volunteer_opportunities order by title, id limit 25`)).toContain("volunteer_opportunities_title_idx");
    });
  });
});
