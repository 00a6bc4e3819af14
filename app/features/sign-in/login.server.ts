/**
 * Password sign-in and sign-out. One answer for every failure (unknown email, wrong
 * password, account without a password) and the same work in each case (scrypt against a
 * dummy hash when there is no account), so neither the message nor the timing tells
 * whether an account exists. Every attempt is written to the audit log, except repeated
 * throttled attempts, which are counted in one entry per account and period. An email
 * that is no account is recorded as "unknown account" with a SHA-256 of what was typed
 * (someone may have typed their password into the email field).
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { recordAudit } from "../../domain/audit/audit.server.ts";
import { findUserByEmail, findUserById } from "../staff/index.ts";
import { consumeLink, findValidLink } from "../../auth/one-time-links.server.ts";
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from "../../auth/password.server.ts";
import { createSession, deleteSession, deleteSessionByToken, type SessionPending, type SessionPolicy, sessionPolicy } from "../../auth/session.server.ts";
import { recordAggregatedAudit } from "../../domain/limits/aggregated-audit.server.ts";
import { addressBucket, reserveSignInAttempt, restartBlocks, settleSuccessfulSignIn, throttleKeys } from "../../auth/throttle.server.ts";

import { secondFactorStep } from "./second-factor-step.server.ts";
import { hasSecondFactor } from "../../auth/two-factor.server.ts";
import { verifyPasskey } from "../../auth/passkeys.server.ts";

/** How a failed or throttled sign-in names an email that is no account: never as typed. */
const UNKNOWN_ACCOUNT = "unknown account";

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
  /** The token of a session this browser already had: it is ended (rotation). */
  previousToken?: string | null;
}

export type SignInResult =
  | { ok: true; token: string; sessionId: string; userId: string; email: string; maxAgeMs: number; pending: SessionPending | null }
  | { ok: false; reason: "throttled"; retryAfterMs: number }
  | { ok: false; reason: "invalid"; retryAfterMs: number }
  /** The password was right, but the second factor was reset: the one-time link sent to the owner sets up a new one. */
  | { ok: false; reason: "enrol-by-link"; retryAfterMs: 0 };

export async function signIn(input: SignInInput, policy: SessionPolicy = sessionPolicy()): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const keys = throttleKeys(email, input.ip);

  // Counted before the password is checked, atomically (parallel guesses queue here).
  const attempt = await reserveSignInAttempt(keys);
  if (!attempt.allowed) {
    const known = email ? await findUserByEmail(email) : null;
    await recordAggregatedAudit(
      attempt.blockedKey === keys.account ? keys.account : keys.address,
      { userId: known?.id ?? null, email: known ? known.email : UNKNOWN_ACCOUNT, ip: input.ip },
      "auth.sign_in_throttled",
      { entity: known ? "user" : undefined, entityId: known?.id, details: { retryAfterMs: attempt.retryAfterMs } },
    );
    return { ok: false, reason: "throttled", retryAfterMs: attempt.retryAfterMs };
  }

  const user = email ? await findUserByEmail(email) : null;
  const valid = user?.password_hash
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyAgainstDummy(input.password);

  if (!user || !valid) {
    await restartBlocks(attempt.blocks);
    await recordAudit(
      { userId: user?.id ?? null, email: user ? user.email : UNKNOWN_ACCOUNT, ip: input.ip },
      "auth.sign_in_failed",
      { entity: "user", entityId: user?.id, details: user ? {} : { typed_sha256: createHash("sha256").update(email).digest("hex") } },
    );
    return { ok: false, reason: "invalid", retryAfterMs: attempt.retryAfterMs };
  }

  await settleSuccessfulSignIn(keys);
  if (user.enrol_by_link && !(await hasSecondFactor(user.id))) {
    await recordAudit({ userId: user.id, email: user.email, ip: input.ip }, "auth.sign_in_refused", {
      entity: "user",
      entityId: user.id,
      details: { reason: "second factor reset: enrol by link" },
    });
    return { ok: false, reason: "enrol-by-link", retryAfterMs: 0 };
  }
  if (user.password_hash && passwordNeedsRehash(user.password_hash)) {
    await getDb().update(users).set({ password_hash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  }
  if (input.previousToken) await deleteSessionByToken(input.previousToken);
  // With a second factor (or one to enrol), the session stays pending until that step.
  const pending = await secondFactorStep(user.id);
  const session = await createSession(user.id, { ip: input.ip, userAgent: input.userAgent, pending }, policy);
  await getDb().update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit({ userId: user.id, email: user.email, ip: input.ip }, "auth.sign_in", {
    entity: "session",
    entityId: session.id,
    details: pending ? { pending } : {},
  });
  return {
    ok: true,
    token: session.token,
    sessionId: session.id,
    userId: user.id,
    email: user.email,
    maxAgeMs: policy.absoluteLifetimeMs,
    pending,
  };
}

export type EnrolLinkResult =
  | { ok: true; token: string; maxAgeMs: number }
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "invalid" | "throttled"; retryAfterMs: number };

