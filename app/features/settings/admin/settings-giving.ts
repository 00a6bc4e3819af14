/** Saves the giving settings (largest online gift, other ways to give) from Settings. Administrators only. */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { saveGivingSettings } from "../../../features/giving/index.ts";
import { publishChange } from "../../../live/change-feed.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/settings-giving";

export async function action(args: Route.ActionArgs) {
  // Donor and payment data: the password or a code checked in the last 10 minutes.
  const form = await args.request.formData();
  await requireRecentAuth(args, currentStaff(args), form);
  const result = await saveGivingSettings(Object.fromEntries(form));
  if (!result.ok) {
    const message = Object.values(result.errors).join(" ");
    return redirectWithToast("/admin/settings#giving", { type: "error", message: `Giving settings not saved: ${message}` });
  }
  await recordAudit(currentActor(args), "settings.giving", { entity: "giving_settings", details: { max_donation_pence: result.settings.maxDonationPence, offline_raised_pence: result.settings.offlineRaisedPence, max_tickets_per_client: result.settings.maxTicketsPerClient, waitlist_offer_hours: result.settings.waitlistOfferHours, reminder_hours_before: result.settings.reminderHoursBefore } });
  await publishChange("settings");
  return redirectWithToast("/admin/settings#giving", { type: "success", message: "Giving settings saved" });
}

export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/admin/settings#giving" } });
}
