/**
 * Re-authentication: before a sensitive action the server sends the staff member here
 * when their password or second factor was last checked more than 10 minutes ago. The
 * password, a code from their app, or one of their passkeys marks the session verified
 * now; then back. When the sensitive action kept its form, the page sends it again at
 * once (with JavaScript) or offers it ready to confirm with one button (without).
 */
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { takePendingAction } from "../../../auth/reauth-resume.server.ts";
import { currentStaff } from "../../../auth/guards.server.ts";
import { verifyPasskey } from "../../../auth/passkeys.server.ts";
import { verifyPassword } from "../../../auth/password.server.ts";
import { safeRedirect } from "../../../auth/redirect.ts";
import { markSessionVerified } from "../../../auth/session.server.ts";
import { reserveSignInAttempt, restartBlocks, settleSuccessfulSignIn, throttleKeys } from "../../../auth/throttle.server.ts";
import { factorSummary, verifySecondFactor } from "../../../auth/two-factor.server.ts";
import { PasskeyButton } from "../../../components/admin/passkey-button.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { findUserById } from "../../staff/index.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { toastCookie } from "../../../lib/toast.server.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { REAUTH_FIELDS, ReauthSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/reauth";

export const REAUTH_FAILED = "That did not match. Please try again.";

export const meta = () => [{ title: "Confirm it's you | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const { hasApp, passkeys } = await factorSummary(staff.user.id);
  return {
    email: staff.user.email,
    hasFactor: hasApp,
    hasPasskeys: passkeys > 0,
    redirectTo: safeRedirect(new URL(args.request.url).searchParams.get("redirectTo")),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const { ip, secure } = args.context.get(requestInfoContext);
  const submission = parseForm(await args.request.formData(), ReauthSchema, REAUTH_FIELDS);
  // One message for the password, the code and the passkey; nothing typed is shown again.
  const refused = (message: string, status: number) => data({ intent: "reauth", reply: signInReply(submission, { _form: message }) }, { status });
  // Every field is a string (cut, never refused): the throttle and the checks below are the refusals.
  if (submission.status !== "success") return refused(REAUTH_FAILED, 400);
  const { password, code, intent, response } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo);
  const keys = throttleKeys(staff.user.email, ip);
  // Counted before the check, atomically (parallel guesses queue here).
  const attempt = await reserveSignInAttempt(keys);
  if (!attempt.allowed) return refused("Too many attempts. Please wait a moment and try again.", 429);

  const user = await findUserById(staff.user.id);
  let method: string | null = null;
  if (intent === "passkey") {
    const result = await verifyPasskey({ purpose: "reauth", sessionId: staff.sessionId, userId: staff.user.id, response }, args.request);
    if (result.ok) method = "passkey";
  } else if (password && user?.password_hash && (await verifyPassword(password, user.password_hash))) method = "password";
  else if (!password && code) method = await verifySecondFactor(staff.user.id, code);

  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  if (!method) {
    await restartBlocks(attempt.blocks);
    await recordAudit(actor, "auth.reauthentication_failed", { entity: "session", entityId: staff.sessionId });
    return refused(REAUTH_FAILED, 400);
  }
  await settleSuccessfulSignIn(keys);
  await markSessionVerified(staff.sessionId);
  await recordAudit(actor, "auth.reauthenticated", { entity: "session", entityId: staff.sessionId, details: { method } });
  const { pending, clear } = await takePendingAction(args.request, staff.sessionId, secure);
  if (pending) {
    // What the person was doing: sent again from the page (no second click with JavaScript).
    return data({ resume: pending }, { headers: { "Set-Cookie": clear! } });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await toastCookie({ type: "success", message: "Thank you. You can continue now." }));
  if (clear) headers.append("Set-Cookie", clear);
  return redirect(redirectTo, { headers });
}

const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

/** After the check: the kept action, sent again at once; without JavaScript, one button sends it. */
function Resume({ resume }: { resume: { action: string; fields: [string, string][] } }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !form.current) return;
    sent.current = true;
    void submit(form.current, { method: "post", action: resume.action });
  }, [resume, submit]);
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Confirm it's you</h1>
      <p role="status" className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900">
        Thank you. {busy ? "Finishing what you started..." : "Continue to finish what you started."}
      </p>
      <Form ref={form} method="post" action={resume.action} className="mt-6">
        {resume.fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          Continue
        </button>
      </Form>
    </main>
  );
}

export default function Reauth({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "resume" in actionData) return <Resume resume={actionData.resume} />;
  const error = replyFor(actionData, "reauth").formError;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Confirm it's you</h1>
      <p className="mt-2 text-slate-600">
        This action changes access or personal data. Enter your password{loaderData.hasFactor ? ", or a code from your authenticator app," : ""} to continue.
        {loaderData.hasPasskeys ? " Or use one of your passkeys." : ""}
      </p>
      {loaderData.hasPasskeys && (
        <div className="mt-6">
          <PasskeyButton
            ceremony="authenticate"
            optionsUrl="/admin/passkey-options"
            purpose="reauth"
            intent="passkey"
            label="Use a passkey"
            fields={{ redirectTo: loaderData.redirectTo }}
          />
        </div>
      )}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <div>
          <label htmlFor="password" className="font-medium">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" className={field}
            aria-invalid={error ? true : undefined} aria-describedby={error ? "reauth-error" : undefined} />
        </div>
        {loaderData.hasFactor && (
          <div>
            <label htmlFor="code" className="font-medium">Or a code from your authenticator app</label>
            <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} className={`${field} font-mono tracking-widest`} />
          </div>
        )}
        {error && <p id="reauth-error" role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">{error}</p>}
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? "Checking..." : "Continue"}
        </button>
      </Form>
    </main>
  );
}
