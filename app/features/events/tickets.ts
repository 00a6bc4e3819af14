/**
 * Price helpers shared by the event pages (browser) and the server. An event's price comes
 * from its booking settings: paid tickets have a price in pence, free bookings are free,
 * and only events without online booking (or booked elsewhere) use the free-text
 * ticket_price ("Free", "£10", "7.50", "Donations welcome").
 */
import type { BookingMode } from "../../db/schema.ts";

/** The price of one ticket in pounds: 0 for free events, null when it cannot be read. */
export function parseTicketPrice(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (/^free$/i.test(trimmed)) return 0;
  const match = /^£?\s*(\d+(?:\.\d{1,2})?)$/.exec(trimmed.replace(/,/g, ""));
  return match ? Number(match[1]) : null;
}

/** Shows a price as the spec does: "Free" or "£10" / "£7.50". */
function formatPrice(pounds: number): string {
  if (pounds === 0) return "Free";
  return Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`;
}

export interface EventPriceFields {
  booking_mode: BookingMode;
  ticket_price_pence: number | null;
  ticket_price: string | null;
}

/**
 * The price a visitor is told for an event ("£8", "Free", "Donations welcome"), taken
 * from its booking settings; null when nothing is known (never "Free" by default).
 */
export function eventPriceLabel(event: EventPriceFields): string | null {
  if (event.booking_mode === "paid") return event.ticket_price_pence ? formatPrice(event.ticket_price_pence / 100) : null;
  if (event.booking_mode === "free") return "Free";
  const price = parseTicketPrice(event.ticket_price);
  if (price !== null) return formatPrice(price);
  return event.ticket_price?.trim() || null;
}
