import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { siteSettings } from "../../app/db/schema.ts";
import { events } from "../../app/features/events/table.ts";
import { getPublicEvent, listUpcomingEvents } from "../../app/features/events/events.server.ts";
import { getSiteSettings, readSettingsForEditing, saveSiteSettings } from "../../app/features/settings/settings.server.ts";
import { listenForChanges, publishChange } from "../../app/live/change-feed.server.ts";
import { cachedRead, contentCacheSize, enableContentCache, MAX_ENTRIES } from "../../app/live/content-cache.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "admin@example.org", ip: "203.0.113.9" };
let clock = 1_000_000;
let disable: () => void;

beforeEach(() => {
  clock = 1_000_000;
  disable = enableContentCache({ now: () => clock });
});
afterEach(() => disable());

const renameEvent = (id: number, title: string) => getDb().update(events).set({ title }).where(eq(events.id, id));

describe("content cache", () => {
  it("answers repeated reads from memory until the topic changes", async () => {
    const before = await getPublicEvent(1);
    await listUpcomingEvents();
    await renameEvent(1, "Renamed behind the cache's back");
    // Written without announcing a change: the cache still answers.
    expect((await getPublicEvent(1))?.title).toBe(before?.title);
    expect((await listUpcomingEvents()).items.map((e) => e.title)).not.toContain(
      "Renamed behind the cache's back",
    );

    publishChange("events");
    expect((await getPublicEvent(1))?.title).toBe("Renamed behind the cache's back");
    expect((await listUpcomingEvents()).items.map((e) => e.title)).toContain("Renamed behind the cache's back");
  });

  it("drops only the topic that changed", async () => {
    const settings = await getSiteSettings();
    await getPublicEvent(1);
    await getDb().update(siteSettings).set({ tagline: "Changed with the settings topic" }).where(eq(siteSettings.id, 1));
    await renameEvent(1, "Changed with the events topic");

    publishChange("events");
    expect((await getPublicEvent(1))?.title).toBe("Changed with the events topic");
    expect((await getSiteSettings()).tagline).toBe(settings.tagline);
    publishChange("settings");
    expect((await getSiteSettings()).tagline).toBe("Changed with the settings topic");
  });

  it("shows a settings change saved by staff on the next read", async () => {
    expect((await getSiteSettings()).site_name).not.toBe("Millbrook Community Foundation (test)");
    const values = await readSettingsForEditing();
    const saved = await saveSiteSettings({ ...values, site_name: "Millbrook Community Foundation (test)" }, actor);
    expect(saved.ok).toBe(true);
    expect((await getSiteSettings()).site_name).toBe("Millbrook Community Foundation (test)");
  });

  it("hears changes made by another process (Postgres NOTIFY)", async () => {
    await listenForChanges();
    await getPublicEvent(2);
    await renameEvent(2, "Renamed by another process");
    await getDb().execute(sql`select pg_notify('millbrook_changes', ${JSON.stringify({ topic: "events", from: "another-process" })})`);
    await expect.poll(async () => (await getPublicEvent(2))?.title, { timeout: 5_000 }).toBe("Renamed by another process");
  });

  it("drops everything once the LISTEN connection is back after a loss (changes in between were not heard)", async () => {
    await listenForChanges();
    await getPublicEvent(4);
    await getDb().execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen millbrook_changes'`);
    // Changed (and announced) while this process was not listening.
    await renameEvent(4, "Renamed while the feed was down");
    await getDb().execute(sql`select pg_notify('millbrook_changes', ${JSON.stringify({ topic: "events", from: "another-process" })})`);
    await expect.poll(async () => (await getPublicEvent(4))?.title, { timeout: 15_000, interval: 500 }).toBe("Renamed while the feed was down");
  }, 20_000);

  it("reads again after 60 seconds", async () => {
    await getPublicEvent(3);
    await renameEvent(3, "Renamed a minute ago");
    clock += 59_000;
    expect((await getPublicEvent(3))?.title).not.toBe("Renamed a minute ago");
    clock += 1_000;
    expect((await getPublicEvent(3))?.title).toBe("Renamed a minute ago");
  });

  it("does not keep a failed read, nor a read that a change overtook", async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("database down"));
    };
    await expect(cachedRead("events", "test:failing", failing)).rejects.toThrow("database down");
    await expect(cachedRead("events", "test:failing", failing)).rejects.toThrow("database down");
    expect(calls).toBe(2);

    let release!: (value: string) => void;
    const slow = cachedRead("events", "test:slow", () => new Promise<string>((resolve) => (release = resolve)));
    publishChange("events"); // the data changed while the read was under way
    release("old value");
    expect(await slow).toBe("old value");
    expect(await cachedRead("events", "test:slow", async () => "new value")).toBe("new value");
  });

  it("shares one read between concurrent requests and freezes what it shares", async () => {
    let calls = 0;
    const read = async () => {
      calls += 1;
      return { items: [{ title: "Shared" }] };
    };
    const [a, b] = await Promise.all([cachedRead("events", "test:shared", read), cachedRead("events", "test:shared", read)]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(() => {
      (a.items[0] as { title: string }).title = "Changed by one request";
    }).toThrow(TypeError);
  });
});

describe("content cache size", () => {
  it("keeps nothing for event ids that do not exist", async () => {
    const before = contentCacheSize();
    for (let id = 100_000; id < 100_500; id++) expect(await getPublicEvent(id)).toBeNull();
    expect(contentCacheSize()).toBe(before);
  });

  it(`holds at most ${MAX_ENTRIES} entries, however many distinct reads there are`, async () => {
    for (let i = 0; i < MAX_ENTRIES * 3; i++) await cachedRead("events", `probe:${i}`, async () => ({ i }));
    expect(contentCacheSize()).toBe(MAX_ENTRIES);
    // The most recent reads are the ones kept.
    let reads = 0;
    await cachedRead("events", `probe:${MAX_ENTRIES * 3 - 1}`, async () => ({ i: reads++ }));
    expect(reads).toBe(0);
  });
});
