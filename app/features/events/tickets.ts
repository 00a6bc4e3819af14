/**
 * Price helpers shared by the event pages (browser) and the server. An event's price comes
 * from its booking settings: paid tickets have a price in pence, free bookings are free,
 * and only events without online booking (or booked elsewhere) use the free-text
 * ticket_price ("Free", "£10", "7.50", "Donations welcome").
 */
import type { BookingMode } from "./table.ts";
import { formatPence, readPence } from "../../lib/money.ts";

/** The price of one ticket in pence, read from the free text: 0 for free events, null when it cannot be read. */
export function ticketPricePence(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (/^free$/i.test(trimmed)) return 0;
  const read = readPence(trimmed);
  return read.ok ? read.pence : null;
}

/** Shows a price as the spec does: "Free" or "£10" / "£7.50". */
function formatPrice(pence: number): string {
  return pence === 0 ? "Free" : formatPence(pence);
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
  if (event.booking_mode === "paid") return event.ticket_price_pence ? formatPrice(event.ticket_price_pence) : null;
  if (event.booking_mode === "free") return "Free";
  const price = ticketPricePence(event.ticket_price);
  if (price !== null) return formatPrice(price);
  return event.ticket_price?.trim() || null;
}
