/**
 * What a confirmed booking gives the buyer: the ticket (a QR code of the reference, drawn
 * here as SVG with the qrcode library), the calendar entry, and the confirmation email
 * carrying both, with the link to the booking page (view and cancel).
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { bookings, type BookingRow } from "./table.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { hashToken } from "../../lib/tokens.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { eventToIcs } from "../events/index.ts";
import { CONFIRM_LINK_MINUTES } from "./sales.ts";
import { formatPenceExact } from "../../lib/money.ts";

const CHARITY_NAME = "Millbrook Community Foundation";

/** The qrcode library, loaded on the first ticket rather than with the server. */
const qrcode = async () => (await import("qrcode")).default;

/** The QR code of a booking reference: its size in modules and one SVG path of the dark ones. */
export async function ticketQr(reference: string): Promise<{ size: number; path: string }> {
  const { modules } = (await qrcode()).create(reference, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join("") };
}

/** The ticket as a standalone SVG file (the email's attachment). */
export async function ticketSvg(reference: string): Promise<string> {
  return (await qrcode()).toString(reference, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/** "Friday 29 January 2027". */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).formatToParts(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** "7:30pm", "7pm". */
export function shortTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const h = Number(match[1]);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${match[2] === "00" ? "" : `:${match[2]}`}${h >= 12 ? "pm" : "am"}`;
}

function bookingIcs(event: EventRow, origin: string): string {
  return eventToIcs({
    id: event.id,
    title: event.title,
    date: event.date,
    time: event.time,
    endTime: event.end_time,
    description: event.description,
    location: event.location_address || event.location,
    url: `${origin}/events/${event.id}`,
  });
}

/** The buyer's page: see the ticket, add to calendar, cancel. */
export function bookingPath(reference: string, token: string): string {
  return `/bookings/${reference}/${token}`;
}

function confirmationText(booking: BookingRow, event: EventRow, origin: string, link: string | null): string {
  const lines = [
    `Hello ${booking.name},`,
    "",
    `Your booking for ${event.title} is confirmed.`,
    "",
    `Booking reference: ${booking.reference}`,
    `Event: ${event.title}`,
    `Date: ${longDate(event.date)}`,
    `Time: ${shortTime(event.time)}`,
    `Place: ${event.location_address || event.location}`,
    `Tickets: ${booking.quantity}`,
    `Amount: ${booking.amount_pence > 0 ? formatPenceExact(booking.amount_pence) : "Free"}`,
    "",
    "Your ticket (a QR code of your booking reference) and a calendar entry are attached. Show the ticket or tell us your reference at the door.",
  ];
  if (link) {
    lines.push("", "Your booking, your ticket and cancellation (until 24 hours before the event):", `${origin}${link}`);
  }
  lines.push("", `Event details: ${origin}/events/${event.id}`, "", "See you there,", CHARITY_NAME);
  return lines.join("\n");
}

/**
 * Queues the confirmation of a booking for the "mail" job. `token` is the secret of the buyer's link (a free
 * booking just made, or the one a paid booking's Checkout session carried); a token that
 * does not match the booking is left out.
 */
export async function sendBookingConfirmation(bookingId: string, token: string | null = null): Promise<void> {
  const [row] = await getDb().select({ booking: bookings, event: events }).from(bookings).innerJoin(events, eq(events.id, bookings.event_id)).where(eq(bookings.id, bookingId));
  if (!row || row.booking.status !== "confirmed") return;
  const { booking, event } = row;
  const link = token && hashToken(token) === booking.cancel_token_hash ? bookingPath(booking.reference, token) : null;
  const origin = siteOrigin().replace(/\/+$/, "");
  await queueMail({
    to: booking.email,
    subject: `Your booking for ${event.title}: ${booking.reference}`,
    text: confirmationText(booking, event, origin, link),
    attachments: [
      { filename: `ticket-${booking.reference}.svg`, content: await ticketSvg(booking.reference), contentType: "image/svg+xml" },
      { filename: "event.ics", content: bookingIcs(event, origin), contentType: "text/calendar; charset=utf-8" },
    ],
  });
}

/**
 * Queues the email that confirms a free booking: the link to the booking page, where the
 * buyer presses Confirm (a link alone does not confirm: mail scanners open links). False
 * when it could not be queued (mail to that address is limited this hour).
 */
export async function sendConfirmLink(bookingId: string, token: string): Promise<boolean> {
  const [row] = await getDb().select({ booking: bookings, event: events }).from(bookings).innerJoin(events, eq(events.id, bookings.event_id)).where(eq(bookings.id, bookingId));
  if (!row || row.booking.status !== "held" || hashToken(token) !== row.booking.cancel_token_hash) return false;
  const { booking, event } = row;
  const origin = siteOrigin().replace(/\/+$/, "");
  return queueMail({
    to: booking.email,
    subject: `Please confirm your booking for ${event.title}`,
    text: [
      `Hello ${booking.name},`,
      "",
      `Please confirm your booking of ${booking.quantity === 1 ? "1 free ticket" : `${booking.quantity} free tickets`} for ${event.title} (${longDate(event.date)}, ${shortTime(event.time)}).`,
      `Open this link and press "Confirm my booking" within ${CONFIRM_LINK_MINUTES} minutes:`,
      `${origin}${bookingPath(booking.reference, token)}`,
      "",
      `Your tickets are held until then. If you did not book, ignore this email: the tickets will be released.`,
      "",
      CHARITY_NAME,
    ].join("\n"),
  });
}
