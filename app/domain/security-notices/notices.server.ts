/**
 * Security notices to a staff member: when their password, second factor or role
 * changes, a password-reset link is issued for them, or wrong second-step codes pause
 * their sign-in. Each notice is mailed (when mail
 * is configured) and kept until their next sign-in, which shows it.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { staffNotices, users } from "../../db/schema.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import type { Toast } from "../../lib/toast.server.ts";

export const NOTICES = {
  passwordChanged: "Your password was changed.",
  factorAdded: "A second factor (authenticator app) was added to your account.",
  factorRemoved: "The second factor of your account was removed.",
  passkeyAdded: "A passkey was added to your account.",
  passkeyRemoved: "A passkey was removed from your account.",
  recoveryCodesReplaced: "New recovery codes were made for your account; the old ones no longer work.",
  roleChanged: (role: string | null) => (role ? `Your role was changed to ${role}.` : "Your access to the admin area was removed."),
  resetLinkIssued: "A password-reset link was issued for your account.",
  wrongCodes: (count: number) =>
    `Someone typed your password correctly and then ${count} wrong two-step codes in a row. Sign-in codes are paused for a while. If this was not you, change your password now.`,
} as const;

/** Records a notice for the account and mails it when mail is configured. */
export async function notifyStaff(userId: string, message: string): Promise<void> {
  const db = getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  await db.insert(staffNotices).values({ user_id: userId, message });
  await queueMail({
    to: user.email,
    subject: "Security notice: Millbrook Community Foundation admin account",
    text: `Hello,\n\n${message}\n\nIf this was not you or an administrator you know, tell an administrator straight away.\n`,
  }, { toStaff: true });
}

/** The account's unseen notices, oldest first, now marked seen. */
export async function takeNotices(userId: string): Promise<string[]> {
  const rows = await getDb()
    .update(staffNotices)
    .set({ seen_at: sql`now()` })
    .where(and(eq(staffNotices.user_id, userId), isNull(staffNotices.seen_at)))
    .returning({ message: staffNotices.message, at: staffNotices.created_at });
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => r.message);
}

/** The toast shown on a completed sign-in: the notices since the last one, or a plain welcome. */
export async function signInToast(userId: string): Promise<Toast> {
  const notices = await takeNotices(userId);
  if (notices.length === 0) return { type: "success", message: "Signed in successfully" };
  const text = `Since you last signed in: ${notices.join(" ")}`;
  return { type: "info", message: text.length > 500 ? `${text.slice(0, 497)}...` : text };
}


/** Housekeeping: notices seen more than 90 days ago, or never seen after a year; how many. */
export async function deleteOldNotices(): Promise<number> {
  const removed = await getDb()
    .delete(staffNotices)
    .where(
      sql`(${staffNotices.seen_at} is not null and ${staffNotices.seen_at} < now() - interval '90 days') or ${staffNotices.created_at} < now() - interval '365 days'`,
    )
    .returning({ id: staffNotices.id });
  return removed.length;
}
