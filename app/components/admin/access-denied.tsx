/**
 * The 403 pages of the admin area: signed in without staff access ("no access"), or an
 * staff member on a section they may not use (administrators only, or form submissions). Rendered by the admin layout's error boundary
 * and, for full page loads refused by the admin middleware, by the root's.
 */
import { Link } from "react-router";
import { SignOutButton } from "./sign-out-button.tsx";

export type AccessDeniedData = { denied: "no-access"; email: string } | { denied: "access"; required: string; why: string };

export function isAccessDenied(data: unknown): data is AccessDeniedData {
  return typeof data === "object" && data !== null && "denied" in data;
}

export function AccessDeniedPage({ denied }: { denied: AccessDeniedData }) {
  const title = denied.denied === "access" ? "No access to this section" : "No access";
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center" data-testid="access-denied">
      <title>{`${title} | Millbrook Community Foundation`}</title>
      <h1 className="font-display text-3xl font-semibold text-brand-900">{title}</h1>
      {denied.denied === "access" ? (
        <div className="mt-4 space-y-4 text-slate-700">
          <p>
            {denied.why}
          </p>
          <p>
            <Link to="/admin/dashboard" className="font-semibold text-brand-700 underline">
              Go to the dashboard
            </Link>
          </p>
        </div>
      ) : (
        <div className="mt-4 space-y-4 text-slate-700">
          <p>You are signed in as {denied.email}, but this account does not have access to the admin area.</p>
          <p>Administrator access only. Contact the site owner if you need access.</p>
          <div className="mx-auto max-w-48">
            <SignOutButton className="w-full rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700" />
          </div>
        </div>
      )}
    </main>
  );
}
