/**
 * GET /admin/settings/data: the settings as JSON (the Settings screen's client-side reload).
 * POST: saves them (JSON in, JSON out) for the optimistic save. Administrators only.
 */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { isRecentlyVerified, REAUTH_PATH } from "../../../auth/reauth.server.ts";
import { readSettingsForEditing, saveSiteSettings, switchesMaintenance } from "../settings.server.ts";
import { logger } from "../../../lib/logger.server.ts";
import { refusedForm } from "../../../lib/form-submission.ts";
import type { SettingsSaveAnswer } from "../settings.schema.ts";
import type { Route } from "./+types/settings-data";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
/** A save's answer, in the shape the screen checks (SettingsSaveAnswer). */
const answer = (body: SettingsSaveAnswer, status = 200) => json(body, status);

export async function loader() {
  try {
    return json({ settings: await readSettingsForEditing() });
  } catch (error) {
    logger.error({ err: error }, "reading settings failed");
    return json({ error: "The settings could not be read from the database." }, 503);
  }
}

export async function action(args: Route.ActionArgs) {
  let input: Record<string, unknown>;
  try {
    input = (await args.request.json()) as Record<string, unknown>;
    if (typeof input !== "object" || input === null || Array.isArray(input)) throw new Error("not an object");
  } catch {
    return answer({ ok: false, message: "The request was not understood" }, 400);
  }
  // Switching maintenance mode needs the password or a code from the last 10 minutes.
  if (!isRecentlyVerified(currentStaff(args)) && (await switchesMaintenance(input))) {
    return answer({ ok: false, message: "Please confirm it's you first", reauth: `${REAUTH_PATH}?redirectTo=%2Fadmin%2Fsettings` }, 401);
  }
  try {
    const result = await saveSiteSettings(input, currentActor(args));
    if (!result.ok) return answer({ ok: false, message: "Please correct the highlighted fields", reply: refusedForm(result.errors) }, 400);
    return answer({ ok: true, settings: result.settings });
  } catch (error) {
    logger.error({ err: error }, "saving settings failed");
    return answer({ ok: false, message: "The database did not accept the change" }, 500);
  }
}
