/**
 * Administrators' side of second factors: resetting a lost factor (by another
 * administrator, or by `npm run reset-two-factor` for the last one) and the setting that
 * makes two-step sign-in compulsory for every staff member.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server.ts";
import { siteSettings } from "../db/schema.ts";
import { recordAudit, type AuditActor } from "../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../domain/security-notices/notices.server.ts";
import { findUserById } from "../domain/staff/staff.server.ts";
import { publishChange } from "../live/change-feed.server.ts";
import { deleteSessionsOfUser } from "./session.server.ts";
import { removeSecondFactors } from "./two-factor.server.ts";

export class TwoFactorResetError extends Error {}

/**
 * Removes the account's second factors (authenticator app and passkeys) and recovery
 * codes and ends its sessions: at the
 * next sign-in the person enrols again (administrators must). Audited and notified.
 */
export async function resetSecondFactor(userId: string, actor: AuditActor, via: "administrator" | "command") {
  const user = await findUserById(userId);
  if (!user) throw new TwoFactorResetError("No such account");
  if (via === "administrator" && actor.userId === userId) {
    throw new TwoFactorResetError("You cannot reset your own two-step sign-in here. Use My account.");
  }
  await removeSecondFactors(userId);
  await deleteSessionsOfUser(userId);
  await recordAudit(actor, "staff.second_factor_reset", { entity: "user", entityId: userId, details: { email: user.email, via } });
  await notifyStaff(userId, NOTICES.factorRemoved);
  return { email: user.email };
}

/** Turns the "every staff member must use two-step sign-in" setting on or off (audited). */
export async function setTwoFactorForEveryone(on: boolean, actor: AuditActor) {
  await getDb().update(siteSettings).set({ require_two_factor: on, updated_at: sql`now()` }).where(eq(siteSettings.id, 1));
  await recordAudit(actor, on ? "settings.two_factor_required" : "settings.two_factor_optional", { entity: "site_settings", entityId: 1 });
  publishChange("settings");
}
