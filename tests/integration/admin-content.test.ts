import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog } from "../../app/db/schema.ts";
import { events } from "../../app/features/events/table.ts";
import { parseListFilters } from "../../app/domain/listings/listing-fields.schema.ts";
import { escapeLike } from "../../app/domain/listings/listings.server.ts";
import {
  countCraftFairs,
  createCraftFair,
  deleteCraftFair,
  getCraftFairForAdmin,
  listCraftFairsForAdmin,
  toggleCraftFairActive,
  updateCraftFair,
} from "../../app/features/craft-fairs/craft-fairs-admin.server.ts";
import {
  countEvents,
  createEvent,
  deleteEvent,
  getEventForAdmin,
  listEventsForAdmin,
  toggleEventActive,
  updateEvent,
  type EventInput,
} from "../../app/features/events/events-admin.server.ts";
import { stopListening, subscribe } from "../../app/live/change-feed.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();
afterAll(stopListening);

const actor = { userId: null, email: "editor@example.org", ip: "203.0.113.9" };
let n = 0;
const filters = (q = "", status = "all", time = "all") => parseListFilters(new URLSearchParams({ q, status, time }));

function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  n++;
  return {
    title: `Integration event ${n}`,
    date: "2031-06-01",
    time: "19:00",
    description: "A test event for integration tests.",
    long_description: null,
    location: `Hall ${n}`,
    location_address: null,
    organizer: null,
    ticket_price: null,
    tickets_available: null,
    category: "social",
    ...overrides,
  };
}

async function auditFor(entity: string, id: number) {
  return getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(id))))
    .orderBy(desc(auditLog.id));
}

