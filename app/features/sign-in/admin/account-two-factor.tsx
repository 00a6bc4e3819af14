/**
 * My account, two-step sign-in: set up an authenticator app, replace it, make new
 * recovery codes or turn it off. Replacing, new codes and turning off need a recent
 * password or code (re-authentication); turning off is refused when the account must
 * have a second factor (administrators, or everyone by the site setting).
 */
import { data, Link, Form, useNavigation } from "react-router";
import { currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import {
  confirmEnrolment,
  factorSummary,
  removeSecondFactors,
  replaceRecoveryCodes,
  startEnrolment,
} from "../../../auth/two-factor.server.ts";
import { twoFactorRequired } from "../second-factor-step.server.ts";
import { EnrolForm, RecoveryCodes } from "../../../components/admin/two-factor.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { ENROL_FIELDS, EnrolSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/account-two-factor";

export const REQUIRED_MESSAGE = "Your account must keep two-step sign-in. To change phones, set up the new one instead.";
const WRONG_CODE = "That code is not right. Check the app shows this account and try the newest code.";

export const meta = () => [{ title: "Two-step sign-in | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const summary = await factorSummary(staff.user.id);
  const replacing = new URL(args.request.url).searchParams.get("replace") === "1";
  const enrolment = !summary.hasApp || replacing ? await startEnrolment(staff.user.id, staff.user.email) : null;
  return {
    ...summary,
    confirmedAt: summary.confirmedAt?.toISOString() ?? null,
    required: await twoFactorRequired(staff.role),
    enrolment: enrolment && { secretGroups: enrolment.secretGroups, qr: enrolment.qr },
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const { ip } = args.context.get(requestInfoContext);
  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const { hasFactor, hasApp } = await factorSummary(staff.user.id);

  if (intent === "enrol") {
    // Replacing an existing factor is a sensitive change; the first one is not.
    if (hasFactor) await requireRecentAuth(args, staff, form);
    const submission = parseForm(form, EnrolSchema, ENROL_FIELDS);
    // The code typed is never shown again.
    const refused = () => data({ intent, reply: signInReply(submission, { _form: WRONG_CODE }) }, { status: 400 });
    if (submission.status !== "success") return refused();
    const codes = await confirmEnrolment(staff.user.id, submission.value.code);
    if (!codes) return refused();
    await recordAudit(actor, "auth.second_factor_enrolled", { entity: "user", entityId: staff.user.id, details: { replaced: hasApp } });
    await notifyStaff(staff.user.id, NOTICES.factorAdded);
    return { codes };
  }
  if (intent === "recovery-codes" && hasFactor) {
    await requireRecentAuth(args, staff, form);
    const codes = await replaceRecoveryCodes(staff.user.id);
    await recordAudit(actor, "auth.recovery_codes_replaced", { entity: "user", entityId: staff.user.id });
    await notifyStaff(staff.user.id, NOTICES.recoveryCodesReplaced);
    return { codes };
  }
  if (intent === "remove" && hasFactor) {
    if (await twoFactorRequired(staff.role)) return data({ intent, reply: refusedForm({ _form: REQUIRED_MESSAGE }) }, { status: 400 });
    await requireRecentAuth(args, staff, form);
    await removeSecondFactors(staff.user.id);
    await recordAudit(actor, "auth.second_factor_removed", { entity: "user", entityId: staff.user.id });
    await notifyStaff(staff.user.id, NOTICES.factorRemoved);
    return redirectWithToast("/admin/account", { type: "success", message: "Two-step sign-in is off." });
  }
  return data({ intent, reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const secondary = "rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const codes = actionData && "codes" in actionData ? actionData.codes : undefined;
  // Whichever form was refused: its message (the page has one place for it).
  const refusal = actionData && "reply" in actionData ? replyFor(actionData, actionData.intent).formError : undefined;
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <p>
        <Link to="/admin/account" className="text-sm font-medium text-brand-700 underline underline-offset-2">My account</Link>
      </p>
      <h1 className="font-display text-3xl font-semibold text-brand-900">Two-step sign-in</h1>
      {refusal && !loaderData.enrolment && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">{refusal}</p>
      )}
      {codes ? (
        <section className={`${card} space-y-4`}>
          <p role="status" className="font-medium text-green-900">Two-step sign-in is on.</p>
          <RecoveryCodes codes={codes} />
          <Link to="/admin/account" className="inline-block font-semibold text-brand-700 underline underline-offset-2">I have saved my codes</Link>
        </section>
      ) : loaderData.enrolment ? (
        <section className={card}>
          <h2 className="font-display text-xl font-semibold text-brand-900">{loaderData.hasApp ? "Set up a new phone" : "Set up an authenticator app"}</h2>
          {loaderData.required && !loaderData.hasFactor && (
            <p className="mt-2 text-sm text-slate-700">Your account needs two-step sign-in.</p>
          )}
          <div className="mt-4">
            <EnrolForm enrolment={loaderData.enrolment} error={refusal} busy={busy} intent="enrol" />
          </div>
        </section>
      ) : (
        <section className={`${card} space-y-4`}>
          <p data-testid="factor-status">
            On: an authenticator app{loaderData.passkeys > 0 ? ` and ${loaderData.passkeys === 1 ? "1 passkey" : `${loaderData.passkeys} passkeys`}` : ""}.{" "}
            {loaderData.recoveryCodesLeft} recovery codes left.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/admin/account/two-factor?replace=1" className={secondary}>Set up a new phone</Link>
            <Form method="post">
              <input type="hidden" name="intent" value="recovery-codes" />
              <button type="submit" className={secondary}>Make new recovery codes</button>
            </Form>
            {!loaderData.required && (
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <button type="submit" aria-describedby={loaderData.passkeys > 0 ? "turn-off-note" : undefined}
                  className="rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
                  Turn off two-step sign-in
                </button>
              </Form>
            )}
          </div>
          {!loaderData.required && loaderData.passkeys > 0 && (
            <p id="turn-off-note" className="text-sm text-slate-600">Turning off two-step sign-in also removes your passkeys.</p>
          )}
        </section>
      )}
    </main>
  );
}
