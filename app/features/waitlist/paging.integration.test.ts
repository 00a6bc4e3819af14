/**
 * An event's waitlist for staff, paged, against a real PostgreSQL: line order (removed
 * last) across page boundaries, the status filter as staff see it (an offer past its hold
 * reads "lapsed"), search by name or email, the counts per status, one entry looked up
 * only within its own event, and the screen's loader and actions keeping the address.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import * as screen from "./admin/event-waitlist.tsx";
import { waitlistEntries, type WaitlistStatus } from "./table.ts";
import { WAITLIST_PAGE_SIZE, waitlistEntryOf, waitlistPage } from "./waitlist.server.ts";

setupTestDatabase();

const now = new Date("2030-03-01T12:00:00Z");
const minutes = (n: number) => new Date(now.getTime() - (200 - n) * 60_000);

async function eventWithLine() {
  const [event] = await getDb()
    .insert(events)
    .values({ title: "Paged quiz", date: "2030-06-15", time: "19:30", description: "A quiz", location: "Hall", category: "social", booking_mode: "free", tickets_available: 10 })
    .returning();
  // 120 entries joined a minute apart: 100 waiting, 6 with an open offer, 4 whose offer ran
  // out (not yet swept), 3 lapsed, 2 booked, 5 removed (the removed joined first).
  const status = (i: number): WaitlistStatus | "expired" =>
    i < 5 ? "removed" : i < 105 ? "waiting" : i < 111 ? "offered" : i < 115 ? "expired" : i < 118 ? "lapsed" : "booked";
  await getDb()
    .insert(waitlistEntries)
    .values(
      Array.from({ length: 120 }, (_, i) => {
        const s = status(i);
        return {
          event_id: event.id,
          name: `Person ${String(i).padStart(3, "0")}`,
          email: `person${i}@line.test`,
          places: 1 + (i % 3),
          status: s === "expired" ? "offered" : s,
          offered_at: s === "offered" || s === "expired" ? minutes(i) : null,
          offer_expires_at: s === "offered" ? new Date(now.getTime() + 3_600_000) : s === "expired" ? new Date(now.getTime() - 60_000) : null,
          created_at: minutes(i),
        };
      }),
    );
  return event;
}

describe("an event's waitlist, paged", () => {
  it("pages the line in order, removed last, and counts each status as staff see it", async () => {
    const event = await eventWithLine();
    const all = (page: number) => waitlistPage(event.id, { status: "", page }, now);
    const first = await all(1);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 120, more: false });
    expect(first.counts).toEqual({ waiting: 100, offered: 6, lapsed: 7, booked: 2, removed: 5 });
    expect(first.items).toHaveLength(WAITLIST_PAGE_SIZE);
    expect(first.items[0].name).toBe("Person 005");
    const third = await all(3);
    expect(third.items.map((e) => e.name)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => `Person ${105 + i}`),
      ...["000", "001", "002", "003", "004"].map((n) => `Person ${n}`),
    ]);
    // Every entry once across the pages; a page past the end shows the last.
    const second = await all(2);
    expect(new Set([...first.items, ...second.items, ...third.items].map((e) => e.id)).size).toBe(120);
    expect((await all(4)).items.map((e) => e.id)).toEqual(third.items.map((e) => e.id));
  });

  it("filters by status (an expired offer is lapsed) and by name or email", async () => {
    const event = await eventWithLine();
    const lapsed = await waitlistPage(event.id, { status: "lapsed", page: 1 }, now);
    expect(lapsed).toMatchObject({ total: 7, pages: 1 });
    expect(lapsed.items.map((e) => e.name)).toEqual(["Person 111", "Person 112", "Person 113", "Person 114", "Person 115", "Person 116", "Person 117"]);
    expect((await waitlistPage(event.id, { status: "offered", page: 1 }, now)).items.map((e) => e.name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Person ${105 + i}`),
    );
    const waiting2 = await waitlistPage(event.id, { status: "waiting", page: 2 }, now);
    expect(waiting2).toMatchObject({ page: 2, pages: 2, total: 100 });
    expect(waiting2.items[0].name).toBe("Person 055");
    expect((await waitlistPage(event.id, { status: "", q: "PERSON42@", page: 1 }, now)).items.map((e) => e.email)).toEqual(["person42@line.test"]);
    expect((await waitlistPage(event.id, { status: "removed", q: "person 10", page: 1 }, now)).total).toBe(0);
  });

  it("finds one entry only within its own event", async () => {
    const event = await eventWithLine();
    const other = await eventWithLine();
    const [entry] = (await waitlistPage(event.id, { status: "", page: 1 }, now)).items;
    expect((await waitlistEntryOf(event.id, entry.id))?.name).toBe(entry.name);
    expect(await waitlistEntryOf(other.id, entry.id)).toBeNull();
    expect(await waitlistEntryOf(event.id, "not-a-uuid")).toBeNull();
  });

  it("the screen reads its page and filters from the address, and an action returns to them", async () => {
    const event = await eventWithLine();
    const staff = await staffSession("editor", { permissions: ["submissions"] });
    const url = `/admin/events/${event.id}/waitlist?status=waiting&page=2`;
    const loaded = await throughLayouts(
      "features/waitlist/admin/event-waitlist.tsx",
      screen.loader,
      routeArgs(url, { id: String(event.id) }, { token: staff.token }),
    );
    const body = loaded as Awaited<ReturnType<typeof screen.loader>>;
    expect(body.filters).toEqual({ status: "waiting", q: "", page: 2 });
    expect(body.count).toMatchObject({ page: 2, pages: 2, total: 100 });
    expect(body.rows).toHaveLength(50);
    expect(body.counts.waiting).toBe(100);

    // Take someone off from page 2 of the waiting: back to page 2 of the waiting.
    const form = new FormData();
    form.set("entry", body.rows[0].id);
    form.set("intent", "remove");
    const removed = (await throughLayouts(
      "features/waitlist/admin/event-waitlist.tsx",
      screen.action,
      routeArgs(url, { id: String(event.id) }, { token: staff.token, method: "POST", body: form }),
    )) as unknown as Response;
    expect(removed.headers.get("Location")).toBe(url);
    expect((await waitlistEntryOf(event.id, body.rows[0].id))?.status).toBe("removed");
    // An entry of another event is refused, and changes nothing.
    const other = await eventWithLine();
    const [theirs] = (await waitlistPage(other.id, { status: "waiting", page: 1 }, now)).items;
    form.set("entry", theirs.id);
    const refused = (await throughLayouts(
      "features/waitlist/admin/event-waitlist.tsx",
      screen.action,
      routeArgs(url, { id: String(event.id) }, { token: staff.token, method: "POST", body: form }),
    )) as unknown as Response;
    expect(refused.headers.get("Location")).toBe(url);
    expect((await waitlistEntryOf(other.id, theirs.id))?.status).toBe("waiting");
  });

  it("answers an unknown action on a row's forms under that row (entry-<id>), and on the page without an entry; nothing changes", async () => {
    const event = await eventWithLine();
    const staff = await staffSession("editor", { permissions: ["submissions"] });
    const url = `/admin/events/${event.id}/waitlist`;
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const answer = await throughLayouts("features/waitlist/admin/event-waitlist.tsx", screen.action, routeArgs(url, { id: String(event.id) }, { token: staff.token, method: "POST", body: form }));
      const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]> } }; init: ResponseInit };
      return { status: init.status, intent: data.intent, error: data.reply.error };
    };
    const [first] = (await waitlistPage(event.id, { status: "waiting", page: 1 }, now)).items;
    expect(await post({ entry: first.id, intent: "book-them-all" })).toEqual({ status: 400, intent: `entry-${first.id}`, error: { intent: ["Unknown action."] } });
    expect(await post({ entry: first.id })).toEqual({ status: 400, intent: `entry-${first.id}`, error: { intent: ["Unknown action."] } });
    expect(await post({ intent: "shout" })).toEqual({ status: 400, intent: "waitlist", error: { intent: ["Unknown action."] } });
    expect(await waitlistEntryOf(event.id, first.id)).toMatchObject({ status: "waiting", offered_at: null });
    expect((await waitlistPage(event.id, { status: "", q: "", page: 1 }, now)).counts).toMatchObject({ waiting: 100, offered: 6, removed: 5 });
  });
});
