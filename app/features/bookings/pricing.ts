/**
 * The arithmetic of a ticket order, shared by the event page and the server: the ticket
 * part (each type's price × quantity), a discount code's reduction (of the ticket part
 * only, never below zero), the donation added to the order, and what Gift Aid may be
 * claimed on. No Zod and no server code: the event page imports this file.
 *
 * Gift Aid rule (HMRC): admission to an event is bought, not given, so no part of what a
 * ticket costs is ever Gift Aided. Only a donation added to the order can be, and only
 * when the buyer makes the declaration for it.
 */
import { ukDate } from "../../lib/uk-time.ts";
/** Percentage off, or a fixed amount in pence off. */
type DiscountKind = "percent" | "fixed";

export interface OrderLine {
  unitPence: number;
  quantity: number;
  placesPerTicket: number;
}

export interface Discount {
  kind: DiscountKind;
  /** A percentage (1–100) or pence off. */
  amount: number;
}

export interface OrderTotals {
  ticketsPence: number;
  discountPence: number;
  donationPence: number;
  /** What the buyer pays. */
  totalPence: number;
  /** Places the order takes from the event's capacity. */
  places: number;
  tickets: number;
  /** The part Gift Aid may be claimed on: the donation, and only with a declaration. */
  giftAidablePence: number;
}

/** What a code takes off a ticket part: at most the ticket part itself (never below zero). */
export function discountOff(discount: Discount | null, ticketsPence: number): number {
  if (!discount || ticketsPence <= 0) return 0;
  const off = discount.kind === "percent" ? Math.round((ticketsPence * Math.min(100, Math.max(0, discount.amount))) / 100) : Math.max(0, discount.amount);
  return Math.min(ticketsPence, off);
}

/** Gift Aid is claimed on the donation part only; admission never. */
export function giftAidablePence(order: { donationPence: number; giftAid: boolean }): number {
  return order.giftAid ? Math.max(0, order.donationPence) : 0;
}

export function orderTotals(lines: readonly OrderLine[], discount: Discount | null, donationPence: number, giftAid: boolean): OrderTotals {
  const ticketsPence = lines.reduce((sum, l) => sum + l.unitPence * l.quantity, 0);
  const discountPence = discountOff(discount, ticketsPence);
  const donation = Math.max(0, donationPence);
  return {
    ticketsPence,
    discountPence,
    donationPence: donation,
    totalPence: ticketsPence - discountPence + donation,
    places: lines.reduce((sum, l) => sum + l.placesPerTicket * l.quantity, 0),
    tickets: lines.reduce((sum, l) => sum + l.quantity, 0),
    giftAidablePence: giftAidablePence({ donationPence: donation, giftAid }),
  };
}

export type CodeDates = { starts_on: string | null; ends_on: string | null };

/** Whether a code is within its dates at an instant: both days included, read as Millbrook days. */
export function codeDatesState(code: CodeDates, now: Date): "not-started" | "ended" | "open" {
  const today = ukDate(now);
  if (code.starts_on && today < code.starts_on) return "not-started";
  if (code.ends_on && today > code.ends_on) return "ended";
  return "open";
}

/** The suggested donations with an order, in pence. */
export const ORDER_DONATION_PRESETS = [300, 500, 1000] as const;
