import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { consumeLink, findValidLink } from "../../../auth/one-time-links.server.ts";
import { checkNewPassword } from "../new-password.server.ts";
import { redirectSignedIn, startSessionAfterLink } from "../start-session.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { countAdministrators, createUser, StaffError, EmailSchema, NewPasswordSchema } from "../../staff/index.ts";
import { requestInfoContext } from "../../../lib/request-context.ts";
import { AccountField } from "../../../components/admin/account-field.tsx";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { signInReply } from "../forms.schema.ts";
import type { Route } from "./+types/setup";

const SETUP_FIELDS = ["email", "password", "confirm"] as const;
const SetupSchema = z
  .object({ email: EmailSchema, password: NewPasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match" });

export const meta = () => [{ title: "Create the first administrator | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

async function linkIsUsable(token: string) {
  return (await findValidLink(token, ["setup"])) !== null && (await countAdministrators()) === 0;
}

export async function loader({ params }: Route.LoaderArgs) {
  if (!(await linkIsUsable(params.token))) throw data({ expired: true }, { status: 410 });
  return { ok: true };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!(await linkIsUsable(params.token))) throw data({ expired: true }, { status: 410 });
  const submission = parseForm(await request.formData(), SetupSchema, SETUP_FIELDS);
  // The email is shown again; the passwords never are.
  const refused = (errors: Record<string, string> = {}) => data({ intent: "setup", reply: signInReply(submission, errors) }, { status: 400 });
  if (submission.status !== "success") return refused();
  const { email, password } = submission.value;
  const problem = await checkNewPassword(password, email);
  if (problem) return refused({ password: problem });
  if (!(await consumeLink(params.token, ["setup"]))) throw data({ expired: true }, { status: 410 });
  const { ip, secure } = context.get(requestInfoContext);
  let user: { id: string; email: string };
  try {
    user = await createUser({ email, password, role: "administrator" });
    await recordAudit({ userId: user.id, email: user.email, ip }, "staff.first_administrator_created", {
      entity: "user",
      entityId: user.id,
    });
  } catch (error) {
    if (error instanceof StaffError) {
      return refused({ email: error.message });
    }
    throw error;
  }
  // The new administrator is signed in and lands on the dashboard.
  const started = await startSessionAfterLink({ user, via: "setup", request, ip, secure });
  return redirectSignedIn(started, { secure, message: "The administrator account has been created. You are signed in." });
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { error, value } = replyFor(actionData, "setup");
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-display text-3xl font-semibold">Create the first administrator</h1>
      <p className="mt-2 text-slate-600">
        This one-time link sets up the admin account for the Millbrook Community Foundation website.
      </p>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <AccountField name="email" label="Email" type="email" autoComplete="email" defaultValue={value("email")} error={error("email")} />
        <AccountField name="password" label="Password (at least 12 characters)" type="password" autoComplete="new-password" minLength={12} error={error("password")} />
        <AccountField name="confirm" label="Confirm password" type="password" autoComplete="new-password" error={error("confirm")} />
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? "Creating..." : "Create administrator"}
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">This setup link no longer works</h1>
      <p className="mt-3 text-slate-600">
        It has been used already or has expired. Restart the server to print a new link while no administrator exists,
        or sign in at <a className="underline" href="/admin/login">the admin login</a>.
      </p>
    </main>
  );
}
