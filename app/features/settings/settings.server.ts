import { eq, sql } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "../../content/sample-content.ts";
import { getDb } from "../../db/client.server.ts";
import { siteSettings, type SiteSettingsRow } from "../../db/schema.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { deleteMedia, uploadMedia } from "../media/index.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { firstIssues } from "../../lib/form-submission.ts";
import { SiteSettingsSchema, SETTINGS_FIELDS, type SiteSettingsValues } from "./settings.schema.ts";

export type SiteSettings = Omit<SiteSettingsRow, "created_at" | "updated_at">;

// One read per request: the layout and the page loaders of a request share it (keyed by
// the request's router context, so nothing outlives the request).
const perRequest = new WeakMap<object, Promise<SiteSettings>>();

/**
 * The settings row (id 1); the built-in defaults when it cannot be read. Pass the
 * loader's `context` so that all loaders of one request share a single read.
 */
export function getSiteSettings(request?: object): Promise<SiteSettings> {
  if (!request) return readSiteSettings();
  let pending = perRequest.get(request);
  if (!pending) {
    pending = readSiteSettings();
    perRequest.set(request, pending);
  }
  return pending;
}

async function readSiteSettings(): Promise<SiteSettings> {
  try {
    const [row] = await cachedRead("settings", "row", () => getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1));
    if (row) return row;
  } catch (error) {
    logger.error({ err: error }, "reading site settings failed; using defaults");
  }
  return DEFAULT_SETTINGS;
}

/** Whether saving `input` would switch maintenance mode on or off (a change that needs re-authentication). */
export async function switchesMaintenance(input: Record<string, unknown>): Promise<boolean> {
  const parsed = SiteSettingsSchema.shape.maintenance_mode.safeParse(input["maintenance_mode"]);
  if (!parsed.success) return false;
  const current = await readSettingsForEditing();
  return parsed.data !== current.maintenance_mode;
}

/** The settings row for the admin screen: unlike getSiteSettings, a read failure is an error. */
export async function readSettingsForEditing(): Promise<SiteSettingsValues> {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const source = row ?? DEFAULT_SETTINGS;
  return Object.fromEntries(SETTINGS_FIELDS.map((k) => [k, source[k]])) as SiteSettingsValues;
}

export type SaveSettingsResult =
  | { ok: true; settings: SiteSettingsValues }
  | { ok: false; errors: Record<string, string> };

/**
 * Validates and saves the settings of the form (row id 1), records the change in the audit
 * log and tells the change feed. Bad input changes nothing. The hero and about images are
 * not part of the form (they change only through replaceSettingsImage), and a field the
 * input leaves out (the old social "handles", the old hero texts) keeps its value.
 */
export async function saveSiteSettings(input: Record<string, unknown>, actor: AuditActor): Promise<SaveSettingsResult> {
  const parsed = SiteSettingsSchema.partial().safeParse(input);
  if (!parsed.success) return { ok: false, errors: firstIssues(parsed.error) };
  const images: string[] = Object.values(SETTINGS_IMAGES);
  const values = Object.fromEntries(
    Object.entries(parsed.data).filter(([key, value]) => value !== undefined && !images.includes(key)),
  ) as Partial<Omit<SiteSettingsValues, (typeof SETTINGS_IMAGES)[SettingsImage]>>;
  const { contact_email, site_name, tagline, hero_title, hero_subtitle } = DEFAULT_SETTINGS;
  const firstRow = { contact_email, site_name, tagline, hero_title, hero_subtitle };
  let saved: SiteSettingsValues | undefined;
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for("update");
    const [row] = await tx
      .insert(siteSettings)
      // (The contact email is kept by the Contact details screen; a first row starts with the defaults.)
      .values({ id: 1, ...firstRow, ...values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updated_at: sql`now()` } })
      .returning();
    saved = Object.fromEntries(SETTINGS_FIELDS.map((k) => [k, row[k]])) as SiteSettingsValues;
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => !before || before[k] !== values[k]);
    await recordAudit(actor, "settings.updated", { entity: "site_settings", entityId: 1, details: { changed } }, tx);
    if (before && values.maintenance_mode !== undefined && before.maintenance_mode !== values.maintenance_mode) {
      await recordAudit(actor, values.maintenance_mode ? "settings.maintenance_on" : "settings.maintenance_off", { entity: "site_settings", entityId: 1 }, tx);
    }
  });
  publishChange("settings");
  return { ok: true, settings: saved! };
}

export const SETTINGS_IMAGES = { hero: "hero_image_url", about: "about_image_url" } as const;
export type SettingsImage = keyof typeof SETTINGS_IMAGES;

/**
 * Replaces (bytes) or removes (null) the hero or about image. The upload goes into the
 * media library (checked and resized like every image); the previous one stays there.
 * Throws MediaRejectedError (with a message for the user) when the file is not a usable image.
 */
export async function replaceSettingsImage(which: SettingsImage, bytes: Uint8Array | null, actor: AuditActor) {
  if (!Object.hasOwn(SETTINGS_IMAGES, which)) throw new Error(`Unknown settings image: ${String(which)}`);
  const column = SETTINGS_IMAGES[which];
  const item = bytes ? await uploadMedia({ bytes, filename: `${which}-image` }, actor, { folder: "settings", only: "image" }) : null;
  const url = item?.url ?? null;
  try {
    await getDb().transaction(async (tx) => {
      await tx.update(siteSettings).set({ [column]: url, updated_at: sql`now()` }).where(eq(siteSettings.id, 1));
      await recordAudit(actor, url ? "settings.image_updated" : "settings.image_removed", {
        entity: "site_settings",
        entityId: 1,
        details: { image: which },
      }, tx);
    });
  } catch (error) {
    if (item) await deleteMedia(item.id, actor);
    throw error;
  }
  publishChange("settings");
  return url;
}
