/**
 * GET /admin/settings/data: the settings as JSON, for the Settings screen's client-side
 * reload (Discard unsaved changes, Retry Loading). Saving is the screen's own action.
 * Administrators only.
 */
import { readSettingsForEditing } from "../settings.server.ts";
import { logger } from "../../../lib/logger.server.ts";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  try {
    return json({ settings: await readSettingsForEditing() });
  } catch (error) {
    logger.error({ err: error }, "reading settings failed");
    return json({ error: "The settings could not be read from the database." }, 503);
  }
}
