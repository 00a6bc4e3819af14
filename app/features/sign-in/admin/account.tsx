/**
 * My account: change one's own password (the current one is required), see the second
 * factor's state, and see and end one's sessions (device, address, last seen).
 */
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { currentStaff } from "../../../auth/guards.server.ts";
import { endOtherSessions, endOwnSession, listOwnSessions } from "../../../auth/own-sessions.server.ts";
import { checkNewPassword } from "../new-password.server.ts";
import { verifyPassword } from "../../../auth/password.server.ts";
import { markSessionVerified } from "../../../auth/session.server.ts";
import { reserveSignInAttempt, restartBlocks, settleSuccessfulSignIn, throttleKeys } from "../../../auth/throttle.server.ts";
import { factorSummary } from "../../../auth/two-factor.server.ts";
import { AccountField } from "../../../components/admin/account-field.tsx";
import { TextField } from "../../../components/ui/fields.tsx";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import { NewPasswordSchema, findUserById, setPassword, setStaffName } from "../../staff/index.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { CHANGE_PASSWORD_FIELDS, ChangePasswordSchema, NAME_FIELDS, NameSchema, signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/account";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "Site", label: "My account", order: 40 } };

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";

export const meta = () => [{ title: "My account | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const [sessions, factor, user] = await Promise.all([listOwnSessions(staff.user.id, staff.sessionId), factorSummary(staff.user.id), findUserById(staff.user.id)]);
  return {
    email: staff.user.email,
    name: user?.name ?? "",
    sessions,
    hasFactor: factor.hasFactor,
    hasApp: factor.hasApp,
    passkeys: factor.passkeys,
    recoveryCodesLeft: factor.recoveryCodesLeft,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const { ip } = args.context.get(requestInfoContext);
  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "name") {
    const submission = parseForm(form, NameSchema, NAME_FIELDS);
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    const { name } = submission.value;
    await setStaffName(staff.user.id, name, actor);
    return redirectWithToast("/admin/account", { type: "success", message: name ? "Your name is saved" : "Your name is removed" });
  }

  if (intent === "password") {
    const submission = parseForm(form, ChangePasswordSchema, CHANGE_PASSWORD_FIELDS);
    // No password typed here is ever shown again.
    const refused = (errors: Record<string, string>, status = 400) => data({ intent, reply: signInReply(submission, errors) }, { status });
    // Every field is a string (never refused by shape): the checks below, in their order, are the refusals.
    if (submission.status !== "success") return refused({ current: WRONG_CURRENT_PASSWORD });
    const { current, password, confirm } = submission.value;
    const errors: Record<string, string> = {};
    const keys = throttleKeys(staff.user.email, ip);
    // Counted before the check, atomically (parallel guesses queue here).
    const attempt = await reserveSignInAttempt(keys);
    if (!attempt.allowed) return refused({ current: "Too many attempts. Please wait a moment and try again." }, 429);
    const user = await findUserById(staff.user.id);
    if (!current || !user?.password_hash || !(await verifyPassword(current, user.password_hash))) {
      await restartBlocks(attempt.blocks);
      await recordAudit(actor, "auth.password_change_failed", { entity: "user", entityId: staff.user.id });
      return refused({ current: WRONG_CURRENT_PASSWORD });
    }
    await settleSuccessfulSignIn(keys);
    const parsed = NewPasswordSchema.safeParse(password);
    const problem = parsed.success ? await checkNewPassword(password, staff.user.email) : parsed.error.issues[0]?.message;
    if (problem) errors.password = problem;
    else if (password === current) errors.password = "Choose a password different from the current one";
    if (password !== confirm) errors.confirm = "The passwords do not match";
    if (Object.keys(errors).length > 0) return refused(errors);

    await setPassword(staff.user.id, password);
    // Other devices are signed out; this session stays, and counts as just verified.
    const ended = await endOtherSessions(staff.user.id, staff.sessionId);
    await markSessionVerified(staff.sessionId);
    await recordAudit(actor, "auth.password_changed", { entity: "user", entityId: staff.user.id, details: { endedSessions: ended } });
    await notifyStaff(staff.user.id, NOTICES.passwordChanged);
    return redirectWithToast("/admin/account", { type: "success", message: "Your password has been changed. Your other sessions were ended." });
  }

  if (intent === "end-session") {
    const sessionId = String(form.get("sessionId") ?? "");
    if (sessionId === staff.sessionId) return redirect("/admin/logout");
    const ended = await endOwnSession(staff.user.id, sessionId);
    if (!ended) return redirectWithToast("/admin/account", { type: "error", message: "That session had already ended." });
    await recordAudit(actor, "auth.session_ended", { entity: "session", entityId: sessionId });
    return redirectWithToast("/admin/account", { type: "success", message: "The session was ended." });
  }

  if (intent === "end-others") {
    const ended = await endOtherSessions(staff.user.id, staff.sessionId);
    await recordAudit(actor, "auth.sessions_ended", { entity: "user", entityId: staff.user.id, details: { ended } });
    return redirectWithToast("/admin/account", {
      type: "success",
      message: ended === 1 ? "1 other session was ended." : `${ended} other sessions were ended.`,
    });
  }
  return data({ intent, reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

/** "an authenticator app and 2 passkeys". */
function factorList({ hasApp, passkeys }: { hasApp: boolean; passkeys: number }) {
  const parts = [hasApp ? "an authenticator app" : null, passkeys === 1 ? "1 passkey" : passkeys > 1 ? `${passkeys} passkeys` : null];
  return parts.filter(Boolean).join(" and ");
}

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const secondary = "rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const nameReply = replyFor(actionData, "name");
  const passwordReply = replyFor(actionData, "password");
  const others = loaderData.sessions.filter((s) => !s.current).length;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">My account</h1>
      <p className="text-slate-600">
        Signed in as <strong className="break-all">{loaderData.email}</strong>
      </p>

      <section className={card} aria-labelledby="name-title">
        <h2 id="name-title" className="font-display text-xl font-semibold text-brand-900">Your name</h2>
        <Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
          <input type="hidden" name="intent" value="name" />
          <TextField
            name="name"
            id="staff-name"
            label="Name"
            hint="How you sign your news posts, for example Priya Shah."
            optional
            autoComplete="name"
            defaultValue={nameReply.value("name") ?? loaderData.name}
            maxLength={80}
            error={nameReply.error("name")}
          />
          <button type="submit" disabled={busy("name")} className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy("name") ? "Saving..." : "Save name"}
          </button>
        </Form>
      </section>

      <section className={card} aria-labelledby="factor-title">
        <h2 id="factor-title" className="font-display text-xl font-semibold text-brand-900">Two-step sign-in</h2>
        <p className="mt-2 text-slate-700" data-testid="factor-status">
          {loaderData.hasFactor ? `On: ${factorList(loaderData)}. ${loaderData.recoveryCodesLeft} recovery codes left.` : "Off: signing in needs only your password."}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/admin/account/two-factor" className="font-semibold text-brand-700 underline underline-offset-2">
            {loaderData.hasApp ? "Manage two-step sign-in" : loaderData.hasFactor ? "Set up an authenticator app" : "Set up two-step sign-in"}
          </Link>
          <Link to="/admin/account/passkeys" className="font-semibold text-brand-700 underline underline-offset-2">
            {loaderData.passkeys > 0 ? "Manage passkeys" : "Add a passkey"}
          </Link>
        </div>
      </section>

      <section className={card} aria-labelledby="password-title">
        <h2 id="password-title" className="font-display text-xl font-semibold text-brand-900">Change password</h2>
        <Form method="post" className="mt-4 max-w-md space-y-4" noValidate>
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <AccountField name="current" label="Current password" type="password" autoComplete="current-password" error={passwordReply.error("current")} />
          <AccountField name="password" label="New password (at least 12 characters)" type="password" autoComplete="new-password" minLength={12} error={passwordReply.error("password")} />
          <AccountField name="confirm" label="Confirm new password" type="password" autoComplete="new-password" error={passwordReply.error("confirm")} />
          <button type="submit" disabled={busy("password")} className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy("password") ? "Saving..." : "Change password"}
          </button>
        </Form>
      </section>

      <section className={card} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="font-display text-xl font-semibold text-brand-900">Where you're signed in</h2>
        <ul className="mt-3 divide-y divide-slate-100" data-testid="sessions">
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
              <div>
                <p className="font-medium text-ink">
                  {s.device}
                  {s.current && <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">This device</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {s.ip ?? "Unknown address"} · last seen {formatUk(s.lastSeenAt, "date-time")} · signed in {formatUk(s.createdAt, "date-time")}
                </p>
              </div>
              {!s.current && (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button type="submit" className={secondary} aria-label={`End session: ${s.device}, ${s.ip ?? "unknown address"}`}>
                    End session
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 && (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="end-others" />
            <button type="submit" className={secondary} disabled={busy("end-others")}>
              Sign out everywhere else
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
