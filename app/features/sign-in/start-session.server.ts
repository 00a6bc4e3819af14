/**
 * Signs a person in once they have proved who they are without typing their password on
 * the login form: right after creating the first administrator with the setup link, or
 * after choosing a password with an invitation or reset link (the one-time link in hand
 * plus the new password are the proof).
 *
 * This is the one place those flows create a session. When an account must also pass a
 * second factor, check it here and answer with `{ kind: "next-step", redirectTo }` instead
 * of a session: the routes then send the person on to that step.
 */
import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { recordAudit } from "../../domain/audit/audit.server.ts";
import { toastCookie } from "../../lib/toast.server.ts";
import { stepUrl } from "../../auth/redirect.ts";
import { secondFactorStep } from "./second-factor-step.server.ts";
import { createSession, deleteSessionByToken, readSessionToken, serializeSessionCookie, sessionPolicy } from "../../auth/session.server.ts";

export interface StartSessionInput {
  user: { id: string; email: string };
  /** How the person proved who they are, kept in the audit log. */
  via: "setup" | "invite" | "reset";
  request: Request;
  ip: string;
  secure: boolean;
}

export type StartSessionResult =
  | { kind: "session"; token: string; sessionId: string; maxAgeMs: number }
  /** A pending session (second factor to check or to enrol): its cookie, and the step's page. */
  | { kind: "next-step"; redirectTo: string; token: string; maxAgeMs: number };

export async function startSessionAfterLink(input: StartSessionInput): Promise<StartSessionResult> {
  const policy = sessionPolicy();
  // A session this browser already had (perhaps someone else's) ends: rotation.
  const previousToken = readSessionToken(input.request, input.secure);
  if (previousToken) await deleteSessionByToken(previousToken);
  // A one-time link proves the password, not the second factor: that step still follows.
  const pending = await secondFactorStep(input.user.id);
  const session = await createSession(input.user.id, { ip: input.ip, userAgent: input.request.headers.get("User-Agent"), pending }, policy);
  await getDb().update(users).set({ last_login_at: sql`now()` }).where(eq(users.id, input.user.id));
  await recordAudit({ userId: input.user.id, email: input.user.email, ip: input.ip }, "auth.sign_in", {
    entity: "session",
    entityId: session.id,
    details: pending ? { via: input.via, pending } : { via: input.via },
  });
  if (pending) return { kind: "next-step", redirectTo: stepUrl(pending), token: session.token, maxAgeMs: policy.absoluteLifetimeMs };
  return { kind: "session", token: session.token, sessionId: session.id, maxAgeMs: policy.absoluteLifetimeMs };
}

/** The response of a route that has just signed the person in: to the dashboard, with a toast. */
export async function redirectSignedIn(result: StartSessionResult, options: { secure: boolean; message: string }) {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeSessionCookie(result.token, { secure: options.secure, maxAgeMs: result.maxAgeMs }));
  if (result.kind === "next-step") return redirect(result.redirectTo, { headers });
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: options.message }));
  return redirect("/admin/dashboard", { headers });
}