/**
 * After a second-factor reset: the one-time "enrol" link sent to the owner, with their
 * password, starts a session pending enrolment (the link is used up). The password is
 * throttled like the sign-in form's.
 */
export async function signInWithEnrolLink(
  input: { token: string; password: string; ip: string; userAgent?: string | null; previousToken?: string | null },
  policy: SessionPolicy = sessionPolicy(),
): Promise<EnrolLinkResult> {
  const link = await findValidLink(input.token, ["enrol"]);
  const user = link?.user_id ? await findUserById(link.user_id) : null;
  if (!link || !user) return { ok: false, reason: "expired" };
  const keys = throttleKeys(user.email, input.ip);
  const attempt = await reserveSignInAttempt(keys);
  if (!attempt.allowed) return { ok: false, reason: "throttled", retryAfterMs: attempt.retryAfterMs };
  const valid = user.password_hash ? await verifyPassword(input.password, user.password_hash) : await verifyAgainstDummy(input.password);
  const actor = { userId: user.id, email: user.email, ip: input.ip };
  if (!valid) {
    await restartBlocks(attempt.blocks);
    await recordAudit(actor, "auth.sign_in_failed", { entity: "user", entityId: user.id, details: { via: "enrol-link" } });
    return { ok: false, reason: "invalid", retryAfterMs: attempt.retryAfterMs };
  }
  if (!(await consumeLink(input.token, ["enrol"]))) return { ok: false, reason: "expired" };
  await settleSuccessfulSignIn(keys);
  if (input.previousToken) await deleteSessionByToken(input.previousToken);
  const session = await createSession(user.id, { ip: input.ip, userAgent: input.userAgent, pending: "enrol" }, policy);
  await getDb().update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit(actor, "auth.sign_in", { entity: "session", entityId: session.id, details: { via: "enrol-link", pending: "enrol" } });
  return { ok: true, token: session.token, maxAgeMs: policy.absoluteLifetimeMs };
}

export type PasskeySignInResult =
  | { ok: true; token: string; sessionId: string; userId: string; maxAgeMs: number }
  | { ok: false };

/**
 * Sign-in with a passkey alone: a discoverable credential with user verification is two
 * factors by itself, so the session is a full one (no password, no second step). Failures
 * are audited in one entry per address and period (nothing can be guessed here).
 */
export async function signInWithPasskey(
  input: { response: string; ip: string; userAgent?: string | null; previousToken?: string | null; request?: Request },
  policy: SessionPolicy = sessionPolicy(),
): Promise<PasskeySignInResult> {
  const result = await verifyPasskey({ purpose: "sign-in", sessionId: null, response: input.response }, input.request);
  if (!result.ok) {
    await recordAggregatedAudit(`passkey:${addressBucket(input.ip)}`, { userId: null, email: UNKNOWN_ACCOUNT, ip: input.ip }, "auth.passkey_failed", {
      details: { reason: result.reason },
    });
    return { ok: false };
  }
  const user = (await getDb().select({ id: users.id, email: users.email }).from(users).where(eq(users.id, result.userId)).limit(1))[0];
  if (!user) return { ok: false };
  if (input.previousToken) await deleteSessionByToken(input.previousToken);
  const session = await createSession(user.id, { ip: input.ip, userAgent: input.userAgent }, policy);
  await getDb().update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit({ userId: user.id, email: user.email, ip: input.ip }, "auth.sign_in", {
    entity: "session",
    entityId: session.id,
    details: { via: "passkey" },
  });
  return { ok: true, token: session.token, sessionId: session.id, userId: user.id, maxAgeMs: policy.absoluteLifetimeMs };
}

export async function signOut(
  session: { id: string; userId: string; email: string } | null,
  meta: { ip: string; reason?: "manual" | "inactivity" },
) {
  if (!session) return;
  await deleteSession(session.id);
  await recordAudit({ userId: session.userId, email: session.email, ip: meta.ip }, "auth.sign_out", {
    entity: "session",
    entityId: session.id,
    details: { reason: meta.reason ?? "manual" },
  });
}
