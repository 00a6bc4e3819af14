/**
 * Administrators' side of second factors: resetting a lost factor (by another
 * administrator, or by `npm run reset-two-factor` for the last one) and the setting that
 * makes two-step sign-in compulsory for every staff member.
 */
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { siteSettings, users } from "../../db/schema.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../../domain/security-notices/notices.server.ts";
import { findUserById } from "./staff.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { sendMail } from "../../mail/mailer.server.ts";
import { createOneTimeLink } from "../../auth/one-time-links.server.ts";
import { deleteSessionsOfUser } from "../../auth/session.server.ts";
import { removeSecondFactors } from "../../auth/two-factor.server.ts";

export class TwoFactorResetError extends Error {}

export interface ResetOutcome {
  email: string;
  /** The one-time link to set up a new factor (shown to the administrator when not mailed). */
  url: string;
  expiresAt: Date;
  mailed: boolean;
}

/**
 * Removes the account's second factors (authenticator app and passkeys) and recovery
 * codes and ends its sessions. The password alone no longer leads to enrolment (whoever
 * knows it could otherwise enrol their own phone): a one-time link (3 days) is mailed to
 * the owner, or shown to the administrator to hand over when mail is not configured;
 * following it, with the password, sets up the new factor. Audited and notified.
 */
export async function resetSecondFactor(userId: string, actor: AuditActor, via: "administrator" | "command", origin: string): Promise<ResetOutcome> {
  const user = await findUserById(userId);
  if (!user) throw new TwoFactorResetError("No such account");
  if (via === "administrator" && actor.userId === userId) {
    throw new TwoFactorResetError("You cannot reset your own two-step sign-in here. Use My account.");
  }
  await removeSecondFactors(userId);
  await deleteSessionsOfUser(userId);
  await getDb().update(users).set({ enrol_by_link: true }).where(eq(users.id, userId));
  const link = await createOneTimeLink("enrol", { userId, createdBy: actor.userId ?? null });
  const url = `${origin}${link.path}`;
  const mail = await sendMail({
    to: user.email,
    subject: "Set up two-step sign-in again: Millbrook Community Foundation admin",
    text: `Hello,\n\nThe two-step sign-in of your Millbrook Community Foundation admin account was reset${via === "administrator" ? " by an administrator" : ""}.\n\nTo sign in again, open this link and set up your authenticator app or passkey (it works once and for 3 days; you will need your password):\n${url}\n\nIf you did not ask for this, tell an administrator straight away.\n`,
  });
  await recordAudit(actor, "staff.second_factor_reset", { entity: "user", entityId: userId, details: { email: user.email, via, mailed: mail.sent } });
  await notifyStaff(userId, NOTICES.factorRemoved);
  return { email: user.email, url, expiresAt: link.expiresAt, mailed: mail.sent };
}

/** Turns the "every staff member must use two-step sign-in" setting on or off (audited). */
export async function setTwoFactorForEveryone(on: boolean, actor: AuditActor) {
  await getDb().update(siteSettings).set({ require_two_factor: on, updated_at: sql`now()` }).where(eq(siteSettings.id, 1));
  await recordAudit(actor, on ? "settings.two_factor_required" : "settings.two_factor_optional", { entity: "site_settings", entityId: 1 });
  publishChange("settings");
}
