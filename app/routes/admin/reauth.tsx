/**
 * Re-authentication: before a sensitive action the server sends the staff member here
 * when their password or second factor was last checked more than 10 minutes ago. The
 * password, a code from their app, or one of their passkeys marks the session verified
 * now; then back.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { currentStaff } from "../../auth/guards.server.ts";
import { verifyPasskey } from "../../auth/passkeys.server.ts";
import { verifyPassword } from "../../auth/password.server.ts";
import { safeRedirect } from "../../auth/redirect.ts";
import { markSessionVerified } from "../../auth/session.server.ts";
import { reserveSignInAttempt, restartBlocks, settleSuccessfulSignIn, throttleKeys } from "../../auth/throttle.server.ts";
import { factorSummary, verifySecondFactor } from "../../auth/two-factor.server.ts";
import { PasskeyButton } from "../../components/admin/passkey-button.tsx";
import { recordAudit } from "../../domain/audit/audit.server.ts";
import { findUserById } from "../../domain/staff/staff.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { toastCookie } from "../../lib/toast.server.ts";
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
  const { ip } = args.context.get(requestInfoContext);
  const form = await args.request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const password = String(form.get("password") ?? "").slice(0, 1000);
  const code = String(form.get("code") ?? "").slice(0, 100);
  const keys = throttleKeys(staff.user.email, ip);
  // Counted before the check, atomically (parallel guesses queue here).
  const attempt = await reserveSignInAttempt(keys);
  if (!attempt.allowed) return data({ error: "Too many attempts. Please wait a moment and try again." }, { status: 429 });

  const user = await findUserById(staff.user.id);
  let method: string | null = null;
  if (form.get("intent") === "passkey") {
    const response = String(form.get("response") ?? "");
    const result = await verifyPasskey({ purpose: "reauth", sessionId: staff.sessionId, userId: staff.user.id, response }, args.request);
    if (result.ok) method = "passkey";
  } else if (password && user?.password_hash && (await verifyPassword(password, user.password_hash))) method = "password";
  else if (!password && code) method = await verifySecondFactor(staff.user.id, code);

  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  if (!method) {
    await restartBlocks(attempt.blocks);
    await recordAudit(actor, "auth.reauthentication_failed", { entity: "session", entityId: staff.sessionId });
    return data({ error: REAUTH_FAILED }, { status: 400 });
  }
  await settleSuccessfulSignIn(keys);
  await markSessionVerified(staff.sessionId);
  await recordAudit(actor, "auth.reauthenticated", { entity: "session", entityId: staff.sessionId, details: { method } });
  return redirect(redirectTo, { headers: { "Set-Cookie": await toastCookie({ type: "success", message: "Thank you. You can continue now." }) } });
}

const field = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

export default function Reauth({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
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
