/**
 * The Stripe events that concern bookings, beside those of giving on the one webhook
 * endpoint. A Checkout session for tickets carries metadata.kind = "booking": its
 * completed and expired events go to the bookings; every other session goes to the
 * other handlers. A refund (charge.refunded) goes to both: each changes only its own rows.
 */
import type Stripe from "stripe";
import { logger } from "../../lib/logger.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import type { AfterCommit, EventHandler } from "../../payments/webhooks.server.ts";
import { confirmFromWebhook, markRefundedByPaymentIntent, queueLatePaymentRefund, releaseCheckout } from "./bookings.server.ts";
import { sendBookingConfirmation } from "./booking-mail.server.ts";

type Handlers = Partial<Record<string, EventHandler>>;

function isBookingSession(event: Stripe.Event): boolean {
  if (!event.type.startsWith("checkout.session.")) return false;
  const session = event.data.object as Stripe.Checkout.Session;
  return session.metadata?.kind === "booking";
}

const sessionCompleted: EventHandler = async (event, tx) => {
  const session = event.data.object as Stripe.Checkout.Session;
  const result = await confirmFromWebhook(tx, session, new Date());
  if (result.outcome === "confirmed") {
    const bookingId = result.booking.id;
    const token = session.metadata?.link ?? null;
    return async () => {
      publishChange("events");
      await sendBookingConfirmation(bookingId, token);
    };
  }
  if (result.outcome === "refund-late-payment") {
    const { booking } = result;
    logger.error({ booking: booking.reference }, "payment arrived after the hold was released and the tickets were sold: refunding");
    // Through the job queue, retried until Stripe has made it; staff see it while it is owed.
    return () => queueLatePaymentRefund(booking.id);
  }
  if (result.outcome === "ignored") logger.warn({ session: session.id, reason: result.reason }, "booking checkout not confirmed");
};

const sessionExpired: EventHandler = async (event, tx) => {
  const session = event.data.object as Stripe.Checkout.Session;
  const released = await releaseCheckout(tx, session.id);
  if (released > 0) return async () => publishChange("events");
};

const chargeRefunded: EventHandler = async (event, tx) => {
  const charge = event.data.object as Stripe.Charge;
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent || !charge.refunded) return;
  const changed = await markRefundedByPaymentIntent(tx, paymentIntent);
  if (changed > 0) return async () => publishChange("events");
};

const BOOKING_SESSION_HANDLERS: Handlers = {
  "checkout.session.completed": sessionCompleted,
  "checkout.session.expired": sessionExpired,
};

/** The webhook's handlers: `others` (giving) with the bookings' added. */
export function withBookingHandlers(others: Handlers): Handlers {
  const types = new Set([...Object.keys(others), ...Object.keys(BOOKING_SESSION_HANDLERS), "charge.refunded"]);
  const combined: Handlers = {};
  for (const type of types) {
    combined[type] = async (event, tx) => {
      if (type === "charge.refunded") {
        const afters = [await chargeRefunded(event, tx), await others[type]?.(event, tx)].filter((a): a is AfterCommit => typeof a === "function");
        return afters.length ? async () => void (await Promise.all(afters.map((after) => after()))) : undefined;
      }
      const handler = isBookingSession(event) ? BOOKING_SESSION_HANDLERS[type] : others[type];
      return handler ? handler(event, tx) : undefined;
    };
  }
  return combined;
}
