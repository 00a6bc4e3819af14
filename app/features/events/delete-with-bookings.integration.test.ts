/** An event with bookings is not deleted: the answer says why and what to do instead; without bookings it goes. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "./table.ts";
import { createBooking } from "../bookings/bookings.server.ts";
import { deleteEvent } from "./events-admin.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

async function event() {
  const [row] = await getDb()
    .insert(events)
    .values({ title: "Ceilidh", date: "2031-03-01", time: "19:00", description: "Dancing.", location: "Village Hall", category: "social", booking_mode: "free", tickets_available: 50 })
    .returning();
  return row!;
}

describe("deleting an event", () => {
  it("with bookings: refused with the reason and what can be done; the event stays", async () => {
    const row = await event();
    for (const name of ["Ann", "Bob"]) {
      const made = await createBooking({ eventId: row.id, name, email: `${name.toLowerCase()}@example.org`, quantity: 1 });
      expect(made.ok).toBe(true);
    }
    const answer = await deleteEvent(row.id, actor);
    expect(answer).toBe("it has 2 bookings. To call it off, hide it from the website and cancel or refund its bookings on its Bookings screen.");
    expect(await getDb().select().from(events).where(eq(events.id, row.id))).toHaveLength(1);
  });

  it("without bookings: deleted", async () => {
    const row = await event();
    expect(await deleteEvent(row.id, actor)).toBe(true);
  });
});
