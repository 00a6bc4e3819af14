/** The donations ledger, filtered as on screen, as a spreadsheet-safe CSV (administrators only). */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { donationsExport, parseDonationFilters } from "../admin.server.ts";
import { csvStream } from "../../../lib/csv.ts";
import type { Route } from "./+types/donations-export";
import { ukDate } from "../../../lib/uk-time.ts";

export async function loader(args: Route.LoaderArgs) {
  // Donor and payment data: the password or a code checked in the last 10 minutes.
  await requireRecentAuth(args, currentStaff(args));
  const filters = parseDonationFilters(new URL(args.request.url).searchParams);
  const { count, header, rows } = await donationsExport(filters);
  await recordAudit(currentActor(args), "donations.export", { entity: "donation", details: { count } });
  return new Response(csvStream(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="donations-${ukDate(new Date())}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
