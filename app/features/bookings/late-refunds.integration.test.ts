/**
 * A ticket payment that arrives after its hold was released and the tickets were sold
 * is refunded through the job queue: Stripe (the local double) fails the first refund,
 * the job tries again and succeeds; a refund that keeps failing stays owed and is shown
 * to staff (Diagnostics, the event's bookings).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "./table.ts";
import { holdForCheckout, owedRefunds } from "./bookings.server.ts";
import { siteJobs } from "../../jobs/jobs.server.ts";
import { startQueue } from "../../jobs/queue.server.ts";
import { checkOwedRefunds } from "../../system/diagnostics.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { withStripeDouble } from "../../../tests/helpers/stripe-site.ts";

const database = setupTestDatabase();
const { stripe } = withStripeDouble();

async function runningQueue() {
  const queue = await startQueue(database.url, siteJobs({ refundRetryDelaySeconds: 1 }), { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
  onTestFinished(() => queue.stop(5_000));
  return queue;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A paid booking whose hold was released and whose tickets went to someone else; then its payment arrives. */
async function latePayment(label: string) {
  const [event] = await getDb()
    .insert(events)
    .values({ title: `Late ${label}`, date: "2030-06-15", time: "19:30", description: "x", location: "Hall", category: "social", booking_mode: "paid", ticket_price_pence: 800, tickets_available: 2 })
    .returning();
  const origin = "http://localhost:5999";
  const first = await holdForCheckout({ eventId: event.id, name: "Late Payer", email: `late-${label}@example.org`, quantity: 2 }, { origin });
  if (!first.ok) throw new Error(first.reason);
  // The hold runs out (the sweep released it) and another buyer takes both tickets.
  await getDb().update(bookings).set({ status: "expired", hold_expires_at: null }).where(eq(bookings.id, first.booking.id));
  const second = await holdForCheckout({ eventId: event.id, name: "On Time", email: `ontime-${label}@example.org`, quantity: 2 }, { origin });
  if (!second.ok) throw new Error(second.reason);
  // The first buyer's payment arrives now: no ticket left for them.
  await stripe.complete(first.booking.stripe_checkout_session_id!);
  const [row] = await getDb().select().from(bookings).where(eq(bookings.id, first.booking.id));
  return { event, booking: row };
}

describe("refunds of late payments", () => {
  it("goes through the job queue: the first refund fails at Stripe, the retry makes it", async () => {
    await runningQueue();
    // Every try of the SDK (it retries twice itself) fails once: the job's first attempt fails.
    stripe.failRefunds = 3;
    const { event, booking } = await latePayment("retry");
    expect(booking.status).toBe("refunded");
    expect(booking.refund_owed_since).not.toBeNull();

    // The first attempt fails and is noted; staff see the refund owed meanwhile.
    const failed = await waitFor(
      () => getDb().select().from(bookings).where(eq(bookings.id, booking.id)).then(([r]) => r),
      (r) => r.refund_error !== null || r.refund_owed_since === null,
    );
    expect(failed.refund_error).toMatch(/could not be made/);
    expect((await owedRefunds({ eventId: event.id })).map((r) => r.reference)).toEqual([booking.reference]);

    // The retry succeeds: Stripe refunded the payment, nothing is owed any more.
    const settled = await waitFor(
      () => getDb().select().from(bookings).where(eq(bookings.id, booking.id)).then(([r]) => r),
      (r) => r.refund_owed_since === null,
    );
    expect(settled.refund_owed_since).toBeNull();
    expect(settled.refund_error).toBeNull();
    expect(stripe.paymentIntents.get(booking.stripe_payment_intent_id!)?.refunded).toBe(true);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds").length).toBeGreaterThanOrEqual(4);
    expect(await owedRefunds({ eventId: event.id })).toEqual([]);
  });

  it("a refund that keeps failing stays owed and is shown to staff in Diagnostics", async () => {
    stripe.failRefunds = 1_000;
    onTestFinished(() => void (stripe.failRefunds = 0));
    // No queue in this process: the refund is tried once, fails, and stays owed.
    const { booking } = await latePayment("stuck");
    const [row] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.refund_owed_since).not.toBeNull();
    expect(row.refund_error).toMatch(/could not be made/);
    const check = await checkOwedRefunds();
    expect(check.status).toBe("error");
    expect(check.detail).toContain(booking.reference);
    expect(check.detail).toContain("Late Payer");
    expect(check.link?.to).toBe(`/admin/events/${booking.event_id}/bookings`);
    expect(stripe.paymentIntents.get(booking.stripe_payment_intent_id!)?.refunded).toBe(false);
  });
});
