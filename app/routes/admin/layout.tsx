import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { currentStaff, staffMiddleware } from "../../auth/guards.server.ts";
import { recordRefusedAccess } from "../../domain/limits/aggregated-audit.server.ts";
import { AccessDeniedPage, isAccessDenied } from "../../components/admin/access-denied.tsx";
import { sessionPolicy } from "../../auth/session.server.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { useInactivityLogout } from "../../components/admin/inactivity.tsx";
import { countNewSubmissions } from "../../features/submissions/index.ts";
import type { Route } from "./+types/layout";
import { adminMenuContext, menuGroups, type AccessHandle } from "../../lib/admin-menu.ts";
import { allows } from "../../auth/access.ts";

/** Every admin request (page, data, action, resource) passes the staff check first. */
/** Who may use the screens below (the menu reads it too). */
export const handle: AccessHandle = { access: "staff" };

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware(handle.access, recordRefusedAccess)];

export const meta = () => [{ name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = currentStaff(args);
  const menu = await args.context.get(adminMenuContext)();
  return {
    // The sidebar: the menu entries of the route table this staff member may use.
    menu: menuGroups(menu.filter((entry) => allows(staff, entry.access))),
    // The Inbox item of the sidebar shows how many submissions are still new.
    newSubmissions: allows(staff, "submissions") ? await countNewSubmissions() : 0,
    email: staff.user.email,
    access: { role: staff.role, permissions: staff.permissions },
    remainingMs: staff.remainingMs,
    warningBeforeMs: sessionPolicy().warningBeforeMs,
  };
}

/**
 * Runs on every admin navigation and submission: the server refreshes the session and the
 * client learns its new deadline. Background refreshes (live updates revalidating the page
 * in place, same address, no form) are not the user's activity, so they leave the layout,
 * and with it the inactivity deadline and any warning on screen, as they are.
 */
export const shouldRevalidate = ({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) =>
  Boolean(formMethod) || currentUrl.href !== nextUrl.href;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useInactivityLogout({
    remainingMs: loaderData.remainingMs,
    warningBeforeMs: loaderData.warningBeforeMs,
    stamp: loaderData,
  });
  return (
    <AdminShell email={loaderData.email} role={loaderData.access.role} menu={loaderData.menu} newSubmissions={loaderData.newSubmissions}>
      <Outlet />
    </AdminShell>
  );
}

function ErrorPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>{`${title} | Millbrook Community Foundation`}</title>
      <h1 className="font-display text-3xl font-semibold text-brand-900">{title}</h1>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  let page: React.ReactNode;

  if (isRouteErrorResponse(error) && error.status === 403 && isAccessDenied(error.data)) {
    page = <AccessDeniedPage denied={error.data} />;
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    page = (
      <ErrorPage title="Page Not Found">
        <p>There is no admin page at this address.</p>
        <p>
          <Link to="/admin/dashboard" className="font-semibold text-brand-700 underline">
            Go to the dashboard
          </Link>
        </p>
      </ErrorPage>
    );
  } else {
    page = (
      <ErrorPage title="Something went wrong">
        <p>Sorry, something went wrong on our side. Please try again in a moment.</p>
      </ErrorPage>
    );
  }

  return layout ? (
    <AdminShell email={layout.email} role={layout.access.role} menu={layout.menu}>
      {page}
    </AdminShell>
  ) : (
    <div className="min-h-screen bg-slate-50">{page}</div>
  );
}
