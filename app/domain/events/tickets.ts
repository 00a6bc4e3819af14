/**
 * Ticket and money helpers shared by the event page (browser) and the server.
 * ticket_price is free text in the database ("Free", "£10", "7.50").
 */
export const MIN_TICKETS = 1;
export const MAX_TICKETS = 10;

/** The price of one ticket in pounds: 0 for free events, null when it cannot be read. */
export function parseTicketPrice(text: string | null | undefined): number | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (/^free$/i.test(trimmed)) return 0;
  const match = /^£?\s*(\d+(?:\.\d{1,2})?)$/.exec(trimmed.replace(/,/g, ""));
  return match ? Number(match[1]) : null;
}

/** Clamps a requested quantity to a whole number from 1 to 10. */
export function clampQuantity(value: unknown): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n)) return MIN_TICKETS;
  return Math.min(MAX_TICKETS, Math.max(MIN_TICKETS, n));
}

/** The total for a quantity of tickets, always with two decimals ("150.00"). */
export function ticketTotal(pricePerTicket: number, quantity: number): string {
  return ((Math.round(pricePerTicket * 100) * clampQuantity(quantity)) / 100).toFixed(2);
}

/** Shows a price as the spec does: "Free" or "£10" / "£7.50". */
export function formatPrice(pounds: number): string {
  if (pounds === 0) return "Free";
  return Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`;
}

export function purchaseMessage(quantity: number, pricePerTicket: number): string {
  return `Purchase ${clampQuantity(quantity)} tickets for £${ticketTotal(pricePerTicket, quantity)}`;
}
