/**
 * Form submissions (inbox, files, exports): personal data, so only administrators and
 * the editors an administrator has allowed to see them. The middleware refuses everyone
 * else before any loader or action below runs.
 */
import { Outlet } from "react-router";
import { staffMiddleware } from "../../../auth/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware("submissions")];

export default function SubmissionsSection() {
  return <Outlet />;
}
