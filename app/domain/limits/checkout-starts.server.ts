/**
 * Stripe Checkout sessions opened per address (donations and ticket purchases together):
 * every session is a call on the charity's Stripe account, whose rate limit real donors
 * share. A donor who changes their mind a few times is fine; a script is not.
 */
import { addressBucket } from "../../auth/throttle.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { hitCounter } from "../../lib/rate-counters.server.ts";

/** Checkout sessions one address may open in 10 minutes. */
export const CHECKOUT_STARTS_PER_WINDOW = 10;

/** Counts a Checkout session about to be opened from `ip`; false when over the limit (open none). */
export async function countCheckoutStart(ip: string): Promise<boolean> {
  const hit = await hitCounter(`checkout:${addressBucket(ip)}`, 10 * 60);
  if (hit.count === CHECKOUT_STARTS_PER_WINDOW + 1) logger.warn("checkout rate limit reached for an address");
  return hit.count <= CHECKOUT_STARTS_PER_WINDOW;
}

/** What a donor or buyer over the limit is told. */
export const CHECKOUT_LIMIT_MESSAGE = "You have started several payments in a short time. Please wait a few minutes and try again. Nothing has been charged.";
