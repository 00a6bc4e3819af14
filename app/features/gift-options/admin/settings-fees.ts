/** Saves the processing-fee rates donors may cover (Settings). Administrators only. */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { publishChange } from "../../../live/change-feed.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { saveFeeRates } from "../fee-settings.server.ts";
import type { Route } from "./+types/settings-fees";

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  await requireRecentAuth(args, currentStaff(args), form);
  const result = await saveFeeRates(Object.fromEntries(form));
  if (!result.ok) {
    return redirectWithToast("/admin/settings#fees", { type: "error", message: `Fees not saved: ${Object.values(result.errors).join(" ")}` });
  }
  await recordAudit(currentActor(args), "settings.donation_fees", {
    entity: "donation_fee_settings",
    details: {
      card_percent_bp: result.rates.card.percentBp,
      card_fixed_pence: result.rates.card.fixedPence,
      bacs_percent_bp: result.rates.bacs_debit.percentBp,
      bacs_fixed_pence: result.rates.bacs_debit.fixedPence,
    },
  });
  await publishChange("settings");
  return redirectWithToast("/admin/settings#fees", { type: "success", message: "Fees saved" });
}

export function loader() {
  return new Response(null, { status: 303, headers: { Location: "/admin/settings#fees" } });
}
