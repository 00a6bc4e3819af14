/**
 * Re-authentication before sensitive actions: changing roles or granting access,
 * issuing reset links, resetting someone's second factor, erasing personal data,
 * changing retention, switching maintenance mode or the two-step requirement, removing
 * one's own second factor or passkey, adding a passkey to an account that has a factor, exporting donor or personal data (donations CSV, Gift Aid
 * schedules, the personal-data export), changing the giving settings and marking a Gift Aid
 * claim. The server refuses the action unless this session checked the
 * password or a second-factor code within the last 10 minutes (sessions.verified_at,
 * compared on the database clock); the person is sent to /admin/reauth and back. When the
 * action passes its form, the form is kept (reauth-resume.server.ts) and sent again after
 * the check, so the action is carried out without a second click.
 */
import { redirect } from "react-router";
import { requestInfoContext } from "../lib/request-context.ts";
import { toastCookie } from "../lib/toast.server.ts";
import { rememberAction } from "./reauth-resume.server.ts";
import { currentTarget, type GuardArgs, type StaffIdentity } from "./guards.server.ts";

const REAUTH_WINDOW_MS = 10 * 60 * 1000;
const REAUTH_PATH = "/admin/reauth";
const REAUTH_MESSAGE = "Please confirm it's you to continue.";

export const isRecentlyVerified = (staff: Pick<StaffIdentity, "verifiedAgoMs">) => staff.verifiedAgoMs < REAUTH_WINDOW_MS;

/** The re-authentication page, bringing the person back to `target` afterwards. */
export function reauthUrlFor(target: string): string {
  return `${REAUTH_PATH}?redirectTo=${encodeURIComponent(target)}`;
}

const reauthUrl = (args: GuardArgs) => reauthUrlFor(currentTarget(args.request));

/**
 * Throws a redirect to the re-authentication page unless the session was verified in the
 * last 10 minutes. `form`: the action's posted form, carried out after the check.
 */
export async function requireRecentAuth(args: GuardArgs, staff: StaffIdentity, form?: FormData): Promise<void> {
  if (isRecentlyVerified(staff)) return;
  const headers = new Headers();
  headers.append("Set-Cookie", await toastCookie({ type: "info", message: REAUTH_MESSAGE }));
  const kept = form ? await rememberAction(args.request, form, staff.sessionId, args.context.get(requestInfoContext).secure) : null;
  if (kept) headers.append("Set-Cookie", kept);
  throw redirect(reauthUrl(args), { headers });
}
