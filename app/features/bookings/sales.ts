/**
 * Ticket sale rules shared by the event page and the server: when sales close (24 hours
 * before the start, the start read as Millbrook time, Europe/London, GMT or BST), the
 * quantities a buyer may choose, and money in pence.
 */
import { ukStartInstant } from "../../lib/uk-time.ts";
export const SALES_CLOSE_HOURS_BEFORE = 24;
export const MAX_TICKETS_PER_BOOKING = 10;
/** How long tickets are held for a buyer in Stripe Checkout (Stripe's shortest session). */
export const CHECKOUT_HOLD_MINUTES = 30;
/** How long a free booking's tickets are held for the buyer to follow the link emailed to them. */
export const CONFIRM_LINK_MINUTES = 30;

/** When online ticket sales end for an event: 24 hours before it starts. */
export function salesCloseAt(event: { date: string; time: string }): Date {
  return new Date(ukStartInstant(event.date, event.time).getTime() - SALES_CLOSE_HOURS_BEFORE * 3_600_000);
}

export function salesOpen(event: { date: string; time: string }, now: Date = new Date()): boolean {
  return now.getTime() < salesCloseAt(event).getTime();
}

/** The largest quantity a buyer may choose: 10, or fewer when fewer are left. */
export function maxQuantity(ticketsLeft: number | null): number {
  return ticketsLeft === null ? MAX_TICKETS_PER_BOOKING : Math.max(0, Math.min(MAX_TICKETS_PER_BOOKING, ticketsLeft));
}

/** A reference as typed at the door ("mcf 7k3q 9xpd") in its printed form (MCF-7K3Q-9XPD), or null. */
export function normaliseReference(input: string): string | null {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const body = compact.startsWith("MCF") ? compact.slice(3) : compact;
  if (!/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/.test(body)) return null;
  return `MCF-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** What the event page's ticket box offers (booking modes other than "none"). */
export interface TicketOffer {
  mode: "free" | "paid" | "external";
  /** Price of one ticket in pence (0 when free). */
  pricePence: number;
  /** Tickets left when the event has a limit, else null. */
  left: number | null;
  /** open; closed (24 hours before the start); sold-out; unavailable (paid, but online payments are off). */
  state: "open" | "closed" | "sold-out" | "unavailable";
  bookingUrl: string | null;
  /** The free-text price shown for a link out ("From £12 on the venue's site"), if any. */
  priceText: string | null;
  /** The ticket types on sale, in order (none for a link out). */
  types: OfferedType[];
  /** The buyer is asked for each ticket's attendee name. */
  attendeeNames: boolean;
  /** The Gift Aid declaration offered for a donation added to the order (set by the page). */
  giftAidDeclaration?: string;
}

interface OfferedType {
  /** 0: the event's only type, not yet stored. */
  id: number;
  name: string;
  description: string | null;
  pricePence: number;
  placesPerTicket: number;
  /** Tickets of this type that can still be bought (its own limit and the places left), or null without either. */
  left: number | null;
}
