/**
 * The home page's main heading and introduction are page texts (editors change them):
 * the migration that moved them from Settings keeps the words a site already had, and
 * a site that never changed them shows the built-in ones.
 */
import { readFileSync } from "node:fs";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { siteSettings } from "../../db/schema.ts";
import { pageTexts } from "./table.ts";
import { getPageTextsForAdmin, savePageTexts } from "./page-texts.server.ts";
import { pageDefaults, pageFields } from "./page-texts.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const migration = readFileSync(new URL("../../../drizzle/0027_home_hero_in_page_texts.sql", import.meta.url), "utf8");

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
