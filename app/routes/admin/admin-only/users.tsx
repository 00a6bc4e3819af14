import { siteOrigin } from "../../../lib/config.server.ts";
import { formatUkDateTime } from "../../../components/site/format.ts";
import { useEffect, useState } from "react";
import { data, Form, useLocation, useNavigation } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { DiagnosticsPanels } from "../../../components/admin/diagnostics-panels.tsx";
import { Dialog } from "../../../components/admin/kit/dialog.tsx";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Table } from "../../../components/admin/kit/table.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { OneTimeLinkPanel } from "../../../components/admin/one-time-link-panel.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { runDiagnostics, type DiagnosticsReport } from "../../../system/diagnostics.server.ts";
import { EmailSchema, RoleSchema } from "../../../domain/staff/staff.schema.ts";
import { ACCOUNT_ACCESS, accountsPath, parseAccountFilters } from "../../../domain/staff/account-filters.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { NOTICES, notifyStaff } from "../../../domain/security-notices/notices.server.ts";
import {
  createPasswordReset,
  findUserByEmail,
  grantAccess,
  inviteUser,
  listAccounts,
  revokeAccess,
  setRole,
  StaffError,
  setSubmissionsAccess,
} from "../../../domain/staff/staff.server.ts";
import { logger } from "../../../lib/logger.server.ts";
import type { Route } from "./+types/users";
import type { MenuHandle } from "../../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "People and giving", label: "Users", order: 30 } };

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
      canSeeSubmissions: a.canSeeSubmissions,
      hasPassword: a.hasPassword,
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

type Notice = { type: "success" | "error"; message: string };
export type UsersActionData = {
  intent: string;
  notice: Notice;
  link?: { kind: "invite" | "reset"; email: string; url: string; expiresAt: string; mailed: boolean };
  report?: DiagnosticsReport;
  fieldError?: string;
};

/**
 * What an administrator is told when a change fails: the rule that refused it, never a
 * database error (which would show table and column names); those go to the log.
 */
