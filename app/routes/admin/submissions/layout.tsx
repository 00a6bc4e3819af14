/**
 * Form submissions (inbox, files, exports): personal data, so only administrators and
 * the editors an administrator has allowed to see them. The middleware refuses everyone
 * else before any loader or action below runs.
 */
import { Outlet } from "react-router";
import { staffMiddleware } from "../../../auth/guards.server.ts";
import { recordRefusedAccess } from "../../../domain/limits/aggregated-audit.server.ts";
import type { Route } from "./+types/layout";
import type { AccessHandle } from "../../../lib/admin-menu.ts";

/** Who may use the screens below (the menu reads it too). */
export const handle: AccessHandle = { access: "submissions" };

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware(handle.access, recordRefusedAccess)];

export default function SubmissionsSection() {
  return <Outlet />;
}
