/**
 * The emails about a confirmed booking around its event, sent by the "event-mails" job
 * (every ten minutes, on whichever instance takes it):
 *
 * - the reminder, once the event is less than a setting's hours away (24 by default):
 *   the ticket reference, its QR code (attached, as with the confirmation) and the place;
 * - the thank-you, after the event, when staff switched it on for the event: thanks for
 *   coming and a link to give.
 *
 * Each is claimed before it is queued, by inserting its (booking, kind) row: the primary
 * key lets one worker win, so two instances, or a run after a restart, never send it
 * twice. A claim whose email could not be queued is given back, for the next run.
 */
import { and, eq, gte, inArray, lte, notExists, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { givingSettings } from "../giving/table.ts";
import { bookings, type BookingRow } from "../bookings/table.ts";
import { longDate, shortTime, ticketSvg } from "../bookings/index.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { mailConfigured, queueMail, type MailMessage } from "../../mail/mailer.server.ts";
import { bookingMails, type BookingMailKind } from "./table.ts";
import { ukStartInstant } from "../../lib/uk-time.ts";

export const EVENT_MAILS_JOB = "event-mails";
const DEFAULT_REMINDER_HOURS = 24;
/** Thank-yous go this long after the start when an event has no end time. */
const ASSUMED_LENGTH_MS = 3 * 3_600_000;
/** A thank-you is not sent for an event that ended longer ago than this (a job that was off for days). */
const THANK_YOU_WITHIN_MS = 3 * 24 * 3_600_000;
const CHARITY_NAME = "Millbrook Community Foundation";

/** When an event starts and ends (Millbrook time). */
function eventTimes(event: Pick<EventRow, "date" | "time" | "end_time">): { start: Date; end: Date } {
  const start = ukStartInstant(event.date, event.time);
  const end = event.end_time && event.end_time > event.time ? ukStartInstant(event.date, event.end_time) : new Date(start.getTime() + ASSUMED_LENGTH_MS);
  return { start, end };
}

/** Whether a booking's reminder is due at `now`: within `hours` before the start, and not after it. */
export function reminderDue(event: Pick<EventRow, "date" | "time">, hours: number, now: Date): boolean {
  const start = ukStartInstant(event.date, event.time).getTime();
  return now.getTime() < start && now.getTime() >= start - hours * 3_600_000;
}

/** Whether an event's thank-you is due at `now`: after it ended, within three days. */
export function thankYouDue(event: Pick<EventRow, "date" | "time" | "end_time">, now: Date): boolean {
  const { end } = eventTimes(event);
  return now.getTime() >= end.getTime() && now.getTime() < end.getTime() + THANK_YOU_WITHIN_MS;
}

async function reminderHours(): Promise<number> {
  const [row] = await getDb().select({ hours: givingSettings.reminder_hours_before }).from(givingSettings).limit(1);
  return row?.hours ?? DEFAULT_REMINDER_HOURS;
}

function reminderMail(booking: BookingRow, event: EventRow, origin: string, svg: string): MailMessage {
  return {
    to: booking.email,
    subject: `Reminder: ${event.title} is on ${longDate(event.date)}`,
    text: [
      `Hello ${booking.name},`,
      "",
      `This is a reminder that you have booked for ${event.title}.`,
      "",
      `Booking reference: ${booking.reference}`,
      `Date: ${longDate(event.date)}`,
      `Time: ${shortTime(event.time)}`,
      `Place: ${event.location_address || event.location}`,
      `Tickets: ${booking.quantity}`,
      "",
      "Your ticket (a QR code of your booking reference) is attached. Show it or tell us your reference at the door.",
      "",
      `Event details: ${origin}/events/${event.id}`,
      "",
      "See you there,",
      CHARITY_NAME,
    ].join("\n"),
    attachments: [{ filename: `ticket-${booking.reference}.svg`, content: svg, contentType: "image/svg+xml" }],
  };
}

function thankYouMail(booking: BookingRow, event: EventRow, origin: string): MailMessage {
  return {
    to: booking.email,
    subject: `Thank you for coming to ${event.title}`,
    text: [
      `Hello ${booking.name},`,
      "",
      `Thank you for coming to ${event.title}. Events like this one keep Millbrook's groups, clubs and projects going.`,
      "",
      "If you would like to help us do more, you can give online:",
      `${origin}/support`,
      "",
      "With thanks,",
      CHARITY_NAME,
    ].join("\n"),
  };
}

/** Claims a booking's email of one kind; true for the one worker that wins. */
async function claim(bookingId: string, kind: BookingMailKind): Promise<boolean> {
  const rows = await getDb().insert(bookingMails).values({ booking_id: bookingId, kind }).onConflictDoNothing().returning({ id: bookingMails.booking_id });
  return rows.length === 1;
}

async function unclaim(bookingId: string, kind: BookingMailKind): Promise<void> {
  await getDb().delete(bookingMails).where(and(eq(bookingMails.booking_id, bookingId), eq(bookingMails.kind, kind)));
}

/** Confirmed bookings of events dated between two days, without an email of this kind yet. */
function candidates(kind: BookingMailKind, from: string, to: string, onlyThankYou: boolean) {
  return getDb()
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(
      and(
        eq(bookings.status, "confirmed"),
        eq(events.is_active, true),
        inArray(events.booking_mode, ["free", "paid"]),
        gte(events.date, from),
        lte(events.date, to),
        onlyThankYou ? eq(events.thank_you_email, true) : undefined,
        notExists(
          getDb()
            .select({ one: sql`1` })
            .from(bookingMails)
            .where(and(eq(bookingMails.booking_id, bookings.id), eq(bookingMails.kind, kind))),
        ),
      ),
    );
}

const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The "event-mails" job: sends the reminders and thank-yous that are due. */
export async function runEventMails(now: Date = new Date()): Promise<{ reminders: number; thankYous: number }> {
  if (!mailConfigured()) return { reminders: 0, thankYous: 0 };
  const origin = siteOrigin().replace(/\/+$/, "");
  const hours = await reminderHours();
  const send = async (kind: BookingMailKind, row: { booking: BookingRow; event: EventRow }, message: () => Promise<MailMessage>) => {
    if (!(await claim(row.booking.id, kind))) return false;
    const queued = await message()
      .then((m) => queueMail(m))
      .catch((error: unknown) => {
        logger.warn({ err: error, booking: row.booking.reference, kind }, "event email not queued");
        return false;
      });
    if (!queued) await unclaim(row.booking.id, kind);
    return queued;
  };
  let reminders = 0;
  for (const row of await candidates("reminder", dayOffset(now, -1), dayOffset(now, Math.ceil(hours / 24) + 1), false)) {
    if (!reminderDue(row.event, hours, now)) continue;
    if (await send("reminder", row, async () => reminderMail(row.booking, row.event, origin, await ticketSvg(row.booking.reference)))) reminders++;
  }
  let thankYous = 0;
  for (const row of await candidates("thank-you", dayOffset(now, -4), dayOffset(now, 1), true)) {
    if (!thankYouDue(row.event, now)) continue;
    if (await send("thank-you", row, async () => thankYouMail(row.booking, row.event, origin))) thankYous++;
  }
  if (reminders + thankYous > 0) logger.info({ reminders, thankYous }, "event emails queued");
  return { reminders, thankYous };
}
