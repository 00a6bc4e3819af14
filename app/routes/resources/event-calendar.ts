import { siteOrigin } from "../../lib/config.server.ts";
import { eventToIcs, getPublicEvent } from "../../features/events/index.ts";
import { refuseResourceDuringMaintenance } from "../public/maintenance-gate.server.ts";
import type { Route } from "./+types/event-calendar";

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  await refuseResourceDuringMaintenance(args);
  const event = /^\d{1,10}$/.test(params.id) ? await getPublicEvent(Number(params.id)) : null;
  if (!event) return new Response("Event not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const origin = siteOrigin();
  const ics = eventToIcs({
    id: event.id,
    title: event.title,
    date: event.date,
    time: event.time,
    endTime: event.end_time,
    description: event.description,
    location: event.location_address || event.location,
    url: `${origin}/events/${event.id}`,
  });
  const slug = event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || `event-${event.id}`;
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
