/**
 * A donor changes their own monthly gift through Stripe (the official SDK): a new amount
 * (from the next payment, no proration), a pause of 1 to 3 months (collection paused, no
 * invoices, resuming by itself), resume, stop, and new card or bank details (a Stripe
 * billing-portal session for the payment method). The server decides every amount sent to
 * Stripe; the ledger follows what Stripe answers and, again, customer.subscription.updated.
 */
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "../../db/client.server.ts";
import { monthlyGifts } from "../giving/table.ts";
import { parseAmount } from "../giving/ui.ts";
import { readGivingSettings, stopMonthlyGift } from "../giving/index.ts";
import { logger } from "../../lib/logger.server.ts";
import { paymentsConfigured, stripeClient } from "../../payments/stripe.server.ts";
import type { EventHandler, Transaction } from "../../payments/webhooks.server.ts";
import { donorMonthlyGift } from "./giving.server.ts";
import { monthlyGiftPauses } from "./table.ts";
import { formatPence } from "../../lib/money.ts";

export type MonthlyResult = { ok: true; message: string } | { ok: false; message: string; status: number };

const refuse = (message: string, status = 400): MonthlyResult => ({ ok: false, message, status });
const UNAVAILABLE = refuse("We could not reach our payment provider just now. Nothing was changed: please try again in a few minutes.", 502);

/** The gift if it is the donor's own and still running. */
async function runningGift(email: string, id: string) {
  if (!paymentsConfigured()) return { error: refuse("Online giving is not switched on, so monthly gifts cannot be changed here. Please email us.", 503) };
  const row = await donorMonthlyGift(email, id);
  if (!row) return { error: refuse("We could not find that monthly gift among yours. Nothing was changed.", 404) };
  if (row.gift.status !== "active") return { error: refuse("That monthly gift has stopped, so it cannot be changed.", 409) };
  return { row };
}

/** Records what Stripe says of a subscription: its amount and its pause. */
async function follow(tx: Pick<Transaction, "update" | "insert" | "select">, subscription: Stripe.Subscription) {
  const [gift] = await tx.select({ id: monthlyGifts.id }).from(monthlyGifts).where(eq(monthlyGifts.stripe_subscription_id, subscription.id));
  if (!gift) return null;
  const price = subscription.items?.data?.[0]?.price;
  if (price && price.currency === "gbp" && Number.isInteger(price.unit_amount) && (price.unit_amount ?? 0) > 0) {
    await tx.update(monthlyGifts).set({ amount_pence: price.unit_amount! }).where(eq(monthlyGifts.id, gift.id));
  }
  const resumes = subscription.pause_collection ? subscription.pause_collection.resumes_at : null;
  const pausedUntil = subscription.pause_collection ? (resumes ? new Date(resumes * 1000) : new Date(8640000000000000)) : null;
  await tx
    .insert(monthlyGiftPauses)
    .values({ monthly_gift_id: gift.id, paused_until: pausedUntil })
    .onConflictDoUpdate({ target: monthlyGiftPauses.monthly_gift_id, set: { paused_until: pausedUntil, updated_at: sql`now()` } });
  return gift.id;
}

export async function changeAmount(email: string, id: string, amountText: unknown): Promise<MonthlyResult> {
  const { row, error } = await runningGift(email, id);
  if (error) return error;
  const { maxDonationPence } = await readGivingSettings();
  const amount = parseAmount(typeof amountText === "string" ? amountText : "", maxDonationPence);
  if (!amount.ok) return refuse(`${amount.error}. Nothing was changed.`);
  if (amount.pence === row.gift.amount_pence) return refuse(`You already give ${formatPence(amount.pence)} a month. Nothing was changed.`);
  try {
    const stripe = await stripeClient();
    const current = await stripe.subscriptions.retrieve(row.gift.stripe_subscription_id);
    const item = current.items.data[0];
    const product = typeof item?.price.product === "string" ? item.price.product : item?.price.product?.id;
    if (!item || !product) return UNAVAILABLE;
    const updated = await stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price_data: { currency: "gbp", product, unit_amount: amount.pence, recurring: { interval: "month" } } }],
      proration_behavior: "none",
    });
    await follow(getDb(), updated);
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "changing a monthly gift failed");
    return UNAVAILABLE;
  }
  return { ok: true, message: `Thank you: your monthly gift is now ${formatPence(amount.pence)}, from your next payment.` };
}

