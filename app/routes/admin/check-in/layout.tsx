/**
 * Door check-in: today's events and their door lists (names, references, tickets, arrived
 * or not; no contact details). For administrators and the editors an administrator has
 * given the check-in permission (the volunteers who welcome people at events), who need
 * not see form submissions. The middleware refuses everyone else before any loader or
 * action below runs.
 */
import { Outlet } from "react-router";
import { staffMiddleware } from "../../../auth/guards.server.ts";
import { recordRefusedAccess } from "../../../domain/limits/aggregated-audit.server.ts";
import type { Route } from "./+types/layout";
import type { AccessHandle } from "../../../lib/admin-menu.ts";

/** Who may use the screens below (the menu reads it too). */
export const handle: AccessHandle = { access: "check-in" };

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware(handle.access, recordRefusedAccess)];

export default function Section() {
  return <Outlet />;
}
