/**
 * Sign-in, second step: the password was right and the account has a second factor.
 * A code from the authenticator app, a recovery code or one of the account's passkeys
 * turns the pending session into a full one (new token). Wrong codes are counted per
 * account under their own key (`code-throttle.server.ts`): every fifth one ends the pending
 * session, closes the code step for a growing pause and tells the owner.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { verifyPasskey } from "../../../auth/passkeys.server.ts";
import { completeStep, requirePendingSession } from "../second-factor-step.server.ts";
import { serializeSessionCookie, sessionPolicy } from "../../../auth/session.server.ts";
import { clearCodeFailures, codePauseLeftMs, reserveCodeAttempt } from "../../../auth/code-throttle.server.ts";
import { loginUrl } from "../../../auth/redirect.ts";
import { clearSessionCookie, deleteSession } from "../../../auth/session.server.ts";
import { factorSummary, verifySecondFactor } from "../../../auth/two-factor.server.ts";
import { PasskeyButton } from "../../../components/admin/passkey-button.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff, signInToast } from "../../../domain/security-notices/notices.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { toastCookie } from "../../../lib/toast.server.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { CODE_FIELDS, CodeSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/login-verify";

export const WRONG_CODE = "That code is not right. Check your app and try again, or use a recovery code.";
export const PASSKEY_FAILED = "That passkey did not work. Try again, or enter a code.";

/** Ends the pending session and sends the person back to sign in with their password (later). */
function backToSignIn(sessionId: string, secure: boolean, redirectTo: string) {
  return deleteSession(sessionId).then(() =>
    redirect(`${loginUrl(redirectTo)}${loginUrl(redirectTo).includes("?") ? "&" : "?"}codes=paused`, {
      headers: { "Set-Cookie": clearSessionCookie({ secure }) },
    }),
  );
}

export const meta = () => [
  { title: "Two-step sign-in | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { session, redirectTo } = await requirePendingSession(args, "verify");
  // While the code step of the account is closed, the pending session ends at once.
  if ((await codePauseLeftMs(session.userId)) > 0) throw await backToSignIn(session.id, args.context.get(requestInfoContext).secure, redirectTo);
  const { hasApp, passkeys } = await factorSummary(session.userId);
  return { email: session.email, hasApp, hasPasskeys: passkeys > 0 };
}

export async function action(args: Route.ActionArgs) {
  const { session, redirectTo } = await requirePendingSession(args, "verify");
  const { ip, secure } = args.context.get(requestInfoContext);
  const submission = parseForm(await args.request.formData(), CodeSchema, CODE_FIELDS);
  // The code and the passkey's answer share one message: what the person tried is not repeated.
  const refused = (message: string) => data({ intent: "verify", reply: signInReply(submission, { _form: message }) }, { status: 401 });
  // Every field is a string (cut, never refused): a wrong code is the only refusal.
  if (submission.status !== "success") return refused(WRONG_CODE);
  const { code } = submission.value;
  const passkeyResponse = submission.value.intent === "passkey" ? submission.value.response : null;
  const actor = { userId: session.userId, email: session.email, ip };
  let method: "totp" | "recovery" | "passkey" | null;
  if (passkeyResponse === null) {
    // Counted before the check, atomically (parallel guesses queue here).
    const attempt = await reserveCodeAttempt(session.userId);
    if (!attempt.allowed) return backToSignIn(session.id, secure, redirectTo);
    method = await verifySecondFactor(session.userId, code);
    if (!method) {
      await recordAudit(actor, "auth.second_factor_failed", { entity: "session", entityId: session.id, details: { wrongCodes: attempt.wrongCodes } });
      if (attempt.pauseMs === 0) return refused(WRONG_CODE);
      await recordAudit(actor, "auth.second_factor_paused", {
        entity: "user",
        entityId: session.userId,
        details: { wrongCodes: attempt.wrongCodes, pauseMinutes: Math.round(attempt.pauseMs / 60_000) },
      });
      await notifyStaff(session.userId, NOTICES.wrongCodes(attempt.wrongCodes));
      return backToSignIn(session.id, secure, redirectTo);
    }
  } else {
    // A passkey cannot be guessed; it is refused while the code step is closed, and not counted.
    if ((await codePauseLeftMs(session.userId)) > 0) return backToSignIn(session.id, secure, redirectTo);
    const verified = await verifyPasskey({ purpose: "verify", sessionId: session.id, userId: session.userId, response: passkeyResponse }, args.request);
    method = verified.ok ? "passkey" : null;
    if (!method) {
      await recordAudit(actor, "auth.second_factor_failed", { entity: "session", entityId: session.id, details: { method: "passkey" } });
      return refused(PASSKEY_FAILED);
    }
  }
  await clearCodeFailures(session.userId);
  const full = await completeStep(session.id, session.userId, { ip, userAgent: args.request.headers.get("User-Agent") });
  await recordAudit(actor, "auth.second_factor_verified", { entity: "session", entityId: full.id, details: { method } });
  const headers = new Headers();
  headers.append("Set-Cookie", serializeSessionCookie(full.token, { secure, maxAgeMs: sessionPolicy().absoluteLifetimeMs }));
  let toast = await signInToast(session.userId);
  if (method === "recovery") {
    const { recoveryCodesLeft } = await factorSummary(session.userId);
    toast = {
      type: "info",
      message: `You signed in with a recovery code. ${recoveryCodesLeft} left: make new ones from My account.`,
    };
  }
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(redirectTo, { headers });
}

export default function LoginVerify({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = replyFor(actionData, "verify").formError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="text-center font-display text-3xl font-semibold text-brand-800">Two-step sign-in</h1>
        <p className="mt-2 text-center text-slate-600">
          {loaderData.hasApp ? "Enter the 6-digit code from your authenticator app" : "Use your passkey, or enter a recovery code,"} for{" "}
          <strong>{loaderData.email}</strong>.
        </p>
        {loaderData.hasPasskeys && (
          <div className="mt-6">
            <PasskeyButton
              ceremony="authenticate"
              optionsUrl="/admin/login/passkey"
              purpose="verify"
              intent="passkey"
              label="Use a passkey"
              className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            />
          </div>
        )}
        <Form method="post" className="mt-8 space-y-5" noValidate>
          <div>
            <label htmlFor="code" className="block font-medium text-slate-800">
              Code
            </label>
            <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={20} autoFocus
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono tracking-widest"
              aria-invalid={error ? true : undefined} aria-describedby={error ? "code-error" : "code-help"} />
            <p id="code-help" className="mt-1 text-sm text-slate-600">
              {loaderData.hasApp ? "Lost your phone? Enter one of your recovery codes instead." : "Lost your passkey? Enter one of your recovery codes."}
            </p>
          </div>
          {error && (
            <p id="code-error" role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy ? "Checking..." : "Verify"}
          </button>
        </Form>
        <form method="post" action="/admin/logout" className="mt-6 border-t border-slate-200 pt-4 text-center">
          <button type="submit" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Cancel and sign out
          </button>
        </form>
      </div>
    </main>
  );
}
