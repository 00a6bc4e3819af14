/**
 * The maintenance gate of the public site. While maintenance mode is on, visitors get a
 * 503 maintenance page with Retry-After; signed-in staff still see the site (with a
 * banner). /admin and resource routes such as /healthz are outside the public layout and
 * are not affected.
 */
import { data } from "react-router";
import { getOptionalStaff, type GuardArgs } from "../auth/guards.server.ts";
import type { MaintenanceRefusal } from "./maintenance.ts";

export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

export { isMaintenanceRefusal } from "./maintenance.ts";

/**
 * Returns whether the staff banner must be shown (maintenance on, staff signed in), or
 * throws the 503 for everyone else.
 */
export async function maintenanceGate(
  args: GuardArgs,
  maintenanceMode: boolean,
  contactEmail?: string,
): Promise<{ staffBanner: boolean }> {
  if (!maintenanceMode) return { staffBanner: false };
  if (await getOptionalStaff(args)) return { staffBanner: true };
  throw data<MaintenanceRefusal>(
    { maintenance: true, contactEmail },
    {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}