const reason = (error: unknown) => {
  if (error instanceof StaffError) return error.message;
  logger.error({ err: error }, "staff change failed");
  return "Something went wrong. Nothing was changed; please try again.";
};

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const origin = siteOrigin(args.request);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const reply = (body: UsersActionData, status = 200) => data(body, { status });
  const role = RoleSchema.safeParse(form.get("role"));
  const userId = String(form.get("userId") ?? "");

  // Access changes and reset links need the password or a code from the last 10 minutes.
  if (["grant", "invite", "role", "revoke", "reset", "submissions"].includes(intent)) await requireRecentAuth(args, currentStaff(args));

  switch (intent) {
    // One form: an existing account gets access at once, a new address an invitation.
    case "access":
    case "grant":
    case "invite": {
      const email = EmailSchema.safeParse(form.get("email") ?? "");
      if (!email.success) {
        const message = email.error.issues[0]?.message ?? "Please enter an email address";
        return reply({ intent, notice: { type: "error", message }, fieldError: message }, 400);
      }
      if (!role.success) return reply({ intent, notice: { type: "error", message: role.error.issues[0].message } }, 400);
      const existing = intent === "access" ? await findUserByEmail(email.data) : null;
      if (intent === "grant" || existing) {
        try {
          const granted = await grantAccess(email.data, role.data, actor);
          await notifyStaff(granted.userId, NOTICES.roleChanged(role.data));
          return reply({ intent, notice: { type: "success", message: `Admin access granted to ${email.data}` } });
        } catch (error) {
          const notFound = error instanceof StaffError && error.message.startsWith("No account");
          const message = notFound ? `User not found: ${reason(error)}` : `Failed to grant admin access: ${reason(error)}`;
          return reply({ intent, notice: { type: "error", message } }, notFound ? 404 : 400);
        }
      }
      try {
        const link = await inviteUser(email.data, role.data, actor, origin);
        return reply({
          intent,
          notice: { type: "success", message: `Invitation created for ${link.email}` },
          link: { kind: "invite", ...link, expiresAt: link.expiresAt.toISOString() },
        });
      } catch (error) {
        return reply({ intent, notice: { type: "error", message: `Error: ${reason(error)}` } }, 400);
      }
    }
    case "role": {
      if (!role.success) return reply({ intent, notice: { type: "error", message: role.error.issues[0].message } }, 400);
      try {
        const result = await setRole(userId, role.data, actor);
        await notifyStaff(userId, NOTICES.roleChanged(role.data));
        return reply({ intent, notice: { type: "success", message: `${result.email} is now ${ROLE_LABEL[role.data] === "Administrator" ? "an Administrator" : "an Editor"}` } });
      } catch (error) {
        return reply({ intent, notice: { type: "error", message: `Error: ${reason(error)}` } }, 400);
      }
    }
    case "submissions": {
      const allowed = form.get("allowed") === "1";
      try {
        const result = await setSubmissionsAccess(userId, allowed, actor);
        const message = allowed ? `${result.email} can now see form submissions` : `${result.email} can no longer see form submissions`;
        return reply({ intent, notice: { type: "success", message } });
      } catch (error) {
        return reply({ intent, notice: { type: "error", message: `Error: ${reason(error)}` } }, 400);
      }
    }
    case "revoke": {
      try {
        const result = await revokeAccess(userId, actor);
        await notifyStaff(userId, NOTICES.roleChanged(null));
        return reply({ intent, notice: { type: "success", message: `Staff access removed from ${result.email}` } });
      } catch (error) {
        return reply({ intent, notice: { type: "error", message: `Error: ${reason(error)}` } }, 400);
      }
    }
    case "reset": {
      try {
        const link = await createPasswordReset(userId, actor, origin);
        await notifyStaff(userId, NOTICES.resetLinkIssued);
        return reply({
          intent,
          notice: { type: "success", message: `Password reset link created for ${link.email}` },
          link: { kind: "reset", ...link, expiresAt: link.expiresAt.toISOString() },
        });
      } catch (error) {
        return reply({ intent, notice: { type: "error", message: `Error: ${reason(error)}` } }, 400);
      }
    }
    case "diagnostics": {
      try {
        const report = await runDiagnostics();
        return reply({ intent, notice: { type: "success", message: "Diagnostics complete" }, report });
      } catch (error) {
        logger.error({ err: error }, "diagnostics failed");
        return reply({ intent, notice: { type: "error", message: "Failed to run diagnostics" } }, 500);
      }
    }
    default:
      return reply({ intent, notice: { type: "error", message: "Error: unknown action" } }, 400);
  }
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const primary = "rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-full border-2 border-brand-600 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";
const danger = "rounded-full border-2 border-red-700 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60";

function formatLogin(iso: string | null) {
  if (!iso) return "Never";
  return formatUkDateTime(iso);
}

