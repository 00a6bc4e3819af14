/**
 * How many tickets one client can get, measured through the event page's action as a
 * script would drive it: many parallel requests from one address (each with a made-up
 * email), one email from many addresses, free and paid events. The figure must not pass
 * the per-client limit (a setting, 10 by default), and open holds count against it. With
 * mail configured a free booking is held until the buyer follows the emailed link, and
 * released if they do not.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { givingSettings } from "../../app/features/giving/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { availability, confirmByLink, createBooking, releaseExpired } from "../../app/features/bookings/bookings.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as eventAction } from "../../app/features/events/event-page.tsx";
import { StripeDouble } from "../../scripts/stripe-double.ts";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const stripe = new StripeDouble();
const savedEnv = { ...process.env };

beforeAll(async () => {
  await stripe.start();
  Object.assign(process.env, stripe.env(), { PUBLIC_URL: "http://localhost:5999" });
  reloadConfig();
});

afterAll(async () => {
  process.env = savedEnv;
  reloadConfig();
  await stripe.stop();
});

let n = 0;
async function makeEvent(values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(events)
    .values({
      title: `Limit event ${++n}`,
      date: "2030-06-15",
      time: "19:30",
      description: "A test event",
      location: "Millbrook Town Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 200,
      ...values,
    })
    .returning();
  return row;
}

/** One POST of the ticket box, from `ip`, as the browser sends it. */
async function book(eventId: number, ip: string, email: string, quantity = 10): Promise<number> {
  const form = new URLSearchParams({ intent: "book", name: "Script Kiddie", email, quantity: String(quantity) });
  const request = new Request(`http://localhost/events/${eventId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, secure: false });
  try {
    const result = (await eventAction({ params: { id: String(eventId) }, request, context } as never)) as unknown;
    if (result instanceof Response) return result.status;
    const init = (result as { init?: ResponseInit | null }).init;
    return init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/** Tickets taken (sold and held) for an event: what the client obtained. */
async function taken(eventId: number): Promise<number> {
  const a = await availability(eventId);
  return (a?.sold ?? 0) + (a?.held ?? 0);
}

const madeUp = () => `nobody-${randomUUID().slice(0, 8)}@example.invalid`;

describe("tickets one client can get", () => {
  it("50 parallel free bookings of 10 from one address, each to a made-up email: at most 10 tickets", async () => {
    const event = await makeEvent();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => book(event.id, "203.0.113.50", madeUp())));
    const obtained = await taken(event.id);
    console.info(`tickets obtained by one address (free, 50 parallel requests of 10): ${obtained}`);
    expect(obtained).toBeLessThanOrEqual(10);
    expect(obtained).toBe(10);
    expect(statuses.filter((s) => s === 302 || s === 303)).toHaveLength(1);
  });

  it("one address asking a ticket at a time gets 10, then is refused with what the limit is", async () => {
    const event = await makeEvent();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push(await book(event.id, "2001:db8:1:2::7", madeUp(), 1));
    // Another address in the same /64 counts as the same client: 8 + 3 is over 10.
    statuses.push(await book(event.id, "2001:db8:1:2::99", madeUp(), 3));
    statuses.push(await book(event.id, "2001:db8:1:2::99", madeUp(), 2));
    expect(statuses).toEqual([303, 303, 303, 303, 303, 303, 303, 303, 409, 303]);
    expect(await taken(event.id)).toBe(10);
    // Someone else (another address, another email) still can.
    const other = await createBooking({ eventId: event.id, name: "A", email: madeUp(), quantity: 2, client: null });
    expect(other.ok).toBe(true);
  });

  it("one email from 30 addresses: at most 10 tickets", async () => {
    const event = await makeEvent();
    await Promise.all(Array.from({ length: 30 }, (_, i) => book(event.id, `198.51.100.${i + 1}`, "Same.Person@Example.org", 5)));
    const obtained = await taken(event.id);
    console.info(`tickets obtained by one email (free, 30 addresses, 5 each): ${obtained}`);
    expect(obtained).toBe(10);
  });

  it("paid: 20 parallel holds of 10 from one address hold at most 10 tickets, and the open hold counts", async () => {
    const event = await makeEvent({ booking_mode: "paid", ticket_price_pence: 500, tickets_available: 80 });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => book(event.id, "192.0.2.80", madeUp())));
    const obtained = await taken(event.id);
    console.info(`tickets held by one address (paid, 20 parallel requests of 10): ${obtained}`);
    expect(obtained).toBe(10);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect((await availability(event.id))?.held).toBe(10);
  });

  it("the limit is the administrators' setting", async () => {
    await getDb().insert(givingSettings).values({ id: 1, max_tickets_per_client: 4 }).onConflictDoUpdate({ target: givingSettings.id, set: { max_tickets_per_client: 4 } });
    try {
      const event = await makeEvent();
      await Promise.all(Array.from({ length: 10 }, () => book(event.id, "203.0.113.77", madeUp(), 2)));
      expect(await taken(event.id)).toBe(4);
    } finally {
      await getDb().update(givingSettings).set({ max_tickets_per_client: 10 });
    }
  });
});

describe("free bookings confirmed by an emailed link when mail is configured", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>" });
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    reloadConfig();
    await smtp.stop();
  });

  it("holds the tickets for 30 minutes, mails the link, and confirms only through it", async () => {
    const event = await makeEvent({ tickets_available: 5 });
    const email = `real-${randomUUID().slice(0, 8)}@example.org`;
    expect(await book(event.id, "203.0.113.90", email, 3)).toBe(200);
    const [row] = await getDb().select().from(bookings).where(eq(bookings.event_id, event.id));
    expect(row.status).toBe("held");
    expect(row.hold_expires_at!.getTime() - row.created_at.getTime()).toBe(30 * 60_000);
    expect(await availability(event.id)).toMatchObject({ sold: 0, held: 3, left: 2 });

    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe(`Please confirm your booking for ${event.title}`);
    const link = /\/bookings\/(MCF-[A-Z0-9-]+)\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const [, reference, token] = link!;
    expect(reference).toBe(row.reference);

    expect((await confirmByLink(reference, "x".repeat(43))).outcome).toBe("not-found");
    expect((await confirmByLink(reference, token)).outcome).toBe("confirmed");
    expect(await availability(event.id)).toMatchObject({ sold: 3, held: 0 });
    // The ticket follows by email.
    expect(smtp.mails.some((m) => m.to.includes(email) && m.subject.startsWith("Your booking for"))).toBe(true);
  });

  it("a link not followed in time releases the tickets; following it later confirms nothing", async () => {
    const event = await makeEvent({ tickets_available: 10 });
    const made = await createBooking({ eventId: event.id, name: "Fake", email: madeUp(), quantity: 10, client: null });
    if (!made.ok) throw new Error(made.reason);
    expect(made.pending).toBe(true);
    expect((await availability(event.id))?.left).toBe(0);
    const later = new Date(made.booking.hold_expires_at!.getTime() + 1000);
    expect((await availability(event.id, later))?.left).toBe(10);
    expect(await releaseExpired(later)).toBeGreaterThanOrEqual(1);
    expect((await confirmByLink(made.booking.reference, made.token, { now: later })).outcome).toBe("expired");
    expect((await availability(event.id))?.sold).toBe(0);
  });
});
