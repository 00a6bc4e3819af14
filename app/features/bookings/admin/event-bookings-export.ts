/**
 * The bookings of one event as a spreadsheet-safe CSV download, streamed a batch of rows
 * at a time (staff allowed to see form submissions, and administrators). The export is
 * written to the audit log.
 */
import { data } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { BOOKINGS_CSV_HEADER, bookingsCsvBatches } from "../bookings-admin.server.ts";
import { getEventForAdmin } from "../../../features/events/index.ts";
import { csvStream } from "../../../lib/csv.ts";
import type { Route } from "./+types/event-bookings-export";

export async function loader(args: Route.LoaderArgs) {
  const id = /^\d{1,10}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const event = await getEventForAdmin(id);
  if (!event) throw data("Event not found", { status: 404 });
  await recordAudit(currentActor(args), "booking.export", { entity: "event", entityId: id, details: { title: event.title } });
  return new Response(csvStream(BOOKINGS_CSV_HEADER, bookingsCsvBatches(id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-event-${id}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
