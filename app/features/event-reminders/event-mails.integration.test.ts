/**
 * Booking reminders and thank-yous through the job queue with two instances running:
 * each confirmed booking gets exactly one reminder (reference, QR ticket, place), however
 * often the job runs and on whichever instance; thank-yous only where staff switched them on.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import { cancelByToken, createBooking } from "../bookings/bookings.server.ts";
import { siteJobs } from "../../jobs/jobs.server.ts";
import { startQueue } from "../../jobs/queue.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { EVENT_MAILS_JOB, reminderDue, runEventMails, thankYouDue } from "./event-mails.server.ts";
import { bookingMails } from "./table.ts";

const database = setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });
const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };

/** A Millbrook date and time `hours` from now. */
function londonIn(hours: number): { date: string; time: string } {
  const at = new Date(Date.now() + hours * 3_600_000);
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const p = (t: string) => parts.find((x) => x.type === t)!.value;
  return { date: `${p("year")}-${p("month")}-${p("day")}`, time: `${p("hour")}:${p("minute")}` };
}

async function eventWithBookings(title: string, when: { date: string; time: string }, people: string[], values: Partial<typeof events.$inferInsert> = {}) {
  const [event] = await getDb()
    .insert(events)
    .values({ title, ...when, description: "Test", location: "Millbrook Town Hall", location_address: "14 Market Street, Millbrook", category: "social", booking_mode: "free", tickets_available: 50, ...values })
    .returning();
  const made = [];
  for (const name of people) {
    // Booked days ago (before the cut-off), as real bookings are.
    const r = await createBooking({ eventId: event.id, name, email: `${name.toLowerCase()}@reminders.test`, quantity: 2 }, { confirmByEmail: false, now: new Date(Date.now() - 5 * 86_400_000) });
    if (!r.ok) throw new Error(r.reason);
    made.push(r);
  }
  return { event, made };
}

describe("when reminders and thank-yous are due", () => {
  it("a reminder within the setting's hours before the start (Millbrook time), a thank-you after the end for three days", () => {
    const event = { date: "2030-03-30", time: "19:30", end_time: "22:00" }; // GMT
    expect(reminderDue(event, 24, new Date("2030-03-29T19:29:00Z"))).toBe(false);
    expect(reminderDue(event, 24, new Date("2030-03-29T19:30:00Z"))).toBe(true);
    expect(reminderDue(event, 24, new Date("2030-03-30T19:30:00Z"))).toBe(false);
    const summer = { date: "2030-03-31", time: "19:30", end_time: null }; // BST from 31 March 2030: 18:30 UTC
    expect(reminderDue(summer, 24, new Date("2030-03-30T18:30:00Z"))).toBe(true);
    expect(reminderDue(summer, 24, new Date("2030-03-30T18:29:00Z"))).toBe(false);
    expect(thankYouDue(event, new Date("2030-03-30T21:59:00Z"))).toBe(false);
    expect(thankYouDue(event, new Date("2030-03-30T22:00:00Z"))).toBe(true);
    expect(thankYouDue(summer, new Date("2030-03-31T21:30:00Z"))).toBe(true); // no end time: three hours after the start
    expect(thankYouDue(event, new Date("2030-04-03T22:00:00Z"))).toBe(false);
  });
});

describe("reminders through the queue", () => {
  it("each confirmed booking gets exactly one reminder, with two instances and repeated runs", async () => {
    const a = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 1 }), FAST);
    const b = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 1 }), FAST);
    onTestFinished(async () => {
      await a.stop(5_000);
      await b.stop(5_000);
    });
    const soon = await eventWithBookings("Quiz night", londonIn(12), ["Ada", "Ben", "Cat", "Dee"]);
    const later = await eventWithBookings("Barn dance", londonIn(60), ["Eve"]);
    // A cancelled booking is not reminded.
    await getDb().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, soon.made[3].booking.id));

    await Promise.all([
      a.boss.send(EVENT_MAILS_JOB, {}),
      b.boss.send(EVENT_MAILS_JOB, {}),
      a.boss.send(EVENT_MAILS_JOB, {}),
      runEventMails(),
      runEventMails(),
    ]);
    const reminders = () => smtp.mails.filter((m) => m.subject.startsWith("Reminder:"));
    await vi.waitFor(() => expect(reminders()).toHaveLength(3), { timeout: 20_000, interval: 100 });
    await new Promise((r) => setTimeout(r, 3_000)); // time for any duplicate to arrive
    expect(reminders()).toHaveLength(3);
    expect(reminders().flatMap((m) => m.to).sort()).toEqual(["ada@reminders.test", "ben@reminders.test", "cat@reminders.test"]);

    const ada = reminders().find((m) => m.to.includes("ada@reminders.test"))!;
    expect(ada.subject).toMatch(/^Reminder: Quiz night is on /);
    expect(ada.text).toContain(`Booking reference: ${soon.made[0].booking.reference}`);
    expect(ada.text).toContain("Place: 14 Market Street, Millbrook");
    const qr = ada.attachments.find((f) => f.filename === `ticket-${soon.made[0].booking.reference}.svg`);
    expect(qr?.content).toContain("<svg");
    expect(reminders().some((m) => m.to.includes("eve@reminders.test"))).toBe(false);
    expect(later.event.id).toBeGreaterThan(0);
    expect(await getDb().select().from(bookingMails)).toHaveLength(3);
  });
});

describe("thank-yous", () => {
  it("go after the event to its confirmed bookings, only where staff switched them on", async () => {
    const on = await eventWithBookings("Summer fair", { date: "2030-07-06", time: "11:00" }, ["Fay", "Gus"], { thank_you_email: true, end_time: "16:00" });
    const off = await eventWithBookings("Coffee morning", { date: "2030-07-06", time: "10:00" }, ["Hal"], { end_time: "12:00" });
    // Gus cancels before the event.
    await cancelByToken(on.made[1].booking.reference, on.made[1].token, { now: new Date("2030-07-01T10:00:00Z") });
    const after = new Date("2030-07-06T16:30:00Z"); // 5:30pm BST
    const [first, second] = await Promise.all([runEventMails(after), runEventMails(after)]);
    expect(first.thankYous + second.thankYous).toBe(1);
    const thanks = smtp.mails.filter((m) => m.subject.startsWith("Thank you for coming"));
    expect(thanks.flatMap((m) => m.to)).toEqual(["fay@reminders.test"]);
    expect(thanks[0].text).toContain("http://localhost:5999/support");
    expect(await runEventMails(after)).toEqual({ reminders: 0, thankYous: 0 });
    expect(off.made).toHaveLength(1);
  });
});
