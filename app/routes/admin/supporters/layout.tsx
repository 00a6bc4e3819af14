/**
 * Supporters and newsletters: personal data (who gave, booked, volunteered; their notes and
 * consent), so only administrators and the editors given the supporters permission. The
 * middleware refuses everyone else (403, nothing about the person) before any loader or
 * action below runs.
 */
import { Outlet } from "react-router";
import { staffMiddleware } from "../../../auth/guards.server.ts";
import { recordRefusedAccess } from "../../../domain/limits/aggregated-audit.server.ts";
import type { Route } from "./+types/layout";
import type { AccessHandle } from "../../../lib/admin-menu.ts";

/** Who may use the screens below (the menu reads it too). */
export const handle: AccessHandle = { access: "supporters" };

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware(handle.access, recordRefusedAccess)];

export default function Section() {
  return <Outlet />;
}
