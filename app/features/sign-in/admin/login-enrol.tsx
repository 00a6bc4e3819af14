/**
 * Sign-in, enrolment step: the account must have a second factor (administrators, or
 * everyone when the site setting says so) and has none. Nothing else is reachable until
 * an authenticator app or a passkey is set up; then the pending session is replaced by a
 * full one (new token) and the recovery codes are shown once.
 */
import { data, Link, useNavigation } from "react-router";
import { registerPasskey } from "../../../auth/passkeys.server.ts";
import { completeEnrolment, enrolledNowContext, requirePendingSession } from "../second-factor-step.server.ts";
import { serializeSessionCookie, sessionPolicy } from "../../../auth/session.server.ts";
import { safeRedirect } from "../../../auth/redirect.ts";
import { confirmEnrolment, replaceRecoveryCodes, startEnrolment } from "../../../auth/two-factor.server.ts";
import { AddPasskey } from "../../../components/admin/passkey-button.tsx";
import { EnrolForm, RecoveryCodes } from "../../../components/admin/two-factor.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { ENROL_FIELDS, EnrolSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/login-enrol";

export const PASSKEY_NOT_ADDED = "The passkey was not added. Please try again.";
export const ENROL_WRONG_CODE = "That code is not right. Check the app shows this account and try the newest code.";

export const meta = () => [
  { title: "Set up two-step sign-in | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  // Without JavaScript the action's page is rendered in the same request, with the old token.
  if (args.context.get(enrolledNowContext)) {
    return { email: "", enrolment: null, redirectTo: safeRedirect(new URL(args.request.url).searchParams.get("redirectTo")) };
  }
  // A full session here has just enrolled (the page shows its recovery codes).
  const { session, redirectTo } = await requirePendingSession(args, "enrol", { allowFull: true });
  if (!session.pending) return { email: session.email, enrolment: null, redirectTo };
  const { secretGroups, qr } = await startEnrolment(session.userId, session.email);
  return { email: session.email, enrolment: { secretGroups, qr }, redirectTo };
}

export async function action(args: Route.ActionArgs) {
  const { session, redirectTo } = await requirePendingSession(args, "enrol");
  const { ip, secure } = args.context.get(requestInfoContext);
  const submission = parseForm(await args.request.formData(), EnrolSchema, ENROL_FIELDS);
  // The app's code and the passkey each answer in their own part of the page.
  const refused = (intent: "code" | "add-passkey", message: string) => data({ intent, reply: signInReply(submission, { _form: message }) }, { status: 400 });
  // Every field is a string (cut, never refused): a wrong code or a refused passkey are the refusals.
  if (submission.status !== "success") return refused("code", ENROL_WRONG_CODE);
  const { code, response, name } = submission.value;
  const actor = { userId: session.userId, email: session.email, ip };
  let codes: string[] | null;
  const viaPasskey = submission.value.intent === "add-passkey";
  if (viaPasskey) {
    const owner = { userId: session.userId, email: session.email, sessionId: session.id };
    const added = await registerPasskey(owner, { response, name }, args.request);
    if (!added.ok) return refused("add-passkey", PASSKEY_NOT_ADDED);
    await recordAudit(actor, "auth.passkey_added", { entity: "user", entityId: session.userId, details: { at: "sign-in", name: added.name } });
    codes = await replaceRecoveryCodes(session.userId);
  } else {
    codes = await confirmEnrolment(session.userId, code);
    if (!codes) return refused("code", ENROL_WRONG_CODE);
    await recordAudit(actor, "auth.second_factor_enrolled", { entity: "user", entityId: session.userId, details: { at: "sign-in" } });
  }
  // A new token: whoever knew the pending one (it was handed out before the second factor) gets nothing.
  const full = await completeEnrolment(session.id, session.userId, { ip, userAgent: args.request.headers.get("User-Agent") });
  args.context.set(enrolledNowContext, true);
  await notifyStaff(session.userId, viaPasskey ? NOTICES.passkeyAdded : NOTICES.factorAdded);
  return data(
    { codes, continueTo: redirectTo, email: session.email },
    { headers: { "Set-Cookie": serializeSessionCookie(full.token, { secure, maxAgeMs: sessionPolicy().absoluteLifetimeMs }) } },
  );
}

export default function LoginEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const enrolled = actionData && "codes" in actionData ? actionData : undefined;
  const refusal = actionData && "reply" in actionData ? actionData : undefined;
  const passkeyError = replyFor(refusal, "add-passkey").formError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="text-center font-display text-3xl font-semibold text-brand-800">Set up two-step sign-in</h1>
        {enrolled || !loaderData.enrolment ? (
          <div className="mt-6 space-y-5">
            <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900">
              Two-step sign-in is on for {enrolled?.email ?? loaderData.email}.
            </p>
            {enrolled && <RecoveryCodes codes={enrolled.codes} />}
            <Link to={loaderData.redirectTo} className="block w-full rounded-lg bg-brand-600 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-700">
              {enrolled ? "I have saved my codes: continue" : "Continue"}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-2 text-center text-slate-600">
              Your account (<strong>{loaderData.email}</strong>) needs a second step at sign-in: a code from an app on your phone, or a passkey.
            </p>
            <div className="mt-6">
              <EnrolForm enrolment={loaderData.enrolment!} error={replyFor(refusal, "code").formError} busy={busy} />
            </div>
            <section aria-labelledby="passkey-heading" className="mt-6 space-y-3 border-t border-slate-200 pt-5">
              <h2 id="passkey-heading" className="font-semibold text-brand-900">Or use a passkey</h2>
              <p className="text-sm text-slate-600">
                A passkey is kept by this device (or your phone or password manager) and unlocked with its PIN, fingerprint or face.
              </p>
              {passkeyError && (
                <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">{passkeyError}</p>
              )}
              <AddPasskey optionsUrl="/admin/login/passkey" />
            </section>
            <form method="post" action="/admin/logout" className="mt-6 border-t border-slate-200 pt-4 text-center">
              <button type="submit" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                Cancel and sign out
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
