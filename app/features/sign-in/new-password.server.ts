/** A new password checked against the policy, with the charity's name from the site settings. */
import { passwordProblem } from "../../auth/password-policy.server.ts";
import { getSiteSettings } from "../settings/index.ts";

/** `passwordProblem` with the charity's name from the site settings. */
export async function checkNewPassword(password: string, email: string): Promise<string | null> {
  const settings = await getSiteSettings();
  return passwordProblem(password, { email, charityName: settings.site_name });
}
