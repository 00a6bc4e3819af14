/** Settings are read once per request (shared by its loaders) and never kept across requests. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { siteSettings } from "../../db/schema.ts";
import { getSiteSettings } from "./settings.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

describe("getSiteSettings per request", () => {
  it("gives the loaders of one request the same read, and the next request a fresh one", async () => {
    const first = {};
    const read = getSiteSettings(first);
    expect(getSiteSettings(first)).toBe(read);
    expect((await read).hero_title).toBe("Welcome to Millbrook Community Foundation");

    await getDb().update(siteSettings).set({ hero_title: "Changed between requests" }).where(eq(siteSettings.id, 1));
    expect((await getSiteSettings(first)).hero_title).toBe("Welcome to Millbrook Community Foundation");
    expect((await getSiteSettings({})).hero_title).toBe("Changed between requests");
    expect((await getSiteSettings()).hero_title).toBe("Changed between requests");
  });
});
