/**
 * /admin/forgot-password: with mail configured, a staff member asks for a one-time link
 * (1 hour) to choose a new password; the answer is the same whether or not the address
 * is an account. Without mail, the page says whom to ask.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "../forgot-password.server.ts";
import { AccountField } from "../../../components/admin/account-field.tsx";
import { siteOrigin } from "../../../lib/config.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { mailConfigured } from "../../../mail/mailer.server.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { FORGOT_FIELDS, ForgotSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/forgot-password";

export const ASK_AN_ADMINISTRATOR =
  "This site cannot send email yet, so a password cannot be reset from here. Ask an administrator: they can make you a reset link from the Users screen.";
export const RESET_SENT = "If that address belongs to a staff account, we have emailed it a link to choose a new password. The link works once, for 1 hour.";

export const meta = () => [
  { title: "Forgot password | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return { mail: mailConfigured() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), ForgotSchema, FORGOT_FIELDS);
  const refused = (errors: Record<string, string>, init: ResponseInit) => data({ intent: "forgot-password", reply: signInReply(submission, errors) }, init);
  const email = submission.status === "success" ? submission.value.email : "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    return refused({ email: "Enter your email address, like name@example.org" }, { status: 400 });
  }
  const { ip } = context.get(requestInfoContext);
  const result = await requestPasswordReset({ email, ip, origin: siteOrigin() });
  if (result.ok) return { sent: true };
  if (result.reason === "limited") {
    const minutes = Math.max(1, Math.ceil((result.retryAfterS ?? 60) / 60));
    return refused(
      { _form: `Too many requests from your connection. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.` },
      { status: 429, headers: { "Retry-After": String(result.retryAfterS ?? 60) } },
    );
  }
  return refused({ _form: ASK_AN_ADMINISTRATOR }, { status: 503 });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData;
  // The page has one place for a refusal: under the address.
  const { error, formError, value } = replyFor(actionData && "reply" in actionData ? actionData : undefined, "forgot-password");
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <h1 className="text-center font-display text-3xl font-semibold text-brand-800">Forgot password</h1>
        {!loaderData.mail ? (
          <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-slate-700" data-testid="ask-an-administrator">
            {ASK_AN_ADMINISTRATOR}
          </p>
        ) : sent ? (
          <p role="status" className="mt-6 rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900">
            {RESET_SENT} Check your inbox (and spam folder).
          </p>
        ) : (
          <>
            <p className="mt-2 text-center text-slate-600">Enter the email you sign in with. We will email you a link to choose a new password.</p>
            <Form method="post" className="mt-8 space-y-5" noValidate>
              <AccountField name="email" label="Email" type="email" autoComplete="username" defaultValue={value("email")} error={error("email") ?? formError} />
              <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
                {busy ? "Sending..." : "Email me a reset link"}
              </button>
            </Form>
          </>
        )}
        <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm">
          <Link to="/admin/login" className="font-medium text-brand-700 underline underline-offset-2">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
