/**
 * The second sign-in step. After a correct password the session is created pending:
 * "verify" when the account has a second factor (a code is asked for), "enrol" when it
 * has none but must have one (administrators, or everyone when the site setting says so).
 * A pending session reaches only its step's page; the step replaces it with a full
 * session (new token).
 */
import { eq } from "drizzle-orm";
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server.ts";
import { users, type StaffRole } from "../../db/schema.ts";
import { roleOf } from "../staff/index.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { loginUrl, safeRedirect, stepUrl } from "../../auth/redirect.ts";
import { createSession, deleteSession, lookupSession, readSessionToken, type SessionPending } from "../../auth/session.server.ts";
import { hasSecondFactor } from "../../auth/two-factor.server.ts";
import { getSiteSettings } from "../settings/index.ts";

/** Whether the account must have a second factor (administrators always; everyone when the setting says so). */
export async function twoFactorRequired(role: StaffRole | null): Promise<boolean> {
  if (role === "administrator") return true;
  if (!role) return false;
  return (await getSiteSettings()).require_two_factor;
}

export async function secondFactorStep(userId: string): Promise<SessionPending | null> {
  if (await hasSecondFactor(userId)) return "verify";
  return (await twoFactorRequired(await roleOf(userId))) ? "enrol" : null;
}

/**
 * Set by the enrolment step's action when it has just replaced the pending session: the
 * page's loader, run in the same request without JavaScript (the browser still sent the
 * old, ended token), shows the recovery codes instead of sending the person to sign in.
 */
export const enrolledNowContext = createContext<boolean>(false);

/**
 * Enrolment done: the pending session ends and a full one starts (new id and token), and
 * the account no longer waits for a re-enrolment link.
 */
export async function completeEnrolment(pendingSessionId: string, userId: string, meta: { ip: string; userAgent?: string | null }) {
  await getDb().update(users).set({ enrol_by_link: false }).where(eq(users.id, userId));
  return completeStep(pendingSessionId, userId, meta);
}

/** Ends the pending session and starts a full one (new id and token). */
export async function completeStep(pendingSessionId: string, userId: string, meta: { ip: string; userAgent?: string | null }) {
  await deleteSession(pendingSessionId);
  return createSession(userId, { ip: meta.ip, userAgent: meta.userAgent });
}

/**
 * The pending session of this request for a step page, or a thrown redirect: to sign-in
 * when there is none, to `redirectTo` when the session is already full, to the other
 * step when it is pending for that one.
 */
export async function requirePendingSession(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  step: SessionPending,
  options: { allowFull?: boolean } = {},
) {
  const { secure } = args.context.get(requestInfoContext);
  const lookup = await lookupSession(readSessionToken(args.request, secure));
  const redirectTo = safeRedirect(new URL(args.request.url).searchParams.get("redirectTo"));
  if (lookup.status !== "active") throw redirect(loginUrl(redirectTo));
  const { session } = lookup;
  if (!session.pending && !options.allowFull) throw redirect(redirectTo);
  if (session.pending && session.pending !== step) throw redirect(stepUrl(session.pending, redirectTo));
  return { session, redirectTo };
}
