/** The admin dashboard's figures, counted in the database. */
import { countCraftFairs } from "../craft-fairs/craft-fairs-admin.server.ts";
import { countEvents } from "../events/events-admin.server.ts";

export async function getDashboardCounts() {
  const [events, craftFairs] = await Promise.all([countEvents(), countCraftFairs()]);
  return {
    totalEvents: events.total,
    activeEvents: events.active,
    totalCraftFairs: craftFairs.total,
    activeCraftFairs: craftFairs.active,
  };
}