describe("events (admin)", () => {
  it("creates with defaults active and not past, and records who did it", async () => {
    const { id, duplicate } = await createEvent(eventInput({ title: "Defaults check" }), actor);
    expect(duplicate).toBe(false);
    const row = await getEventForAdmin(id);
    expect(row).toMatchObject({ title: "Defaults check", is_active: true, is_past: false });
    const audit = await auditFor("event", id);
    expect(audit[0]).toMatchObject({ action: "event.create", actor_email: "editor@example.org", ip: "203.0.113.9" });
  });

  it("creates only once per submission key", async () => {
    const key = "k".repeat(10) + "abcdefghij1";
    const before = (await countEvents()).total;
    const [a, b] = await Promise.all([
      createEvent(eventInput({ title: "Double submit" }), actor, key),
      createEvent(eventInput({ title: "Double submit" }), actor, key),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    const again = await createEvent(eventInput({ title: "Double submit" }), actor, key);
    expect(again).toEqual({ id: a.id, duplicate: true });
    expect((await countEvents()).total).toBe(before + 1);
  });

  it("searches title or location case-insensitively, with wildcards taken literally", async () => {
    await createEvent(eventInput({ title: "Save 50% Bake Sale", location: "Scout_Hut" }), actor);
    await createEvent(eventInput({ title: "Save 500 Bake Sale", location: "ScoutXHut" }), actor);
    const { items: percent } = await listEventsForAdmin(filters("50%"));
    expect(percent.map((e) => e.title)).toEqual(["Save 50% Bake Sale"]);
    const { items: underscore } = await listEventsForAdmin(filters("scout_hut"));
    expect(underscore.map((e) => e.location)).toEqual(["Scout_Hut"]);
    const { items: byLocation } = await listEventsForAdmin(filters("SCOUTXHUT"));
    expect(byLocation.map((e) => e.title)).toEqual(["Save 500 Bake Sale"]);
    expect(escapeLike("a\\b%c_d")).toBe("a\\\\b\\%c\\_d");
  });

  it("pages the list fifty at a time, in date order, and shows the last page for a page past the end", async () => {
    const tag = `Paged ${Date.now()}`;
    const created = [];
    for (let i = 0; i < 55; i++) created.push(await createEvent(eventInput({ title: `${tag} ${i}`, date: `2030-01-${String(1 + (i % 28)).padStart(2, "0")}` }), actor));
    const page = (n: string) => listEventsForAdmin(parseListFilters(new URLSearchParams({ q: tag, page: n })));
    const first = await page("1");
    expect(first).toMatchObject({ total: 55, page: 1, pages: 2 });
    expect(first.items).toHaveLength(50);
    const second = await page("2");
    expect(second.items).toHaveLength(5);
    const seen = [...first.items, ...second.items];
    expect(new Set(seen.map((e) => e.id))).toEqual(new Set(created.map((e) => e.id)));
    expect(seen.map((e) => e.date)).toEqual(seen.map((e) => e.date).sort());
    expect(await page("9")).toMatchObject({ page: 2, items: second.items });
    expect((await page("nonsense")).page).toBe(1);
  });

  it("filters by status and time, upcoming first (soonest first), then past (latest first)", async () => {
    const tag = `Filterable ${Date.now()}`;
    const future = await createEvent(eventInput({ title: `${tag} future`, date: "2032-01-02" }), actor);
    const earlier = await createEvent(eventInput({ title: `${tag} earlier`, date: "2031-01-02" }), actor);
    const dated = await createEvent(eventInput({ title: `${tag} dated past`, date: "2020-01-02" }), actor);
    const marked = await createEvent(eventInput({ title: `${tag} marked past`, date: "2033-01-02", is_past: true }), actor);
    const inactive = await createEvent(eventInput({ title: `${tag} inactive`, date: "2032-05-05", is_active: false }), actor);
    const ids = async (status: string, time: string) => (await listEventsForAdmin(filters(tag, status, time))).items.map((e) => e.id);

    expect(await ids("all", "all")).toEqual([earlier.id, future.id, inactive.id, marked.id, dated.id]);
    expect(await ids("active", "all")).toEqual([earlier.id, future.id, marked.id, dated.id]);
    expect(await ids("inactive", "all")).toEqual([inactive.id]);
    expect(await ids("all", "upcoming")).toEqual([earlier.id, future.id, inactive.id]);
    expect(await ids("all", "past")).toEqual([marked.id, dated.id]);
    expect(await ids("inactive", "past")).toEqual([]);
    // Unknown filter values mean "all".
    expect(parseListFilters(new URLSearchParams("status=bogus&time=x"))).toEqual({ q: "", status: "all", time: "all", page: 1 });
  });

  it("updates (updated_at moves), toggles and deletes, with audit rows and change signals", async () => {
    const topics: string[] = [];
    const unsubscribe = subscribe((t) => topics.push(t));
    const { id } = await createEvent(eventInput(), actor);
    const created = await getEventForAdmin(id);
    await new Promise((r) => setTimeout(r, 20));
    const updated = await updateEvent(id, eventInput({ title: "Renamed event", tickets_available: 40 }), actor);
    expect(updated).toMatchObject({ title: "Renamed event", tickets_available: 40 });
    expect(updated!.updated_at.getTime()).toBeGreaterThan(created!.updated_at.getTime());

    expect(await toggleEventActive(id, actor)).toMatchObject({ is_active: false });
    expect(await toggleEventActive(id, actor)).toMatchObject({ is_active: true });
    expect(await deleteEvent(id, actor)).toBe(true);
    expect(await getEventForAdmin(id)).toBeNull();
    expect(await deleteEvent(id, actor)).toBe(false);
    expect(await toggleEventActive(id, actor)).toBeNull();
    expect(await updateEvent(id, eventInput(), actor)).toBeNull();

    const actions = (await auditFor("event", id)).map((a) => a.action).reverse();
    expect(actions).toEqual(["event.create", "event.update", "event.deactivate", "event.activate", "event.delete"]);
    unsubscribe();
    expect(topics.filter((t) => t === "events").length).toBeGreaterThanOrEqual(5);
  });

  it("keeps at least 500 ms between one user's writes", async () => {
    const user = { ...actor, userId: "00000000-0000-4000-8000-000000000001" };
    const started = Date.now();
    await createEvent(eventInput(), user);
    await createEvent(eventInput(), user);
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
  });

  it("counts totals and active items in the database", async () => {
    const before = await countEvents();
    await createEvent(eventInput({ is_active: false }), actor);
    await createEvent(eventInput(), actor);
    const after = await countEvents();
    expect(after.total).toBe(before.total + 2);
    expect(after.active).toBe(before.active + 1);
    const [raw] = await getDb().select().from(events).limit(1);
    expect(raw).toBeTruthy();
  });
});

describe("craft fairs (admin)", () => {
  const fair = (title: string) => ({
    title,
    date: "2031-09-09",
    time: "10:00",
    description: "Makers and crafts in the hall.",
    location: "Millbrook Town Hall",
    application_deadline: "2031-08-01",
    attendance: null,
    stallholders: null,
  });

  it("creates with 20 stalls, active, not past; toggles, updates, deletes, audited", async () => {
    const before = await countCraftFairs();
    const { id } = await createCraftFair(fair("Zebra Makers Market"), actor, "fair-key-abcdefghijklmnop");
    expect(await getCraftFairForAdmin(id)).toMatchObject({ stalls_available: 20, is_active: true, is_past: false });
    expect((await createCraftFair(fair("Zebra Makers Market"), actor, "fair-key-abcdefghijklmnop")).duplicate).toBe(true);
    expect((await countCraftFairs()).total).toBe(before.total + 1);
    expect((await listCraftFairsForAdmin(filters("zebra makers"))).items.map((f) => f.id)).toEqual([id]);
    expect(await toggleCraftFairActive(id, actor)).toMatchObject({ is_active: false });
    expect((await listCraftFairsForAdmin(filters("zebra makers", "active"))).items.length).toBe(0);
    expect(await updateCraftFair(id, { ...fair("Zebra Makers Fair"), stalls_available: 35 }, actor)).toMatchObject({
      stalls_available: 35,
      title: "Zebra Makers Fair",
    });
    expect(await deleteCraftFair(id, actor)).toBe(true);
    const actions = (await auditFor("craft_fair", id)).map((a) => a.action).reverse();
    expect(actions).toEqual(["craft_fair.create", "craft_fair.deactivate", "craft_fair.update", "craft_fair.delete"]);
  });
});
