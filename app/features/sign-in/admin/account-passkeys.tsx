/**
 * My account, passkeys: the staff member's passkeys (name, created, last used), adding
 * one and removing one. Adding one to an account that already has a second factor, and
 * removing one, need a recent password, code or passkey (re-authentication). The last
 * second factor of an account that must have one cannot be removed. A first passkey also
 * brings ten recovery codes (shown once).
 */
import { data, Form, Link, useNavigation } from "react-router";
import { currentStaff } from "../../../auth/guards.server.ts";
import { listPasskeys, registerPasskey, removePasskey } from "../../../auth/passkeys.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { factorSummary, removeSecondFactors, replaceRecoveryCodes } from "../../../auth/two-factor.server.ts";
import { twoFactorRequired } from "../second-factor-step.server.ts";
import { AddPasskey } from "../../../components/admin/passkey-button.tsx";
import { RecoveryCodes } from "../../../components/admin/two-factor.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { ADD_PASSKEY_FIELDS, AddPasskeySchema, REMOVE_PASSKEY_FIELDS, RemovePasskeySchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/account-passkeys";
import { formatUk } from "../../../lib/uk-time.ts";

export const LAST_FACTOR_MESSAGE = "Your account must keep two-step sign-in. Add another passkey or an authenticator app before removing this one.";
export const PASSKEY_NOT_ADDED = "The passkey was not added. Please try again.";

export const meta = () => [{ title: "Passkeys | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const passkeys = await listPasskeys(staff.user.id);
  return {
    passkeys: passkeys.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const { ip } = args.context.get(requestInfoContext);
  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const summary = await factorSummary(staff.user.id);

  if (intent === "add-passkey") {
    // A further way in is a sensitive change; the first second factor is not.
    if (summary.hasFactor) await requireRecentAuth(args, staff, form);
    const submission = parseForm(form, AddPasskeySchema, ADD_PASSKEY_FIELDS);
    // The browser's answer is never carried back (signInReply leaves it out).
    const refused = () => data({ intent, reply: signInReply(submission, { _form: PASSKEY_NOT_ADDED }) }, { status: 400 });
    if (submission.status !== "success") return refused();
    const owner = { userId: staff.user.id, email: staff.user.email, sessionId: staff.sessionId };
    const added = await registerPasskey(owner, { response: submission.value.response, name: submission.value.name }, args.request);
    if (!added.ok) return refused();
    await recordAudit(actor, "auth.passkey_added", { entity: "user", entityId: staff.user.id, details: { name: added.name } });
    await notifyStaff(staff.user.id, NOTICES.passkeyAdded);
    if (!summary.hasFactor) return { codes: await replaceRecoveryCodes(staff.user.id) };
    return redirectWithToast("/admin/account/passkeys", { type: "success", message: `Passkey added: ${added.name}.` });
  }

  if (intent === "remove") {
    const submission = parseForm(form, RemovePasskeySchema, REMOVE_PASSKEY_FIELDS);
    const lastFactor = !summary.hasApp && summary.passkeys <= 1;
    if (lastFactor && (await twoFactorRequired(staff.role))) return data({ intent, reply: signInReply(submission, { _form: LAST_FACTOR_MESSAGE }) }, { status: 400 });
    await requireRecentAuth(args, staff, form);
    const name = submission.status === "success" ? await removePasskey(staff.user.id, submission.value.passkeyId) : null;
    if (!name) return redirectWithToast("/admin/account/passkeys", { type: "error", message: "That passkey had already been removed." });
    // Without any second factor left, the recovery codes have nothing to stand in for.
    if (lastFactor) await removeSecondFactors(staff.user.id);
    await recordAudit(actor, "auth.passkey_removed", { entity: "user", entityId: staff.user.id, details: { name } });
    await notifyStaff(staff.user.id, NOTICES.passkeyRemoved);
    return redirectWithToast("/admin/account/passkeys", { type: "success", message: `Passkey removed: ${name}.` });
  }
  return data({ intent, reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

export default function AccountPasskeys({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";
  const codes = actionData && "codes" in actionData ? actionData.codes : undefined;
  // Whichever form was refused: its message (the page has one place for it).
  const refusal = actionData && "reply" in actionData ? replyFor(actionData, actionData.intent).formError : undefined;
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <p>
        <Link to="/admin/account" className="text-sm font-medium text-brand-700 underline underline-offset-2">My account</Link>
      </p>
      <h1 className="font-display text-3xl font-semibold text-brand-900">Passkeys</h1>
      <p className="text-slate-700">
        A passkey signs you in without your password: this device (or your phone or password manager) keeps it, and its PIN,
        fingerprint or face unlocks it. After a password it also works as your second step.
      </p>
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">{refusal}</p>
      )}
      {codes && (
        <section className={`${card} space-y-4`}>
          <p role="status" className="font-medium text-green-900">Two-step sign-in is on.</p>
          <RecoveryCodes codes={codes} />
        </section>
      )}

      <section className={card} aria-labelledby="passkeys-title">
        <h2 id="passkeys-title" className="font-display text-xl font-semibold text-brand-900">Your passkeys</h2>
        {loaderData.passkeys.length === 0 ? (
          <p className="mt-2 text-slate-600">You have no passkeys yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="passkeys">
            {loaderData.passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey-row">
                <div className="min-w-0">
                  <p className="break-words font-medium text-ink">{p.name}</p>
                  <p className="text-sm text-slate-600">
                    Added {formatUk(p.createdAt, "date-time")} · {p.lastUsedAt ? `last used ${formatUk(p.lastUsedAt, "date-time")}` : "not used yet"}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="passkeyId" value={p.id} />
                  <button
                    type="submit"
                    disabled={removing}
                    aria-label={`Remove passkey: ${p.name}`}
                    className="rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {loaderData.passkeys.length > 0 && (
          <Form method="post" action="/admin/account/two-factor" className="mt-3">
            <input type="hidden" name="intent" value="recovery-codes" />
            <button type="submit" className="rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Make new recovery codes
            </button>
          </Form>
        )}
      </section>

      <section className={card} aria-labelledby="add-title">
        <h2 id="add-title" className="font-display text-xl font-semibold text-brand-900">Add a passkey</h2>
        <div className="mt-3 max-w-md">
          <AddPasskey optionsUrl="/admin/passkey-options" />
        </div>
      </section>
    </main>
  );
}
