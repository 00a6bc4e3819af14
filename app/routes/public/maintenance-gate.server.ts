/**
 * The maintenance gate of the public site. While maintenance mode is on, visitors get a
 * 503 maintenance page with Retry-After; signed-in staff still see the site (with a
 * banner). The gate runs as middleware of the public layout (`maintenanceMiddleware`),
 * so it decides before any page loader or action runs: a refused visitor's response
 * carries no page data, for documents and client data requests (*.data) alike. The
 * public resources that show content (an event's .ics file, the sitemap) call
 * `refuseResourceDuringMaintenance`. /admin and /healthz are not affected.
 */
import { data, type MiddlewareFunction } from "react-router";
import { getOptionalStaff, type GuardArgs } from "../../auth/guards.server.ts";
import type { MaintenanceRefusal } from "../../features/settings/ui.ts";
import { getSiteSettings } from "../../features/settings/index.ts";

export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

;

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

/** Public layout middleware: the gate, for every method, before any loader or action. */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const settings = await getSiteSettings(args.context);
  await maintenanceGate(args, settings.maintenance_mode, settings.contact_email);
  return next();
};

/** For public resource routes (no page): a plain 503 for visitors while maintenance mode is on. */
export async function refuseResourceDuringMaintenance(args: GuardArgs) {
  const settings = await getSiteSettings(args.context);
  if (!settings.maintenance_mode || (await getOptionalStaff(args))) return;
  throw new Response("The site is down for maintenance. Please come back in a little while.", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}
