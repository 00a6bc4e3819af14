/** The admin dashboard's figures, counted in the database. */
import { countCraftFairs } from "../../features/craft-fairs/index.ts";
import { countEvents } from "../../features/events/index.ts";

export async function getDashboardCounts() {
  const [events, craftFairs] = await Promise.all([countEvents(), countCraftFairs()]);
  return {
    totalEvents: events.total,
    activeEvents: events.active,
    totalCraftFairs: craftFairs.total,
    activeCraftFairs: craftFairs.active,
  };
}
