/**
 * Stripe's webhook endpoint (point Stripe at PUBLIC_URL + /payments/stripe/webhook).
 * A bad or stale signature gets a 400 and changes nothing; an event already seen gets a
 * 200 and changes nothing.
 */
import { withBookingHandlers } from "../../features/bookings/index.ts";
import { DONATION_EVENT_HANDLERS } from "../../features/giving/index.ts";
import { withDonorAccountHandlers } from "../../features/donor-account/index.ts";
import { PAYMENT_PROBLEM_HANDLERS } from "../../features/gift-options/index.ts";
import { logger } from "../../lib/logger.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { receiveWebhook } from "../../payments/webhooks.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** Gifts and ticket bookings share the one integration: each Checkout session says which it is. */
const HANDLERS = withBookingHandlers(withDonorAccountHandlers({ ...DONATION_EVENT_HANDLERS, ...PAYMENT_PROBLEM_HANDLERS }));

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  const outcome = await receiveWebhook(await request.text(), request.headers.get("stripe-signature"), HANDLERS);
  if (outcome.status === 400) {
    logger.warn({ reason: outcome.reason }, "stripe webhook refused");
    return new Response("Bad request", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  // The public "raised" figures (home page, causes) include gifts: show the change.
  if (outcome.handled) {
    publishChange("settings");
    publishChange("causes");
  }
  return Response.json({ received: true, duplicate: outcome.duplicate });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
