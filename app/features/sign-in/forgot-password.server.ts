/**
 * Self-service password reset, offered on the sign-in page when mail is configured. A
 * staff member asks with their email; when it is a staff account, a one-time reset link
 * (1 hour) is mailed to it. The answer is the same whether or not the address is an
 * account, and the mail goes through the queue (the answer does not wait for the SMTP server).
 * Limited per address and per email; every request is audited (an unknown email as a
 * SHA-256 of what was typed).
 */
import { createHash } from "node:crypto";
import { recordAudit } from "../../domain/audit/audit.server.ts";
import { hitCounter } from "../../lib/rate-counters.server.ts";
import { findUserByEmail, roleOf } from "../staff/index.ts";
import { mailConfigured, queueMail } from "../../mail/mailer.server.ts";
import { createOneTimeLink } from "../../auth/one-time-links.server.ts";
import { addressBucket } from "../../auth/throttle.server.ts";

/** Requests per client address in 15 minutes, and reset mails per account in an hour. */
export const FORGOT_PER_ADDRESS = 5;
export const FORGOT_PER_ACCOUNT = 3;

export type ForgotResult = { ok: true } | { ok: false; reason: "no-mail" | "limited"; retryAfterS?: number };

export async function requestPasswordReset(input: { email: string; ip: string; origin: string }): Promise<ForgotResult> {
  if (!mailConfigured()) return { ok: false, reason: "no-mail" };
  const address = await hitCounter(`forgot:ip:${addressBucket(input.ip)}`, 15 * 60);
  if (address.count > FORGOT_PER_ADDRESS) {
    return { ok: false, reason: "limited", retryAfterS: Math.max(1, Math.ceil((address.windowStart.getTime() + 15 * 60_000 - Date.now()) / 1000)) };
  }
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const user = email ? await findUserByEmail(email) : null;
  const staff = user && user.password_hash !== null && (await roleOf(user.id)) !== null ? user : null;
  if (!staff) {
    await recordAudit({ userId: null, email: "unknown account", ip: input.ip }, "auth.password_reset_requested", {
      details: { typed_sha256: createHash("sha256").update(email).digest("hex"), sent: false },
    });
    return { ok: true };
  }
  // Per account: a quiet limit (the answer stays the same), so nobody can flood someone's inbox.
  const account = await hitCounter(`forgot:user:${staff.id}`, 60 * 60);
  const send = account.count <= FORGOT_PER_ACCOUNT;
  if (send) {
    const link = await createOneTimeLink("reset", { userId: staff.id });
    await queueMail({
      to: staff.email,
      subject: "Reset your Millbrook Community Foundation admin password",
      text: `Hello,\n\nSomeone (we hope you) asked to reset the password of your Millbrook Community Foundation admin account.\n\nChoose a new password here (the link works once and for 1 hour):\n${input.origin}${link.path}\n\nIf you did not ask for this, you can ignore this email: your password has not changed.\n`,
    });
  }
  await recordAudit({ userId: staff.id, email: staff.email, ip: input.ip }, "auth.password_reset_requested", {
    entity: "user",
    entityId: staff.id,
    details: { sent: send },
  });
  return { ok: true };
}
