/**
 * Screens for administrators only (users, settings, data protection, audit log): its
 * middleware refuses everyone else before any loader or action below runs.
 */
import { Outlet } from "react-router";
import { staffMiddleware } from "../../../auth/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware("administrator")];

export default function AdministratorOnly() {
  return <Outlet />;
}
