/**
 * Monthly gifts whose payments fail, from Stripe's signed events (each handled once, see
 * app/payments/webhooks.server.ts):
 *
 * - invoice.payment_failed: the failed invoice is recorded (Stripe retries it and sends
 *   the event again each time: the attempts are counted) and the gift is at risk; the
 *   donor is emailed once per invoice, with the link to manage their giving.
 * - customer.subscription.updated: past_due or unpaid puts the gift at risk; active again
 *   clears it.
 * - customer.subscription.deleted (the ledger's handler) marks it ended, and says why.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { monthlyGifts } from "../giving/table.ts";

import { siteOrigin } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import type { AfterCommit, EventHandler } from "../../payments/webhooks.server.ts";
import { charityDetails, registeredCharityLine } from "./charity.server.ts";
import { failedPayments } from "./table.ts";
import { formatPenceExact } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Where a donor updates their card or bank details (the "Manage my giving" page). */
export const MANAGE_GIVING_PATH = "/manage-giving";

interface FailedInvoice {
  id: string;
  amount_due: number;
  attempt_count?: number;
  next_payment_attempt?: number | null;
  parent?: { subscription_details?: { subscription: string | { id: string } } | null } | null;
}

const invoicePaymentFailed: EventHandler = async (event, tx) => {
  const invoice = event.data.object as unknown as FailedInvoice;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return;
  const [gift] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.stripe_subscription_id, subscriptionId));
  if (!gift) {
    logger.warn({ subscription: subscriptionId, invoice: invoice.id }, "failed payment of an unknown monthly gift: not recorded");
    return;
  }
  const at = new Date(event.created * 1000);
  const [first] = await tx
    .insert(failedPayments)
    .values({ stripe_invoice_id: invoice.id, monthly_gift_id: gift.id, amount_pence: invoice.amount_due, attempts: invoice.attempt_count ?? 1, first_failed_at: at, last_failed_at: at })
    .onConflictDoUpdate({
      target: failedPayments.stripe_invoice_id,
      set: { attempts: sql`greatest(${failedPayments.attempts} + 1, excluded.attempts)`, last_failed_at: at },
    })
    .returning({ told: failedPayments.donor_told_at });
  if (gift.status === "active") {
    await tx.update(monthlyGifts).set({ at_risk_since: at }).where(and(eq(monthlyGifts.id, gift.id), isNull(monthlyGifts.at_risk_since)));
  }
  if (first.told || gift.status !== "active") return;
  // Claimed here, so a concurrent delivery of another attempt cannot email the donor again.
  const [claimed] = await tx
    .update(failedPayments)
    .set({ donor_told_at: at })
    .where(and(eq(failedPayments.stripe_invoice_id, invoice.id), isNull(failedPayments.donor_told_at)))
    .returning({ id: failedPayments.stripe_invoice_id });
  if (!claimed) return;
  return failedPaymentEmail({ email: gift.email, reference: gift.reference, amountPence: invoice.amount_due, directDebit: gift.payment_method === "bacs_debit", nextAttempt: invoice.next_payment_attempt ?? null });
};

function failedPaymentEmail(details: { email: string; reference: string; amountPence: number; directDebit: boolean; nextAttempt: number | null }): AfterCommit {
  return async () => {
    const charity = await charityDetails();
    const origin = siteOrigin().replace(/\/+$/, "");
    const retry = details.nextAttempt
      ? `We will try again on ${formatUk(new Date(details.nextAttempt * 1000), "date")}.`
      : "We will try again in a few days.";
    const lines = [
      "Hello,",
      "",
      `This month's payment of ${formatPenceExact(details.amountPence)} for your monthly gift to ${charity.name} (reference ${details.reference}) did not go through.`,
      retry,
      "",
      details.directDebit
        ? "If your bank details have changed, you can set up your Direct Debit again with your new details here:"
        : "If your card has expired or changed, you can update it here:",
      `${origin}${MANAGE_GIVING_PATH}`,
      "",
      "If you meant to stop your gift, you need do nothing more: thank you for all you have given.",
      `Questions? Email ${charity.email}${charity.phone ? ` or call ${charity.phone}` : ""}.`,
      "",
      "With thanks from everyone at",
      registeredCharityLine(charity),
    ];
    await queueMail({ to: details.email, subject: `Your monthly gift to ${charity.name}: a payment did not go through`, text: lines.join("\n") });
  };
}

const subscriptionUpdated: EventHandler = async (event, tx) => {
  const subscription = event.data.object as Stripe.Subscription;
  const at = new Date(event.created * 1000);
  if (subscription.status === "past_due" || subscription.status === "unpaid") {
    await tx
      .update(monthlyGifts)
      .set({ at_risk_since: at })
      .where(and(eq(monthlyGifts.stripe_subscription_id, subscription.id), eq(monthlyGifts.status, "active"), isNull(monthlyGifts.at_risk_since)));
  } else if (subscription.status === "active") {
    await tx.update(monthlyGifts).set({ at_risk_since: null }).where(eq(monthlyGifts.stripe_subscription_id, subscription.id));
  }
};

export const PAYMENT_PROBLEM_HANDLERS: Partial<Record<string, EventHandler>> = {
  "invoice.payment_failed": invoicePaymentFailed,
  "customer.subscription.updated": subscriptionUpdated,
};
