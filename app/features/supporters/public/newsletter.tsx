/** /newsletter: the signup's answer (posts from the footer and /news land here), and the form itself. */
import { data } from "react-router";
import { readReply } from "../../../components/site/form-kit.tsx";
import { refusedForm } from "../../../lib/form-submission.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { siteOrigin } from "../../../lib/config.server.ts";
import { readForm, FORM_LIMITS } from "../../../storage/upload.server.ts";
import { SignupForm } from "../signup-form.tsx";
import { requestSignup, type SignupResult } from "../subscriptions.server.ts";
import type { Route } from "./+types/newsletter";

export const meta = () => [
  { title: "Email news | Millbrook Community Foundation" },
  { name: "description", content: "Sign up for Millbrook Community Foundation's email news: we send a link to confirm your address first." },
];

export function loader() {
  return { ok: true };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFileSize: 4096, maxTotalSize: 4096 });
  if (!read.ok) return data<SignupResult>({ status: "refused", reply: refusedForm({ email: "The form could not be read." }) }, { status: 400 });
  const form = read.formData;
  const source = form.get("source") === "news" ? "Newsletter signup on the news page" : "Newsletter signup in the site footer";
  const result = await requestSignup({ email: form.get("email"), firstName: form.get("firstName"), source, origin: siteOrigin(), ip: context.get(requestInfoContext).ip });
  const status = result.status === "refused" ? ("limited" in result.reply ? 429 : 400) : result.status === "mail-off" ? 503 : 200;
  return data<SignupResult>(result, { status, headers: { "Cache-Control": "private, no-store" } });
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const { errors, text, limited } = readReply(result?.status === "refused" ? result.reply : undefined);
  return (
    <div className="bg-linear-to-b from-brand-50 to-white px-4 pt-36 pb-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        <h1 className="font-display text-4xl font-semibold text-brand-900">Email news</h1>
        {result?.status === "check-email" ? (
          <div role="status" className="mt-4 space-y-3 text-lg" data-testid="signup-answer">
            <p>
              <strong>Nearly done: please check your email.</strong> We are sending a link to <strong className="break-all">{result.email}</strong>. You are
              subscribed only when you follow it.
            </p>
            <p className="text-slate-700">If nothing arrives in a few minutes, look in your spam folder.</p>
          </div>
        ) : result?.status === "mail-off" ? (
          <p role="status" className="mt-4 rounded-2xl bg-sun-100 p-4 text-lg font-semibold" data-testid="signup-answer">
            Signing up needs email to be switched on for this site, and it is not yet. Nothing was saved. You can read our news on the{" "}
            <a href="/news" className="underline">
              news page
            </a>
            .
          </p>
        ) : limited ? (
          <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-semibold text-red-900">
            There have been several signups from here in a short time. Please try again in an hour.
          </p>
        ) : (
          <div className="mt-6">
            <SignupForm source="news" errors={errors} values={{ email: text("email"), firstName: text("firstName") }} />
          </div>
        )}
      </div>
    </div>
  );
}
