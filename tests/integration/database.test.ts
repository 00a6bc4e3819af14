import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getPool } from "../../app/db/client.server.ts";
import { runMigrations } from "../../app/db/migrate.server.ts";
import { siteSettings } from "../../app/db/schema.ts";
import { events } from "../../app/features/events/table.ts";
import { seedIfEmpty } from "../../app/db/seed.server.ts";
import { siteSamples } from "../../app/samples.server.ts";
import { checkDatabase } from "../../app/system/health.server.ts";
import { getPublicEvent, listPastEvents, listUpcomingEvents } from "../../app/features/events/events.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

describe("schema, migrations and seed", () => {
  it("seeds the spec's sample events 1, 2 and 3 with their prices and ticket counts", async () => {
    const rows = await getDb().select().from(events).where(sql`${events.id} in (1, 2, 3)`).orderBy(events.id);
    // The gala and the fair take no online booking (their price is the text staff set); the quiz sells £10 tickets online.
    expect(rows.map((r) => [r.id, r.ticket_price, r.ticket_price_pence, r.tickets_available])).toEqual([
      [1, "£75", null, 120],
      [2, "£5", null, 500],
      [3, "", 1000, 80],
    ]);
    expect(rows[0].title).toMatch(/Gala/);
    expect(rows[1].title).toMatch(/Summer Fair/);
    expect(rows[2].title).toMatch(/Quiz/);
  });

  it("writes the site settings row id 1 with the decided defaults", async () => {
    const [row] = await getDb().select().from(siteSettings);
    expect(row.id).toBe(1);
    expect(row.site_name).toBe("Millbrook Community Foundation");
    expect(row.tagline).toBe("Community Together Matters");
    expect(row.contact_email).toBe("info@millbrookfoundation.org.uk");
    expect(row.hero_title).toBe("Welcome to Millbrook Community Foundation");
    expect(row.hero_subtitle).toMatch(/^Supporting our community\. We raise money at friendly local events/);
    expect(row.maintenance_mode).toBe(false);
  });

  it("re-running migrations and the seed changes nothing", async () => {
    await getDb().update(events).set({ title: "Renamed by staff" }).where(eq(events.id, 1));
    await runMigrations(getDb(), getPool());
    expect(await seedIfEmpty(getDb(), await siteSamples())).toBe(false);
    const [row] = await getDb().select().from(events).where(eq(events.id, 1));
    expect(row.title).toBe("Renamed by staff");
  });

  it("allows only one settings row", async () => {
    await expect(
      getDb().insert(siteSettings).values({ id: 2, site_name: "x", tagline: "x", contact_email: "x", hero_title: "x", hero_subtitle: "x" }),
    ).rejects.toThrow();
  });

  it("gives new events ids after the seeded ones, active and not past by default", async () => {
    const [row] = await getDb()
      .insert(events)
      .values({ title: "New", date: "2030-01-01", time: "19:00", description: "A new event here", location: "Hall", category: "social" })
      .returning();
    expect(row.id).toBeGreaterThan(6);
    expect(row.is_active).toBe(true);
    expect(row.is_past).toBe(false);
  });
});

describe("public event reads", () => {
  it("lists upcoming events (active, not past) by date, and the past ones apart", async () => {
    const upcoming = await listUpcomingEvents();
    expect(upcoming.sample).toBe(false);
    const dates = upcoming.items.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(upcoming.items.every((e) => e.is_active && !e.is_past)).toBe(true);

    const past = await listPastEvents({ limit: 3 });
    expect(past.items.length).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(past.items.every((e) => e.is_past || e.date < today)).toBe(true);
  });

  it("hides an inactive event from the public site", async () => {
    await getDb().update(events).set({ is_active: false }).where(eq(events.id, 3));
    expect(await getPublicEvent(3)).toBeNull();
    const upcoming = await listUpcomingEvents();
    expect(upcoming.items.map((e) => e.id)).not.toContain(3);
    await getDb().update(events).set({ is_active: true }).where(eq(events.id, 3));
    expect((await getPublicEvent(3))?.title).toMatch(/Quiz/);
  });

  it("returns null for ids that cannot exist", async () => {
    expect(await getPublicEvent(0)).toBeNull();
    expect(await getPublicEvent(99_999)).toBeNull();
    expect(await getPublicEvent(2 ** 40)).toBeNull();
  });
});

describe("health check", () => {
  it("runs a real query and reports its latency", async () => {
    const health = await checkDatabase();
    expect(health.ok).toBe(true);
    expect(health.latencyMs).toBeGreaterThanOrEqual(0);
  });
});

describe("health check when the database is unreachable", () => {
  it("reports the failure instead of hanging", async () => {
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: "postgres://nobody:x@127.0.0.1:1/none", connectionTimeoutMillis: 1000 });
    pool.on("error", () => {});
    const health = await checkDatabase(2_000, pool);
    await pool.end();
    expect(health.ok).toBe(false);
    expect(health.error).toBeTruthy();
  });
});