/** The same day `months` later (the month's last day when it has no such day), London time not needed: Stripe takes a moment. */
export function monthsLater(from: Date, months: number): Date {
  const date = new Date(from);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

export async function pauseGift(email: string, id: string, monthsText: unknown, now = new Date()): Promise<MonthlyResult> {
  const { row, error } = await runningGift(email, id);
  if (error) return error;
  const months = Number(monthsText);
  if (!["1", "2", "3"].includes(String(monthsText)) || !Number.isInteger(months)) return refuse("Choose a pause of 1, 2 or 3 months. Nothing was changed.");
  if (row.pausedUntil && row.pausedUntil > now) return refuse("Your monthly gift is already paused. Resume it first to choose another pause.", 409);
  const resumesAt = monthsLater(now, months);
  try {
    const updated = await (await stripeClient()).subscriptions.update(row.gift.stripe_subscription_id, {
      pause_collection: { behavior: "void", resumes_at: Math.floor(resumesAt.getTime() / 1000) },
    });
    await follow(getDb(), updated);
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "pausing a monthly gift failed");
    return UNAVAILABLE;
  }
  return { ok: true, message: `Your monthly gift is paused for ${months === 1 ? "1 month" : `${months} months`}. No payments will be taken until then.` };
}

export async function resumeGift(email: string, id: string): Promise<MonthlyResult> {
  const { row, error } = await runningGift(email, id);
  if (error) return error;
  if (!row.pausedUntil) return refuse("Your monthly gift is not paused. Nothing was changed.", 409);
  try {
    const updated = await (await stripeClient()).subscriptions.update(row.gift.stripe_subscription_id, { pause_collection: "" });
    await follow(getDb(), updated);
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "resuming a monthly gift failed");
    return UNAVAILABLE;
  }
  return { ok: true, message: "Your monthly gift is running again. Thank you." };
}

export async function stopGift(email: string, id: string): Promise<MonthlyResult> {
  const { row, error } = await runningGift(email, id);
  if (error) return error;
  try {
    await stopMonthlyGift(row.gift.stop_token);
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "stopping a monthly gift failed");
    return UNAVAILABLE;
  }
  return { ok: true, message: `Your monthly gift of ${formatPence(row.gift.amount_pence)} has stopped. No further payments will be taken. Thank you for your support.` };
}

/** A Stripe page where the donor changes the card or bank details of their monthly gift; its address. */
export async function paymentDetailsSession(email: string, id: string, origin: string): Promise<{ ok: true; url: string } | Extract<MonthlyResult, { ok: false }>> {
  const { row, error } = await runningGift(email, id);
  if (error) return error as Extract<MonthlyResult, { ok: false }>;
  if (!row.gift.stripe_customer_id) return { ok: false, status: 409, message: "We cannot open your payment details for this gift online. Please email us and we will help." };
  try {
    const session = await (await stripeClient()).billingPortal.sessions.create({
      customer: row.gift.stripe_customer_id,
      return_url: `${origin}/manage-giving?back=payment-details`,
      flow_data: {
        type: "payment_method_update",
        after_completion: { type: "redirect", redirect: { return_url: `${origin}/manage-giving?back=payment-details` } },
      },
    });
    return { ok: true, url: session.url };
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, "opening the payment details page failed");
    return UNAVAILABLE as Extract<MonthlyResult, { ok: false }>;
  }
}

/** customer.subscription.updated: the ledger follows the subscription's amount and pause. */
const subscriptionUpdated: EventHandler = async (event, tx) => {
  await follow(tx, event.data.object as Stripe.Subscription);
};

export const DONOR_ACCOUNT_EVENT_HANDLERS: Partial<Record<string, EventHandler>> = {
  "customer.subscription.updated": subscriptionUpdated,
};
