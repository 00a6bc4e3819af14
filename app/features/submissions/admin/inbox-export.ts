/** The inbox's filtered list as a spreadsheet-safe CSV download (staff only). */
import { currentActor } from "../../../auth/guards.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { parseInboxFilters, submissionsExport } from "../inbox.server.ts";
import { csvStream } from "../../../lib/csv.ts";
import type { Route } from "./+types/inbox-export";

export async function loader(args: Route.LoaderArgs) {
  const filters = parseInboxFilters(new URL(args.request.url).searchParams);
  const { count, header, rows } = await submissionsExport(filters);
  await recordAudit(
    currentActor(args),
    "submissions.export",
    { entity: "form_submission", details: { count, kind: filters.kind, status: filters.status, search: Boolean(filters.q) } },
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="submissions-${date}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
