/** The supporters list, filtered as on screen, as a spreadsheet-safe CSV. */
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { csvStream } from "../../../lib/csv.ts";
import { SUPPORTERS_CSV_HEADER, supportersCsvRows } from "../admin.server.ts";
import { parseSupporterFilters, supporterFiltersQuery } from "../filters.ts";
import type { Route } from "./+types/supporters-export";

export async function loader(args: Route.LoaderArgs) {
  // Personal data in bulk: the password or a code checked in the last 10 minutes.
  await requireRecentAuth(args, currentStaff(args));
  const filters = parseSupporterFilters(new URL(args.request.url).searchParams);
  await recordAudit(currentActor(args), "supporters.export", { entity: "supporter", details: { filters: supporterFiltersQuery({ ...filters, page: 1 }) } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(SUPPORTERS_CSV_HEADER, supportersCsvRows(filters)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="supporters-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
