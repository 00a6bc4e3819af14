/**
 * /admin/enrol/:token: after an administrator (or `npm run reset-two-factor`) reset an
 * account's second factor, the one-time link sent to the owner, with their password,
 * leads to the enrolment step. The password alone no longer does.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { signInWithEnrolLink } from "../login.server.ts";
import { findValidLink } from "../../../auth/one-time-links.server.ts";
import { readSessionToken, serializeSessionCookie } from "../../../auth/session.server.ts";
import { AccountField } from "../../../components/admin/account-field.tsx";
import { findUserById } from "../../staff/index.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { ENROL_LINK_FIELDS, EnrolLinkSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/enrol-link";

export const WRONG_PASSWORD = "That password is not right. Please try again.";
const BUSY = "Server is busy. Please wait a moment and try again.";

export const meta = () => [
  { title: "Set up two-step sign-in again | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const link = await findValidLink(params.token, ["enrol"]);
  const user = link?.user_id ? await findUserById(link.user_id) : null;
  if (!link || !user) throw data({ expired: true }, { status: 410 });
  return { email: user.email };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { ip, secure } = context.get(requestInfoContext);
  const submission = parseForm(await request.formData(), EnrolLinkSchema, ENROL_LINK_FIELDS);
  // The password is never shown again.
  const refused = (errors: Record<string, string>, init: ResponseInit) => data({ intent: "enrol-link", reply: signInReply(submission, errors) }, init);
  const result = await signInWithEnrolLink({
    token: params.token,
    password: submission.status === "success" ? submission.value.password : "",
    ip,
    userAgent: request.headers.get("User-Agent"),
    previousToken: readSessionToken(request, secure),
  });
  if (result.ok) {
    return redirect("/admin/login/enrol", { headers: { "Set-Cookie": serializeSessionCookie(result.token, { secure, maxAgeMs: result.maxAgeMs }) } });
  }
  if (result.reason === "expired") throw data({ expired: true }, { status: 410 });
  const retryAfter = String(Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
  return result.reason === "throttled"
    ? refused({ _form: BUSY }, { status: 429, headers: { "Retry-After": retryAfter } })
    : refused({ password: WRONG_PASSWORD }, { status: 401 });
}

export default function EnrolLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { error, formError } = replyFor(actionData, "enrol-link");
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-display text-3xl font-semibold">Set up two-step sign-in again</h1>
      <p className="mt-2 text-slate-600">
        The two-step sign-in of <strong>{loaderData.email}</strong> was reset. Enter your password, then set up your
        authenticator app or a passkey. This link works once.
      </p>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <AccountField name="password" label="Password" type="password" autoComplete="current-password" error={error("password") ?? formError} />
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? "Checking..." : "Continue"}
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <title>Link no longer valid | Millbrook Community Foundation</title>
      <h1 className="font-display text-3xl font-semibold">This link no longer works</h1>
      <p className="mt-3 text-slate-600">
        It has been used already or has expired. Ask an administrator to reset your two-step sign-in again, or go to{" "}
        <a className="underline" href="/admin/login">the admin login</a>.
      </p>
    </main>
  );
}
