/** What the home page's loader sends with the page: the browser hydrates from it, so every byte counts in the first round trip. */
import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { pageTexts } from "../../app/features/page-texts/table.ts";
import { pageDefaults } from "../../app/features/page-texts/page-texts.ts";
import { loader as homeLoader } from "../../app/routes/public/home.tsx";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

describe("the home page's data (hydrated in the browser, so sent with the page)", () => {
  it("carries each text once: the heading, introduction and figures as the page shows them, not again among the texts", async () => {
    await getDb().delete(pageTexts).where(like(pageTexts.key, "home.%"));
    const data = await homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} } as never);
    const defaults = pageDefaults("home");
    expect([data.heroTitle, data.heroSubtitle]).toEqual([defaults.hero_title, defaults.hero_intro]);
    expect(data.stats.map((stat) => stat.label)).toContain(defaults.figure_2_label);
    for (const key of ["hero_title", "hero_intro", "figure_1_value", "figure_4_label"]) expect(data.texts, key).not.toHaveProperty(key);
    // The texts the page shows only from there are all sent.
    expect(data.texts.cta_button).toBe(defaults.cta_button);
    expect(Object.keys(data.texts).length).toBe(Object.keys(defaults).length - 10);
  });
});
