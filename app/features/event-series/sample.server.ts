/**
 * Sample content for a new site: a weekly series (Thursday coffee mornings, twelve dates)
 * and a sold-out barn dance with three people on its waitlist, so the events page, the
 * Dates screen and the Waitlist screen show what they are for. Written once
 * (content_seeded "sample-series-waitlist"), only on a site without bookings of its own;
 * dated after the other sample events, so the home page's next three stay as they were.
 */
import { sql } from "drizzle-orm";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { waitlistEntries } from "../waitlist/table.ts";
import { seriesDates } from "./rules.ts";
import { eventSeries } from "./table.ts";

const DAY = 86_400_000;
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** The first Thursday at least `days` ahead. */
function thursdayFrom(days: number): string {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCDate(at.getUTCDate() + ((4 - at.getUTCDay() + 7) % 7));
  return at.toISOString().slice(0, 10);
}

export default [
  {
    section: "sample-series-waitlist",
    seed: "example",
    // The sample supporters are written only on a site without bookings.
    after: ["sample-supporters"],
    async write(tx) {
      const booked = await tx.execute<{ n: number }>(sql`select count(*)::int as n from bookings`);
      if (booked.rows[0].n > 0) return "skipped";

      const start = thursdayFrom(110);
      const dates = seriesDates({ start, frequency: "weekly", count: 12 });
      const [series] = await tx.insert(eventSeries).values({ title: "Thursday Coffee Morning", frequency: "weekly", starts_on: start, count: dates.length }).returning();
      await tx.insert(events).values(
        dates.map((date) => ({
          title: "Thursday Coffee Morning",
          date,
          time: "10:00",
          end_time: "11:30",
          description: "Coffee, cake and a chat in the church hall: everyone welcome, and a lift home if you need one.",
          long_description:
            "Every Thursday morning the church hall opens for coffee, tea, homemade cake and good company. It is free, but please book a place so we bake enough.\n\nVolunteer drivers can take you home afterwards: just ask at the hatch.",
          location: "St Mary's Church Hall",
          location_address: "St Mary's Church Hall, Church Lane, Millbrook MB2 3AE",
          organizer: "Millbrook Community Foundation",
          // Not "community": that tab is the empty one in the browser tests.
          category: "social",
          booking_mode: "free" as const,
          tickets_available: 30,
          series_id: series.id,
          image: "/images/events/repair-cafe.svg",
        })),
      );

      const [dance] = await tx
        .insert(events)
        .values({
          title: "Spring Barn Dance",
          date: isoDay(150),
          time: "19:00",
          end_time: "22:30",
          description: "A called barn dance with the Millbrook Ceilidh Band: no experience needed, just comfortable shoes.",
          long_description: "The caller walks everyone through each dance first. Soft drinks and a ploughman's supper included.\n\nAll places are booked: join the waitlist and we will email you if places come up.",
          location: "Home Farm Barn",
          location_address: "Home Farm, Mill Road, Millbrook MB4 1RD",
          organizer: "Millbrook Community Foundation",
          category: "social",
          booking_mode: "free",
          tickets_available: 24,
          image: "/images/events/quiz-night.svg",
        })
        .returning();
      const tables = ["Red Lion Regulars", "Mill Road Neighbours", "St Mary's Choir", "Millbrook Runners", "The Bakery Team", "Friends of the Library"];
      await tx.insert(bookings).values(
        tables.map((name, i) => ({
          reference: `MCF-SMPL-${"ABCDEF"[i]}${"GHJKLM"[i]}${"NPQRST"[i]}${"UVWXYZ"[i]}`,
          event_id: dance.id,
          name,
          email: `barn-dance-${i + 1}@example.org`,
          quantity: 4,
          status: "confirmed" as const,
          confirmed_at: new Date(Date.now() - (30 - i) * DAY),
          cancel_token_hash: hashToken(newToken()),
          created_at: new Date(Date.now() - (30 - i) * DAY),
        })),
      );
      await tx.insert(waitlistEntries).values(
        [
          { name: "Priya Shah", email: "priya.shah@example.org", places: 2 },
          { name: "Gareth Jones", email: "gareth.jones@example.org", places: 4 },
          { name: "Ellen Marsh", email: "ellen.marsh@example.org", places: 1 },
        ].map((p, i) => ({ ...p, event_id: dance.id, created_at: new Date(Date.now() - (10 - i) * DAY) })),
      );
      return "written";
    },
  },
] satisfies readonly SampleSection[];
