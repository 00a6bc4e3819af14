/**
 * The home page's main heading and introduction are page texts (editors change them):
 * the migration that moved them from Settings keeps the words a site already had, and
 * a site that never changed them shows the built-in ones.
 */
import { readFileSync } from "node:fs";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { pageTexts, siteSettings } from "../../app/db/schema.ts";
import { getPageTextsForAdmin, savePageTexts } from "../../app/domain/page-texts/page-texts.server.ts";
import { pageDefaults, pageFields } from "../../app/domain/page-texts/page-texts.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { loader as homeLoader } from "../../app/routes/public/home.tsx";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const migration = readFileSync(new URL("../../drizzle/0027_home_hero_in_page_texts.sql", import.meta.url), "utf8");

async function runMigration() {
  for (const statement of migration.split("--> statement-breakpoint")) await getDb().execute(sql.raw(statement));
}

describe("the home page's heading and introduction", () => {
  it("are fields of the home page's texts", () => {
    expect(pageFields("home").map((f) => f.key)).toEqual(expect.arrayContaining(["hero_title", "hero_intro"]));
  });

  it("the migration keeps the words a site had in Settings, and does not overwrite page texts already saved", async () => {
    await getDb().delete(pageTexts).where(like(pageTexts.key, "home.%"));
    await getDb().update(siteSettings).set({ hero_title: "Millbrook, together", hero_subtitle: "Small grants, big difference." }).where(eq(siteSettings.id, 1));
    await runMigration();
    const texts = await getPageTextsForAdmin("home");
    expect([texts.hero_title, texts.hero_intro]).toEqual(["Millbrook, together", "Small grants, big difference."]);

    // An editor changes them in Page texts; running the copy again changes nothing.
    await savePageTexts("home", { ...texts, hero_title: "Welcome to Millbrook" }, actor);
    await runMigration();
    expect((await getPageTextsForAdmin("home")).hero_title).toBe("Welcome to Millbrook");
  });

  it("a site without saved words shows the built-in ones", async () => {
    await getDb().delete(pageTexts).where(like(pageTexts.key, "home.%"));
    const texts = await getPageTextsForAdmin("home");
    expect(texts.hero_title).toBe(pageDefaults("home").hero_title);
    expect(texts.hero_intro).toMatch(/^Supporting our community\./);
  });
});

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
