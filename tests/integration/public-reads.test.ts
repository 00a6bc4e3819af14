import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isoDay } from "../../app/content/sample-content.ts";
import { sampleCraftFairs } from "../../app/features/craft-fairs/sample-craft-fairs.ts";
import { sampleEvents } from "../../app/features/events/sample-events.ts";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { craftFairs } from "../../app/features/craft-fairs/table.ts";
import { listCauses } from "../../app/features/causes/causes.server.ts";
import { listPublicTrustees } from "../../app/features/trustees/index.ts";
import { listPastCraftFairs, listUpcomingCraftFairs } from "../../app/features/craft-fairs/craft-fairs.server.ts";
import { countUpcomingEvents, getPublicEvent, listPastEvents, listUpcomingEvents } from "../../app/features/events/events.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

describe("public reads", () => {
  it("lists upcoming events active and not past, by date ascending", async () => {
    const { items, sample } = await listUpcomingEvents();
    expect(sample).toBe(false);
    expect(items.map((e) => e.title)).toEqual(["Millbrook Repair Café", "Big Community Quiz Night", "Millbrook Charity Gala Dinner", "Millbrook Summer Fair"]);
    const past = await listPastEvents({ limit: 3 });
    expect(past.items.map((e) => e.id)).toEqual([5, 4, 6]);
  });

  it("hides inactive events from lists and from their page", async () => {
    await getDb().update(events).set({ is_active: false }).where(eq(events.id, 1));
    expect((await listUpcomingEvents()).items.map((e) => e.id)).not.toContain(1);
    expect(await getPublicEvent(1)).toBeNull();
    expect(await getPublicEvent(2)).toMatchObject({ title: "Millbrook Summer Fair" });
    expect(await getPublicEvent(999_999)).toBeNull();
    await getDb().update(events).set({ is_active: true }).where(eq(events.id, 1));
  });

  it("reads the upcoming events a page of one category at a time, and counts them by category", async () => {
    const today = new Date();
    const row = (title: string, days: number, category: string, more: Partial<typeof events.$inferInsert> = {}) => ({
      title,
      date: isoDay(today, days),
      time: "10:00",
      description: "d",
      location: "Hall",
      category,
      ...more,
    });
    await getDb()
      .insert(events)
      .values([
        // Five sports events, two on the same day (ordered by time, then by id).
        ...[1, 2, 3].map((i) => row(`Paging sports ${i}`, 10 + i, "sports")),
        row("Paging sports 5", 20, "sports", { time: "18:00" }),
        row("Paging sports 4", 20, "sports", { time: "09:00" }),
        // Not upcoming: inactive, marked past, dated yesterday.
        row("Paging sports hidden", 12, "sports", { is_active: false }),
        row("Paging sports marked past", 12, "sports", { is_past: true }),
        row("Paging sports yesterday", -1, "sports"),
        row("Paging arts", 30, "arts"),
      ]);
    try {
      const page = (offset: number) => listUpcomingEvents({ category: "sports", limit: 2, offset }).then((r) => r.items.map((e) => e.title));
      expect(await page(0)).toEqual(["Paging sports 1", "Paging sports 2"]);
      expect(await page(2)).toEqual(["Paging sports 3", "Paging sports 4"]);
      expect(await page(4)).toEqual(["Paging sports 5"]);
      expect(await page(6)).toEqual([]);
      // Every category together, a page at a time, is the whole list.
      const all = (await listUpcomingEvents()).items.map((e) => e.title);
      const paged: string[] = [];
      for (const offset of [0, 4, 8]) paged.push(...(await listUpcomingEvents({ limit: 4, offset })).items.map((e) => e.title));
      expect(paged).toEqual(all);
      expect(all).toHaveLength(10);

      // The sample's four (fundraiser, social, family, workshop) and the ones added here.
      expect(await countUpcomingEvents()).toEqual({ fundraiser: 1, social: 1, family: 1, workshop: 1, sports: 5, arts: 1 });
    } finally {
      await getDb().delete(events).where(like(events.title, "Paging %"));
    }
    expect(await countUpcomingEvents()).toEqual({ fundraiser: 1, social: 1, family: 1, workshop: 1 });
  });

  it("lists upcoming craft fairs ascending and the two latest past fairs", async () => {
    const upcoming = await listUpcomingCraftFairs();
    expect(upcoming.items.map((f) => f.title)).toEqual(["Christmas Craft Fair", "Spring Makers Market"]);
    const past = await listPastCraftFairs();
    expect(past.items.map((f) => f.title)).toEqual(["Autumn Craft Fair", "Summer Craft Fair"]);
    expect(past.items[0]?.attendance).toBe("About 650 visitors");
  });

  it("dates the sample events and fairs from the install date: upcoming ones ahead of it, past ones behind", async () => {
    // The test database was seeded when this run started (its install date).
    const today = isoDay(new Date(), 0);
    const upcoming = await listUpcomingCraftFairs();
    expect(upcoming.items.length).toBe(2);
    for (const fair of upcoming.items) {
      expect(fair.date > today, fair.title).toBe(true);
      expect(fair.application_deadline >= today, fair.title).toBe(true);
      expect(fair.application_deadline < fair.date, fair.title).toBe(true);
    }
    for (const fair of (await listPastCraftFairs()).items) expect(fair.date < today, fair.title).toBe(true);
    for (const event of (await listUpcomingEvents()).items) expect(event.date > today, event.title).toBe(true);
    for (const event of (await listPastEvents()).items) expect(event.date < today, event.title).toBe(true);
  });

  it("shows an empty section as empty once staff have removed everything (sample content is for a fresh install only)", async () => {
    expect((await listUpcomingCraftFairs()).items).toHaveLength(sampleCraftFairs().filter((f) => !f.is_past).length);
    await getDb().delete(craftFairs);
    expect(await listUpcomingCraftFairs()).toEqual({ items: [], sample: false });
  });

  it("reads causes and trustees in their sort order", async () => {
    expect((await listCauses()).items.map((c) => c.title)).toEqual([
      "Millbrook Youth Club",
      "Community Garden",
      "Warm Spaces",
    ]);
    expect((await listPublicTrustees()).items[0]).toMatchObject({ name: "Margaret Ellison", role: "Chair" });
    expect(sampleEvents().length).toBeGreaterThan(3);
  });
});
