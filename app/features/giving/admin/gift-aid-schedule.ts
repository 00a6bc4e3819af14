/** One HMRC Gift Aid schedule file (.xlsx, at most 1,000 gifts): of a period, or of a past claim. */
import { data } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { claimedGifts, eligibleGifts, readRange, scheduleParts, scheduleWorkbook } from "../gift-aid.server.ts";
import type { Route } from "./+types/gift-aid-schedule";

export async function loader(args: Route.LoaderArgs) {
  // Donor and payment data: the password or a code checked in the last 10 minutes.
  await requireRecentAuth(args, currentStaff(args));
  const params = new URL(args.request.url).searchParams;
  const part = Math.max(1, Number.parseInt(params.get("part") ?? "1", 10) || 1);
  const claimId = Number(params.get("claim"));
  let rows;
  let name;
  if (Number.isInteger(claimId) && claimId > 0) {
    rows = await claimedGifts(claimId);
    name = `gift-aid-claim-${claimId}`;
  } else {
    const { range } = readRange(params);
    if (!range) throw data({ message: "Choose a claim period" }, { status: 400 });
    rows = await eligibleGifts(range);
    name = `gift-aid-${range.from}-to-${range.to}`;
  }
  const parts = scheduleParts(rows);
  const chosen = parts[part - 1];
  if (!chosen) throw data({ message: "No such schedule file" }, { status: 404 });
  await recordAudit(currentActor(args), "gift_aid.schedule_export", {
    entity: "gift_aid_claim",
    entityId: Number.isInteger(claimId) && claimId > 0 ? claimId : undefined,
    details: { part, gifts: chosen.length },
  });
  return new Response(new Uint8Array(await scheduleWorkbook(chosen)), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${name}${parts.length > 1 ? `-file-${part}-of-${parts.length}` : ""}.xlsx"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
