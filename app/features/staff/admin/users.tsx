import { PERMISSION_LABELS, STAFF_PERMISSIONS } from "../../../auth/access.ts";
import { siteOrigin } from "../../../lib/config.server.ts";
import { useForm } from "@conform-to/react";
import { useState } from "react";
import { data, Form, useLocation, useNavigation } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { DiagnosticsPanels } from "../../../components/admin/diagnostics-panels.tsx";
import { Dialog } from "../../../components/admin/kit/dialog.tsx";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Table } from "../../../components/admin/kit/table.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { resetSecondFactor, TwoFactorResetError } from "../two-factor-admin.server.ts";
import { OneTimeLinkPanel } from "../../../components/admin/one-time-link-panel.tsx";
import { runDiagnostics } from "../../../system/diagnostics.server.ts";
import { ACCESS_FIELDS, AccessFormSchema, RoleSchema } from "../staff.schema.ts";
import { parseForm, refusedForm, type FormReply } from "../../../lib/form-submission.ts";
import { redirectWithToast, toastCookie, type Toast } from "../../../lib/toast.server.ts";
import { ACCOUNT_ACCESS, accountsPath, parseAccountFilters } from "../account-filters.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import {
  countAdministrators,
  createPasswordReset,
  findUserByEmail,
  grantAccess,
  inviteUser,
  listAccounts,
  revokeAccess,
  setRole,
  StaffError,
  setPermission,
} from "../staff.server.ts";
import { logger } from "../../../lib/logger.server.ts";
import type { Route } from "./+types/users";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Users", order: 30 } };

export const meta = () => [{ title: "Users | Millbrook Admin" }];

const ROLE_LABEL = { administrator: "Administrator", editor: "Editor" } as const;

