/**
 * The Settings form's action, as the screen posts it (a fetcher with JavaScript, a plain
 * post without): bad input and a database that refuses answer Conform's reply and change
 * nothing; a save keeps every field the form does not show.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog, siteSettings } from "../../db/schema.ts";
import { stopListening } from "../../live/change-feed.server.ts";
import { action } from "./admin/settings.tsx";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { createSignedInAccount, routeArgs } from "../../../tests/helpers/staff.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();
afterAll(stopListening);

let token = "";
beforeAll(async () => {
  token = (await createSignedInAccount({ role: "administrator" })).token;
});

/** What the action answered: a refusal's status and reply, or a redirect's status and address. */
async function postSettings(fields: Record<string, string>) {
  const args = routeArgs("/admin/settings", { token, method: "POST" });
  const request = new Request(args.request.url, { method: "POST", headers: args.request.headers, body: new URLSearchParams(fields) });
  const answer: unknown = await throughLayouts("features/settings/admin/settings.tsx", action, { ...args, request } as never).catch((thrown: unknown) => thrown);
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), reply: null };
  const { data, init } = answer as { data: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, reply: data };
}

const everything = async () => ({ settings: await getDb().select().from(siteSettings), audit: await getDb().select().from(auditLog) });

const valid = { site_name: "Millbrook Foundation", tagline: "Together for Millbrook", site_description: "", about_description: "", charity_number: "1234567" };

describe("the Settings form", () => {
  it("refuses bad input with a message per field and the form's own, keeps what was typed and changes nothing", async () => {
    const before = await everything();
    const refused = await postSettings({ ...valid, site_name: "  ", tagline: "x".repeat(151), charity_number: "Typed 42" });
    expect(refused.status).toBe(400);
    expect(refused.reply?.error).toEqual({
      "": ["Please correct the highlighted fields"],
      site_name: ["Site name is required"],
      tagline: ["Tagline must be at most 150 characters"],
    });
    expect(refused.reply?.initialValue).toMatchObject({ charity_number: "Typed 42" });
    expect(await everything()).toEqual(before);
  });

  it("saves the fields it shows and keeps the others (old hero texts, handles, images); an unticked switch turns maintenance off", async () => {
    await getDb().update(siteSettings).set({ hero_title: "Kept hero title", social_twitter: "@millbrook", hero_image_url: "/uploads/settings/kept.webp", maintenance_mode: true });
    const saved = await postSettings({ ...valid, site_description: "  Saved from the form  " });
    expect(saved).toMatchObject({ status: 302, location: "/admin/settings" });
    const [row] = await getDb().select().from(siteSettings);
    expect(row).toMatchObject({
      site_name: "Millbrook Foundation",
      site_description: "Saved from the form",
      charity_number: "1234567",
      maintenance_mode: false,
      hero_title: "Kept hero title",
      social_twitter: "@millbrook",
      hero_image_url: "/uploads/settings/kept.webp",
    });
  });

  it("answers the form's message when the database refuses the change, and changes nothing", async () => {
    const db = getDb();
    await db.execute(sql`create function refuse_settings() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await db.execute(sql`create trigger refuse_settings before update on site_settings for each row execute function refuse_settings()`);
    try {
      const before = await everything();
      const failed = await postSettings({ ...valid, tagline: "Never stored" });
      expect(failed.status).toBe(500);
      expect(failed.reply?.error).toEqual({ "": ["The database did not accept the change"] });
      expect(await everything()).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger refuse_settings on site_settings`);
      await db.execute(sql`drop function refuse_settings()`);
    }
  });
});
