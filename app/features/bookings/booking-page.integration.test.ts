/**
 * The booking page's action (the link in a buyer's confirmation): a refusal answers
 * Conform's reply (the unticked box's message under its field, the form's own under "")
 * and changes nothing; a cancellation answers its message.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "./table.ts";
import { createBooking } from "./bookings.server.ts";
import * as bookingRoute from "./booking-page.tsx";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

async function freeBooking() {
  const [event] = await getDb()
    .insert(events)
    .values({ title: "Craft morning", date: "2030-06-15", time: "10:00", description: "Crafts", location: "Millbrook Library", category: "social", booking_mode: "free", tickets_available: 20 })
    .returning();
  const made = await createBooking({ eventId: event.id, name: "Cal Cancel", email: `cal-${event.id}@example.org`, quantity: 2 }, { confirmByEmail: false });
  if (!made.ok) throw new Error(made.reason);
  return { reference: made.booking.reference, token: made.token };
}

async function post(params: { reference: string; token: string }, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const answer = (await bookingRoute.action(routeArgs(`/bookings/${params.reference}/${params.token}`, params, { method: "POST", body }))) as unknown as {
    data: unknown;
    init?: ResponseInit;
  };
  return { status: answer.init?.status ?? 200, data: answer.data, cacheControl: new Headers(answer.init?.headers).get("cache-control") };
}

const statusOf = async (reference: string) => (await getDb().select({ status: bookings.status }).from(bookings).where(eq(bookings.reference, reference)))[0]?.status;

describe("cancelling from the booking page", () => {
  it("refuses an unticked box under the box's own field, and an unknown request as the form's own; nothing is cancelled", async () => {
    const link = await freeBooking();
    const unticked = await post(link, { intent: "cancel" });
    expect(unticked).toEqual({
      status: 400,
      data: { status: "error", initialValue: {}, error: { confirm: ["Please tick the box to confirm that you want to cancel."] } },
      cacheControl: "private, no-store",
    });
    const unknown = await post(link, { intent: "delete", confirm: "yes" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: { "": ["Unknown request."] } });
    expect(await statusOf(link.reference)).toBe("confirmed");
  });

  it("cancels a ticked box with its message, then refuses a second time as the form's own", async () => {
    const link = await freeBooking();
    expect(await post(link, { intent: "cancel", confirm: "yes" })).toEqual({
      status: 200,
      data: { message: "Your booking is cancelled and your tickets have been released." },
      cacheControl: "private, no-store",
    });
    expect(await statusOf(link.reference)).toBe("cancelled");
    const again = await post(link, { intent: "cancel", confirm: "yes" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: { "": ["This booking cannot be cancelled."] } });
  });
});
