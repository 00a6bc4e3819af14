import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "../content/sample-content.ts";
import { getDb } from "../db/client.server.ts";
import { siteSettings, type SiteSettingsRow } from "../db/schema.ts";
import { logger } from "../lib/logger.server.ts";

export type SiteSettings = Omit<SiteSettingsRow, "created_at" | "updated_at">;

/** The settings row (id 1); the built-in defaults when it cannot be read. */
export async function getSiteSettings(): Promise<SiteSettings> {
  try {
    const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
    if (row) return row;
  } catch (error) {
    logger.error({ err: error }, "reading site settings failed; using defaults");
  }
  return DEFAULT_SETTINGS;
}
