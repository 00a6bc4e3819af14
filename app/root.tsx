import { useEffect } from "react";
import { preload } from "react-dom";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "react-router";
import { AccessDeniedPage, isAccessDenied } from "./components/admin/access-denied.tsx";
import { MaintenancePage } from "./components/site/maintenance-page.tsx";
import { Toaster } from "./components/ui/toast.tsx";
import { useHydrated } from "./components/ui/use-hydrated.ts";
import { isMaintenanceRefusal } from "./features/settings/ui.ts";
import { isStaffPath } from "./lib/staff-path.ts";
import { refuseControlCharacters } from "./lib/form-guard.server.ts";
import { isFormRefusal } from "./lib/plain-text.ts";
import { readToast } from "./lib/toast.server.ts";
import { recordTopics, topicsWhenRead } from "./live/read-topics.server.ts";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import headingFont from "./assets/fonts/fraunces-semibold-basic-latin.woff2?url";
import favicon from "../public/favicon.svg?inline";

// The icon is in the page, as a data URL (about 170 bytes compressed): a page that names no
// icon makes the browser ask for /favicon.ico once it has loaded, often before its largest
// paint, and a named file is fetched while the page is parsed; either is one more request
// and connection before that paint (docs/decisions/380). /favicon.ico stays for other clients.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: favicon, type: "image/svg+xml" },
];

/**
 * Marks the page as interactive once React has hydrated it and the controls have swapped to
 * their scripted forms (`useHydrated`, in the same commit): browser tests wait for it.
 */
function HydratedMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Public pages carry the CSS they use inline, written in by the server
  // (app/lib/first-paint.server.ts); staff screens and the development server link the stylesheet.
  const { pathname } = useLocation();
  const linkStylesheet = import.meta.env.DEV || isStaffPath(pathname);
  // The heading font every page uses (its basic Latin part, app/app.css) is fetched with the
  // HTML rather than after the CSS, so headings do not re-flow when it arrives. Preloaded
  // through React, it comes first in the head, before a page's largest picture: on HTTP/1.1
  // the first file asked for takes the document's open connection and the second opens a
  // new one, and the 12 KB font gains more from the warm connection than a picture of a
  // few KB (docs/decisions/380).
  preload(headingFont, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d6e55" />
        {/* With a precedence, React sends the stylesheet ahead of the script preloads, so the
            one file that blocks the first paint is not queued behind them on a slow line. */}
        {/* Public pages paint once their main content is parsed, never the header alone
            before the page's first layout (docs/decisions/383). */}
        {linkStylesheet ? <link rel="stylesheet" href={appCss} precedence="default" /> : <link rel="expect" href="#main" blocking="render" />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        <HydratedMark />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Every request records the content topics it reads, for the page cache
 * (app/live/read-topics.server.ts); every form post, public and staff, is checked for
 * control characters first (app/lib/form-guard.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [(_args, next) => recordTopics(next), refuseControlCharacters];

/**
 * The root loader carries the flash toast (set by `redirectWithToast`) and clears it, and,
 * for public pages, the content topics the request's loaders read (sent once they have all
 * run), which open pages listen to (app/components/site/live-updates.tsx).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  const topics = isStaffPath(new URL(request.url).pathname) ? null : topicsWhenRead();
  return data({ toast, topics }, { headers });
}

/**
 * Headers of errors that land in this boundary (e.g. Retry-After on the maintenance 503
 * thrown by the public layout); otherwise deeper routes decide.
 */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? new Headers();
}

/** Runs on every navigation so a flash toast set by any redirect is picked up. */
export const shouldRevalidate = () => true;

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <Toaster flash={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Admin pages refused by the admin middleware on a full page load land here.
  if (isRouteErrorResponse(error) && status === 403 && isAccessDenied(error.data)) {
    return <AccessDeniedPage denied={error.data} />;
  }
  // Public pages while maintenance mode is on (app/domain/maintenance.server.ts).
  if (isRouteErrorResponse(error) && status === 503 && isMaintenanceRefusal(error.data)) {
    return <MaintenancePage contactEmail={error.data.contactEmail} />;
  }
  // A form refused for a control character (app/lib/form-guard.server.ts): say so.
  const refused = isRouteErrorResponse(error) && status === 400 && isFormRefusal(error.data) ? error.data.formRefused : null;
  const title = status === 404 ? "Page Not Found" : status === 503 ? "Back soon" : refused ? "The form was not sent" : "Something went wrong";
  const message =
    status === 404
      ? "The page you're looking for doesn't exist or has been moved."
      : (refused ?? "Sorry, something went wrong on our side. Please try again in a moment.");
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <title>{`${title} | Millbrook Community Foundation`}</title>
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Error {status}</p>
      <h1 className="mt-3 font-display text-4xl font-semibold">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{message}</p>
      <a href="/" className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
        Return home
      </a>
    </main>
  );
}
