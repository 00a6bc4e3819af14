/** Volunteer hours for a period as a spreadsheet-safe CSV (form submissions permission). */
import { currentActor } from "../../../auth/guards.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { csvStream } from "../../../lib/csv.ts";
import { hoursBetween } from "../volunteers.server.ts";
import { periodOf } from "./period.server.ts";
import type { Route } from "./+types/hours-export";

export async function loader(args: Route.LoaderArgs) {
  const period = periodOf(new URL(args.request.url));
  const { rows, totalMinutes, totalShifts } = await hoursBetween(period.from, period.to);
  await recordAudit(currentActor(args), "volunteering.hours.export", { details: { from: period.from, to: period.to, rows: rows.length } });
  const hours = (minutes: number) => (minutes / 60).toFixed(2);
  const body = [...rows.map((r) => [r.name, r.email, r.shifts, hours(r.minutes)]), ["Total", "", totalShifts, hours(totalMinutes)]];
  async function* batches() {
    yield body;
  }
  return new Response(csvStream([`Volunteer hours ${period.from} to ${period.to}`, "Email", "Shifts", "Hours"], batches()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="volunteer-hours-${period.from}-to-${period.to}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