export async function loader(args: Route.LoaderArgs) {
  const filters = parseAccountFilters(new URL(args.request.url).searchParams);
  const { items, total, page, pages } = await listAccounts(filters);
  return {
    me: currentStaff(args).user.id,
    filters: { ...filters, page },
    total,
    pages,
    accounts: items.map((a) => ({
      id: a.id,
      email: a.email,
      role: a.role,
      permissions: a.permissions,
      hasPassword: a.hasPassword,
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

/**
 * What an administrator is told when a change fails: the rule that refused it, never a
 * database error (which would show table and column names); those go to the log.
 */
const reason = (error: unknown) => {
  if (error instanceof StaffError) return error.message;
  logger.error({ err: error }, "staff change failed");
  return "Something went wrong. Nothing was changed; please try again.";
};

/** An answer that stays on the screen (a refusal, a one-time link, the diagnostics) with its toast. */
async function answer<T>(body: T, toast: Toast, status = 200) {
  return data(body, { status, headers: { "Set-Cookie": await toastCookie(toast) } });
}

/** A refused change: the message in the screen's notice and in a toast; nothing changed. */
const refuse = (message: string, status = 400) => answer(refusedForm({ _form: message }), { type: "error", message }, status);

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const origin = siteOrigin();
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  // Back to the page of the list the form was sent from.
  const done = (message: string) => redirectWithToast(accountsPath(parseAccountFilters(new URL(args.request.url).searchParams)), { type: "success", message });

  // Access changes and reset links need the password or a code from the last 10 minutes.
  if (["access", "grant", "invite", "role", "revoke", "reset", "permission", "two-factor"].includes(intent)) await requireRecentAuth(args, currentStaff(args), form);

  switch (intent) {
    // One form: an existing account gets access at once, a new address an invitation.
    case "access":
    case "grant":
    case "invite": {
      const submission = parseForm(form, AccessFormSchema, ACCESS_FIELDS);
      if (submission.status !== "success") {
        const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please enter an email address";
        return answer(submission.reply(), { type: "error", message }, 400);
      }
      const { email, role } = submission.value;
      const refused = (message: string, status = 400) => answer(submission.reply({ formErrors: [message] }), { type: "error", message }, status);
      const existing = intent === "access" ? await findUserByEmail(email) : null;
      if (intent === "grant" || existing) {
        try {
          const granted = await grantAccess(email, role, actor);
          await notifyStaff(granted.userId, NOTICES.roleChanged(role));
          return done(`Admin access granted to ${email}`);
        } catch (error) {
          const notFound = error instanceof StaffError && error.message.startsWith("No account");
          return notFound ? refused(`User not found: ${reason(error)}`, 404) : refused(`Failed to grant admin access: ${reason(error)}`);
        }
      }
      try {
        const link = await inviteUser(email, role, actor, origin);
        return answer({ link: { kind: "invite" as const, ...link, expiresAt: link.expiresAt.toISOString() } }, { type: "success", message: `Invitation created for ${link.email}` });
      } catch (error) {
        return refused(`Error: ${reason(error)}`);
      }
    }
    case "role": {
      const role = RoleSchema.safeParse(form.get("role"));
      if (!role.success) return refuse(role.error.issues[0]?.message ?? "Choose a role: administrator or editor");
      try {
        const result = await setRole(userId, role.data, actor);
        await notifyStaff(userId, NOTICES.roleChanged(role.data));
        return done(`${result.email} is now ${role.data === "administrator" ? "an Administrator" : "an Editor"}`);
      } catch (error) {
        return refuse(`Error: ${reason(error)}`);
      }
    }
    case "permission": {
      const allowed = form.get("allowed") === "1";
      const permission = STAFF_PERMISSIONS.find((p) => p === form.get("permission"));
      if (!permission) return refuse("Choose a permission");
      const { doing } = PERMISSION_LABELS[permission];
      try {
        const result = await setPermission(userId, permission, allowed, actor);
        return done(allowed ? `${result.email} can now ${doing}` : `${result.email} can no longer ${doing}`);
      } catch (error) {
        return refuse(`Error: ${reason(error)}`);
      }
    }
    case "revoke": {
      try {
        const result = await revokeAccess(userId, actor);
        await notifyStaff(userId, NOTICES.roleChanged(null));
        return done(`Staff access removed from ${result.email}`);
      } catch (error) {
        return refuse(`Error: ${reason(error)}`);
      }
    }
    case "reset": {
      try {
        const link = await createPasswordReset(userId, actor, origin);
        await notifyStaff(userId, NOTICES.resetLinkIssued);
        return answer({ link: { kind: "reset" as const, ...link, expiresAt: link.expiresAt.toISOString() } }, { type: "success", message: `Password reset link created for ${link.email}` });
      } catch (error) {
        return refuse(`Error: ${reason(error)}`);
      }
    }
    case "two-factor": {
      try {
        const link = await resetSecondFactor(userId, actor, "administrator", origin);
        return answer(
          { link: { kind: "enrol" as const, email: link.email, url: link.url, mailed: link.mailed, expiresAt: link.expiresAt.toISOString() } },
          { type: "success", message: `Two-step sign-in reset for ${link.email}. They set it up again with the link${link.mailed ? " emailed to them" : " below"}.` },
        );
      } catch (error) {
        if (error instanceof TwoFactorResetError) return refuse(`Error: ${error.message}`);
        return refuse(`Error: ${reason(error)}`);
      }
    }
    case "diagnostics": {
      try {
        return answer({ report: await runDiagnostics({ countAdministrators }) }, { type: "success", message: "Diagnostics complete" });
      } catch (error) {
        logger.error({ err: error }, "diagnostics failed");
        return refuse("Failed to run diagnostics", 500);
      }
    }
    default:
      return refuse("Error: unknown action");
  }
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const primary = "rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-full border-2 border-brand-600 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";
const danger = "rounded-full border-2 border-red-700 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60";

function formatLogin(iso: string | null) {
  if (!iso) return "Never";
  return formatUk(iso, "date-time");
}

/**
 * Admin Access: one form for an existing account (access at once) or a new address (an
 * invitation). Conform checks it as the server does and shows the server's refusal.
 */
function AccessForm({ reply, busy }: { reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    lastResult: reply,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, AccessFormSchema, ACCESS_FIELDS),
  });
  const error = fields.email.errors?.[0];
  return (
    <section className={card} aria-labelledby="access-title">
      <h2 id="access-title" className="font-display text-xl font-semibold text-brand-900">Admin Access</h2>
      <p className="mt-1 text-sm text-slate-600">
        Give someone access to the admin area. Someone who already has an account gets access at once; for a new email address an invitation link (valid 7 days) is made, for the person to choose a password.
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
        <input type="hidden" name="intent" value="access" />
        <div>
          <label htmlFor="access-email" className="text-sm font-semibold text-slate-800">Email address</label>
          <input id="access-email" name={fields.email.name} key={fields.email.key} defaultValue={fields.email.initialValue} type="email" autoComplete="off" className={control}
            aria-invalid={error ? true : undefined} aria-describedby={error ? "access-email-error" : undefined} />
        </div>
        <div className="max-sm:order-2">
          <label htmlFor="access-role" className="text-sm font-semibold text-slate-800">Role</label>
          <select id="access-role" name={fields.role.name} key={fields.role.key} defaultValue={fields.role.initialValue ?? "editor"} className={control}>
            <option value="editor">Editor</option>
            <option value="administrator">Administrator</option>
          </select>
        </div>
        <button type="submit" className={`${primary} max-sm:order-2`} disabled={busy}>Give access</button>
        {/* Under the field on phones, under the whole row from the sm breakpoint. */}
        {error && <p id="access-email-error" className="text-sm font-medium text-red-800 max-sm:order-1 max-sm:-mt-2 sm:col-span-3">{error}</p>}
      </Form>
    </section>
  );
}

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

/** An editor's permissions, each with a button to grant or withdraw it (administrators have them all). */
function Permissions({ account, busy }: { account: Account; busy: boolean }) {
  if (account.role !== "editor") return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label={`Permissions of ${account.email}`}>
      {STAFF_PERMISSIONS.map((permission) => {
        const has = account.permissions.includes(permission);
        const { name, doing } = PERMISSION_LABELS[permission];
        return (
          <li key={permission}>
            <Form method="post" className="flex flex-wrap items-center gap-x-2" data-testid={`permission-${permission}`}>
              <input type="hidden" name="intent" value="permission" />
              <input type="hidden" name="permission" value={permission} />
              <input type="hidden" name="userId" value={account.id} />
              <input type="hidden" name="allowed" value={has ? "0" : "1"} />
              <span>{has ? `Can ${doing}` : `Cannot ${doing}`}</span>
              <button type="submit" disabled={busy} className="font-semibold text-brand-700 underline hover:text-brand-900 disabled:opacity-60"
                aria-label={`${has ? "Stop" : "Allow"} ${name.toLowerCase()} for ${account.email}`}>
                {has ? "Stop" : "Allow"}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}

/** A row's buttons: staff get role, reset, revoke and second-factor reset; other accounts a reset link. */
function AccountActions({ account, me, pendingIntent, onRevoke }: { account: Account; me: string; pendingIntent: string; onRevoke: () => void }) {
  const { search } = useLocation();
  const reset = (
    <Form method="post">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="userId" value={account.id} />
      <button type="submit" className={secondary} disabled={pendingIntent === "reset"}>Reset Password</button>
    </Form>
  );
  if (!account.role) return reset;
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={account.id} />
        <label className="sr-only" htmlFor={`role-${account.id}`}>Role of {account.email}</label>
        <select id={`role-${account.id}`} name="role" defaultValue={account.role} key={account.role} className="w-40 shrink-0 rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm">
          <option value="editor">Editor</option>
          <option value="administrator">Administrator</option>
        </select>
        <button type="submit" className={secondary} disabled={pendingIntent === "role"}>Change role</button>
      </Form>
      {reset}
      <Form method="post" onSubmit={(e) => {
        // With JavaScript, ask first in the styled dialog; without, the post goes straight through.
        e.preventDefault();
        onRevoke();
      }}>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="userId" value={account.id} />
        <button type="submit" className={danger} disabled={pendingIntent === "revoke"}>Revoke access</button>
      </Form>
      {account.id !== me && (
        // The list's filters travel along, so the answer comes back to the same page of the list.
        <Form method="post" action={`/admin/users${search}`} onSubmit={(e) => {
          if (!window.confirm(`Reset two-step sign-in for ${account.email}? They will be signed out and set it up again with a one-time link.`)) e.preventDefault();
        }}>
          <input type="hidden" name="intent" value="two-factor" />
          <input type="hidden" name="userId" value={account.id} />
          <button type="submit" className={secondary} disabled={pendingIntent === "two-factor"}>Reset two-step sign-in</button>
        </Form>
      )}
    </div>
  );
}

const ACCESS_LABELS = { all: "All accounts", administrator: "Administrators", editor: "Editors", none: "No staff access" } as const;

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const { me, filters, total, pages, accounts } = loaderData;
  const filtered = Boolean(filters.q) || filters.access !== "all";
  // The answer to the last post: a refusal (Conform's reply), a one-time link or the diagnostics.
  const reply = actionData && "status" in actionData ? actionData : undefined;
  const link = actionData && "link" in actionData ? actionData.link : undefined;
  const report = actionData && "report" in actionData ? actionData.report : undefined;
  const refusal = reply?.error?.[""]?.[0];
  // Conform's reply carries the posted values: the Admin Access form takes back its own.
  const accessReply = reply?.initialValue?.intent === "access" ? reply : undefined;

  // The revoke dialog, open until the server answers (a new answer or a new page).
  const location = useLocation();
  const [revoking, setRevoking] = useState<{ id: string; email: string; answer: unknown; at: string } | null>(null);
  const revokeOpen = revoking && revoking.answer === actionData && revoking.at === location.key ? revoking : null;

  return (
    <main className="space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-900">Users</h1>
        <p className="mt-1 text-slate-600">Who may sign in to the admin area, and with which role.</p>
        <p className="mt-1 text-sm">
          <a href="/admin/users/security" className="font-medium text-brand-700 underline underline-offset-2">Two-step sign-in for staff</a>
        </p>
      </div>

      {refusal && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900" data-testid="users-notice">
          {refusal}
        </p>
      )}
      {link && <OneTimeLinkPanel {...link} />}

      <section aria-labelledby="accounts-title">
        <h2 id="accounts-title" className="font-display text-xl font-semibold text-brand-900">Accounts</h2>
        <FilterBar label="Find accounts" q={filters.q} clearTo="/admin/users" filtered={filtered} placeholder="Email address" className="mt-3 sm:grid-cols-[1fr_2fr_auto]">
          <FilterSelect label="Access" name="access" defaultValue={filters.access}>
            {ACCOUNT_ACCESS.map((a) => (
              <option key={a} value={a}>{ACCESS_LABELS[a]}</option>
            ))}
          </FilterSelect>
        </FilterBar>
        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {total === 1 ? "1 account" : `${total} accounts`}
          {filtered ? (total === 1 ? " matches these filters" : " match these filters") : ""}
        </p>
        {accounts.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No accounts match these filters.</p>
        ) : (
          <Table
            caption="Accounts"
            framed
            stacked
            minWidth="sm:min-w-[44rem]"
            items={accounts}
            rowAttributes={(a) => ({ "data-testid": a.role ? "staff-row" : "other-row", "data-email": a.email })}
            columns={[
              {
                header: "Email",
                className: "font-medium break-all text-ink sm:min-w-56",
                cell: (a) => (
                  <>
                    {a.email}
                    {a.id === me && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                    {a.role && !a.hasPassword && <span className="block text-xs font-normal text-slate-500">Invited, no password yet</span>}
                  </>
                ),
              },
              {
                header: "Role",
                phoneLabel: "Role: ",
                cell: (a) => (
                  <>
                    {a.role ? ROLE_LABEL[a.role] : <span className="text-slate-600">No staff access</span>}
                    <Permissions account={a} busy={pendingIntent === "permission"} />
                  </>
                ),
              },
              { header: "Last Login", phoneLabel: "Last login: ", className: "whitespace-nowrap", cell: (a) => formatLogin(a.lastLoginAt) },
              {
                header: "Actions",
                className: "max-sm:pt-2",
                cell: (a) => <AccountActions account={a} me={me} pendingIntent={pendingIntent} onRevoke={() => setRevoking({ id: a.id, email: a.email, answer: actionData, at: location.key })} />,
              },
            ]}
          />
        )}
        <Pagination page={filters.page} pages={pages} linkTo={(page) => accountsPath({ ...filters, page })} />
      </section>

      <AccessForm reply={accessReply} busy={pendingIntent === "access"} />
      {revokeOpen && <RevokeDialog account={revokeOpen} onClose={() => setRevoking(null)} />}

      <section className={card} aria-labelledby="diagnostics-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="diagnostics-title" className="font-display text-xl font-semibold text-brand-900">Diagnostics</h2>
            <p className="mt-1 text-sm text-slate-600">Checks the database, migrations, administrators, file store and mail.</p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="diagnostics" />
            <button type="submit" className={primary} disabled={pendingIntent === "diagnostics"}>
              {pendingIntent === "diagnostics" ? "Running..." : "Run Diagnostics"}
            </button>
          </Form>
        </div>
        {report && <DiagnosticsPanels report={report} />}
      </section>
    </main>
  );
}

/** The same styled confirmation as deleting an event: the kit's modal dialog, Escape or Cancel closes it. */
function RevokeDialog({ account, onClose }: { account: { id: string; email: string }; onClose: () => void }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog id="revoke" open title="Remove staff access?" onCancel={onClose}>
      <p id="revoke-text" className="mt-2 break-words text-slate-700">
        {account.email} will no longer be able to use the admin area. Their account stays, and access can be given again later.
      </p>
      <Form method="post" className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="userId" value={account.id} />
        <button type="button" onClick={onClose} className="rounded-full border-2 border-slate-300 px-4 py-2 font-semibold">
          Cancel
        </button>
        <button type="submit" disabled={busy} className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
          {busy ? "Removing..." : "Revoke access"}
        </button>
      </Form>
    </Dialog>
  );
}