function EmailRoleForm({ intent, title, description, button, busy, error }: {
  intent: "access"; title: string; description: string; button: string; busy: boolean; error?: string;
}) {
  const id = `${intent}-email`;
  return (
    <section className={card} aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`} className="font-display text-xl font-semibold text-brand-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <div>
          <label htmlFor={id} className="text-sm font-semibold text-slate-800">Email address</label>
          <input id={id} name="email" type="email" autoComplete="off" className={control}
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        </div>
        <div>
          <label htmlFor={`${intent}-role`} className="text-sm font-semibold text-slate-800">Role</label>
          <select id={`${intent}-role`} name="role" defaultValue="editor" className={control}>
            <option value="editor">Editor</option>
            <option value="administrator">Administrator</option>
          </select>
        </div>
        <button type="submit" className={primary} disabled={busy}>{button}</button>
        {error && <p id={`${id}-error`} className="text-sm font-medium text-red-800 sm:col-span-3">{error}</p>}
      </Form>
    </section>
  );
}

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

/** Whether a staff member may read form submissions; editors get a button to change it. */
function SubmissionsAccess({ account, busy }: { account: Account; busy: boolean }) {
  const text = account.canSeeSubmissions ? "Sees form submissions" : "Does not see form submissions";
  // Administrators always see them: nothing to say or change.
  if (account.role !== "editor") return null;
  return (
    <Form method="post" className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600" data-testid="submissions-access">
      <input type="hidden" name="intent" value="submissions" />
      <input type="hidden" name="userId" value={account.id} />
      <input type="hidden" name="allowed" value={account.canSeeSubmissions ? "0" : "1"} />
      <span>{text}</span>
      <button type="submit" disabled={busy} className="font-semibold text-brand-700 underline hover:text-brand-900 disabled:opacity-60"
        aria-label={`${account.canSeeSubmissions ? "Stop" : "Allow"} form submissions for ${account.email}`}>
        {account.canSeeSubmissions ? "Stop" : "Allow"}
      </button>
    </Form>
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
        <Form method="post" action={`/admin/users/${account.id}/two-factor${search}`} onSubmit={(e) => {
          if (!window.confirm(`Reset two-step sign-in for ${account.email}? They will be signed out and set it up again at their next sign-in.`)) e.preventDefault();
        }}>
          <button type="submit" className={secondary}>Reset two-step sign-in</button>
        </Form>
      )}
    </div>
  );
}

const ACCESS_LABELS = { all: "All accounts", administrator: "Administrators", editor: "Editors", none: "No staff access" } as const;

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const result = actionData;
  const { me, filters, total, pages, accounts } = loaderData;
  const filtered = Boolean(filters.q) || filters.access !== "all";

  useEffect(() => {
    if (!result) return;
    if (result.notice.type === "success") toast.success(result.notice.message);
    else toast.error(result.notice.message);
  }, [result]);

  const [revoking, setRevoking] = useState<{ id: string; email: string } | null>(null);
  // The dialog closes once the server has answered.
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    setRevoking(null);
  }

  const fieldError = (intent: string) => (result?.intent === intent ? result.fieldError : undefined);

  return (
    <main className="space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="font-display text-3xl font-semibold text-brand-900">Users</h1>
        <p className="mt-1 text-slate-600">Who may sign in to the admin area, and with which role.</p>
        <p className="mt-1 text-sm">
          <a href="/admin/users/security" className="font-medium text-brand-700 underline underline-offset-2">Two-step sign-in for staff</a>
        </p>
      </div>

      {result && (
        <p role="status" className={`rounded-lg border-l-4 px-4 py-3 text-sm font-medium ${result.notice.type === "success" ? "border-brand-600 bg-brand-50 text-brand-900" : "border-red-700 bg-red-50 text-red-900"}`} data-testid="users-notice">
          {result.notice.message}
        </p>
      )}
      {result?.link && <OneTimeLinkPanel {...result.link} />}

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
                    <SubmissionsAccess account={a} busy={pendingIntent === "submissions"} />
                  </>
                ),
              },
              { header: "Last Login", phoneLabel: "Last login: ", className: "whitespace-nowrap", cell: (a) => formatLogin(a.lastLoginAt) },
              {
                header: "Actions",
                className: "max-sm:pt-2",
                cell: (a) => <AccountActions account={a} me={me} pendingIntent={pendingIntent} onRevoke={() => setRevoking({ id: a.id, email: a.email })} />,
              },
            ]}
          />
        )}
        <Pagination page={filters.page} pages={pages} linkTo={(page) => accountsPath({ ...filters, page })} />
      </section>

      <EmailRoleForm intent="access" title="Admin Access" button="Give access" busy={pendingIntent === "access"} error={fieldError("access")}
        description="Give someone access to the admin area. Someone who already has an account gets access at once; for a new email address an invitation link (valid 7 days) is made, for the person to choose a password." />
      {revoking && <RevokeDialog account={revoking} onClose={() => setRevoking(null)} />}

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
        {result?.report && <DiagnosticsPanels report={result.report} />}
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
