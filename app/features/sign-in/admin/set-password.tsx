import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { consumeLink, findValidLink } from "../../../auth/one-time-links.server.ts";
import { checkNewPassword } from "../new-password.server.ts";
import { deleteSessionsOfUser } from "../../../auth/session.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { NewPasswordSchema, findUserById, setPassword } from "../../staff/index.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { redirectSignedIn, startSessionAfterLink } from "../start-session.server.ts";
import { AccountField } from "../../../components/admin/account-field.tsx";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/set-password";

const SET_PASSWORD_FIELDS = ["password", "confirm"] as const;
const SetPasswordSchema = z
  .object({ password: NewPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match" });

export const meta = () => [
  { title: "Set your password | Millbrook Community Foundation" },
  { name: "robots", content: "noindex" },
];

/** The link's account, or a 410 when the link is used, expired or unknown. */
async function accountFor(token: string) {
  const link = await findValidLink(token, ["invite", "reset"]);
  const user = link?.user_id ? await findUserById(link.user_id) : null;
  if (!link || !user) throw data({ expired: true }, { status: 410 });
  return { link, user };
}

export async function loader({ params }: Route.LoaderArgs) {
  const { link, user } = await accountFor(params.token);
  return { email: user.email, purpose: link.purpose };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user } = await accountFor(params.token);
  const submission = parseForm(await request.formData(), SetPasswordSchema, SET_PASSWORD_FIELDS);
  // The passwords are never shown again.
  const refused = (errors: Record<string, string> = {}) => data({ intent: "set-password", reply: signInReply(submission, errors) }, { status: 400 });
  if (submission.status !== "success") return refused();
  const { password } = submission.value;
  const problem = await checkNewPassword(password, user.email);
  if (problem) return refused({ password: problem });
  const link = await consumeLink(params.token, ["invite", "reset"]);
  if (!link || link.user_id !== user.id) throw data({ expired: true }, { status: 410 });
  await setPassword(user.id, password);
  // A new password ends every existing session of the account.
  await deleteSessionsOfUser(user.id);
  const { ip, secure } = context.get(requestInfoContext);
  await recordAudit({ userId: user.id, email: user.email, ip }, "auth.password_set", {
    entity: "user",
    entityId: user.id,
    details: { via: link.purpose },
  });
  // The link and the new password prove who this is: straight to the dashboard, signed in.
  const started = await startSessionAfterLink({ user, via: link.purpose === "invite" ? "invite" : "reset", request, ip, secure });
  return redirectSignedIn(started, { secure, message: "Your password has been set. You are signed in." });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { error } = replyFor(actionData, "set-password");
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-display text-3xl font-semibold">Set your password</h1>
      <p className="mt-2 text-slate-600">
        Choose a password for <strong>{loaderData.email}</strong> to sign in to the Millbrook Community Foundation admin
        area.
      </p>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <AccountField name="password" label="New password (at least 12 characters)" type="password" autoComplete="new-password" minLength={12} error={error("password")} />
        <AccountField name="confirm" label="Confirm password" type="password" autoComplete="new-password" error={error("confirm")} />
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? "Saving..." : "Set password"}
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
        It has been used already or has expired. Ask an administrator for a new link, or go to{" "}
        <a className="underline" href="/admin/login">the admin login</a>.
      </p>
    </main>
  );
}
