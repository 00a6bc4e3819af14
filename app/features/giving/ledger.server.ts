/**
 * The donations ledger, written only from signature-checked Stripe events (see
 * app/payments/webhooks.server.ts): a paid Checkout session (one-off gift), each paid
 * invoice (one monthly payment), a deleted subscription (the monthly gift ended) and a
 * refunded charge (the gift is marked refunded: out of totals and Gift Aid).
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "../../db/client.server.ts";
import { donationCheckouts, donations, giftAidDeclarations, monthlyGifts, type MonthlyGiftRow } from "./table.ts";
import { causes } from "../../features/causes/table.ts";
import { logger } from "../../lib/logger.server.ts";
import { stripeClient } from "../../payments/stripe.server.ts";
import type { AfterCommit, EventHandler, Transaction } from "../../payments/webhooks.server.ts";
import { CHARITY_NAME, giftAidDeclarationText } from "./donation.ts";
import { sendReceipt } from "./receipts.server.ts";
import { CONSENT_WORDING, consentTicked, linkFromForm } from "../supporters/index.ts";
import { newToken } from "./references.server.ts";
import { dedicationNoticeAfter, recordDedication } from "../gift-options/index.ts";

type Checkout = typeof donationCheckouts.$inferSelect;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

async function checkoutFor(tx: Transaction, metadata: Record<string, string> | null | undefined): Promise<Checkout | null> {
  const token = metadata?.checkout;
  if (token) {
    const [row] = await tx.select().from(donationCheckouts).where(eq(donationCheckouts.token, token));
    if (row) return row;
  }
  const reference = metadata?.reference;
  if (reference) {
    const [row] = await tx.select().from(donationCheckouts).where(eq(donationCheckouts.reference, reference));
    if (row) return row;
  }
  return null;
}

async function causeOf(tx: Transaction, checkout: Checkout | null) {
  const id = Number(checkout?.values.cause || NaN);
  if (!Number.isInteger(id)) return { cause_id: null, cause_title: null };
  const [row] = await tx.select({ id: causes.id, title: causes.title }).from(causes).where(eq(causes.id, id));
  return row ? { cause_id: row.id, cause_title: row.title } : { cause_id: null, cause_title: null };
}

/**
 * The donor's supporter record (made if new), with their consent to news by email when
 * they ticked the box on the donation form. Null without an address.
 */
async function supporterFor(tx: Transaction, checkout: Checkout | null, email: string): Promise<string | null> {
  const v = checkout?.values ?? {};
  return linkFromForm(tx, {
    email,
    name: [v.firstName, v.lastName].filter(Boolean).join(" "),
    postcode: v.postcode,
    consent: consentTicked(v.emailConsent) ? { wording: CONSENT_WORDING, source: "Donation form" } : null,
  });
}

/** The declaration made with this checkout (one per checkout), or null without Gift Aid. */
async function declarationFor(tx: Transaction, checkout: Checkout | null, email: string, supporterId: string | null): Promise<string | null> {
  const v = checkout?.values;
  if (!v || v.giftAid !== "on") return null;
  const [row] = await tx
    .insert(giftAidDeclarations)
    .values({
      email,
      title: v.title ?? "",
      first_name: v.firstName ?? "",
      last_name: v.lastName ?? "",
      house: v.house ?? "",
      postcode: v.postcode ?? "",
      declaration_text: giftAidDeclarationText(CHARITY_NAME),
      supporter_id: supporterId,
    })
    .returning({ id: giftAidDeclarations.id });
  return row.id;
}

/** The fee the donor chose to cover, as the server worked it out at checkout. */
function feeOf(checkout: Checkout | null): number {
  const fee = Number(checkout?.values.feePence ?? 0);
  return Number.isInteger(fee) && fee > 0 ? fee : 0;
}

/** The receipt, then the dedication's notice when this is the gift's first payment. */
async function afterGift(tx: Transaction, donationId: string): Promise<AfterCommit> {
  const notice = await dedicationNoticeAfter(tx, donationId);
  return async () => {
    await sendReceipt(donationId);
    if (notice) await notice();
  };
}

const checkoutCompleted: EventHandler = async (event, tx) => {
  const session = event.data.object as Stripe.Checkout.Session;
  const checkout = await checkoutFor(tx, session.metadata);
  const email = (session.customer_details?.email ?? session.customer_email ?? checkout?.values.email ?? "").toLowerCase();
  if (session.mode === "subscription") {
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) await ensureMonthlyGift(tx, subscriptionId, session.metadata, { customer: idOf(session.customer), email });
    return;
  }
  if (session.payment_status !== "paid") return;
  if ((session.currency ?? "gbp").toLowerCase() !== "gbp" || !session.amount_total) {
    logger.warn({ session: session.id }, "checkout session not in GBP or without an amount: not recorded");
    return;
  }
  const reference = session.metadata?.reference ?? session.client_reference_id ?? checkout?.reference ?? session.id;
  const [already] = await tx.select({ id: donations.id }).from(donations).where(eq(donations.stripe_checkout_session_id, session.id));
  if (already) return;
  const supporterId = await supporterFor(tx, checkout, email);
  const [row] = await tx
    .insert(donations)
    .values({
      reference,
      amount_pence: session.amount_total,
      mode: "one-off",
      email,
      ...(await causeOf(tx, checkout)),
      declaration_id: await declarationFor(tx, checkout, email, supporterId),
      supporter_id: supporterId,
      stripe_checkout_session_id: session.id,
      stripe_payment_intent_id: idOf(session.payment_intent),
      fee_covered_pence: Math.min(feeOf(checkout), session.amount_total - 1),
      paid_at: new Date(event.created * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: donations.id });
  if (row && checkout) await recordDedication(tx, checkout.values, { donationId: row.id });
  if (checkout) await tx.delete(donationCheckouts).where(eq(donationCheckouts.token, checkout.token));
  return row ? afterGift(tx, row.id) : undefined;
};

/** The monthly gift of a subscription, made on the first event that names it. */
async function ensureMonthlyGift(
  tx: Transaction,
  subscriptionId: string,
  metadata: Record<string, string> | null | undefined,
  details: { customer: string | null; email: string; amountPence?: number },
): Promise<MonthlyGiftRow | null> {
  const [existing] = await tx.select().from(monthlyGifts).where(eq(monthlyGifts.stripe_subscription_id, subscriptionId));
  if (existing) return existing;
  const checkout = await checkoutFor(tx, metadata);
  const email = details.email || checkout?.values.email || "";
  const amount = checkout?.amount_pence ?? details.amountPence;
  if (!email || !amount) {
    logger.warn({ subscription: subscriptionId }, "monthly gift without a known checkout: not recorded");
    return null;
  }
  const supporterId = await supporterFor(tx, checkout, email);
  const [row] = await tx
    .insert(monthlyGifts)
    .values({
      reference: metadata?.reference ?? checkout?.reference ?? subscriptionId,
      stripe_subscription_id: subscriptionId,
      stripe_checkout_session_id: checkout?.stripe_session_id ?? null,
      stripe_customer_id: details.customer,
      email,
      amount_pence: amount,
      ...(await causeOf(tx, checkout)),
      declaration_id: await declarationFor(tx, checkout, email, supporterId),
      supporter_id: supporterId,
      stop_token: newToken(),
      payment_method: checkout?.values.paymentMethod === "bacs_debit" ? "bacs_debit" : "card",
      fee_covered_pence: checkout ? Math.min(feeOf(checkout), amount - 1) : 0,
    })
    .returning();
  if (checkout) await recordDedication(tx, checkout.values, { monthlyGiftId: row.id });
  if (checkout) await tx.delete(donationCheckouts).where(eq(donationCheckouts.token, checkout.token));
  return row;
}

interface InvoiceShape {
  id: string;
  amount_paid: number;
  currency: string;
  customer: string | { id: string } | null;
  customer_email: string | null;
  status_transitions?: { paid_at: number | null };
  parent?: { subscription_details?: { subscription: string | { id: string }; metadata: Record<string, string> | null } | null } | null;
  payments?: { data: { payment: { payment_intent?: string | { id: string } } }[] };
}

const invoicePaid: EventHandler = async (event, tx) => {
  const invoice = event.data.object as unknown as InvoiceShape;
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId || invoice.amount_paid <= 0 || invoice.currency.toLowerCase() !== "gbp") return;
  const gift = await ensureMonthlyGift(tx, subscriptionId, details?.metadata, {
    customer: idOf(invoice.customer),
    email: (invoice.customer_email ?? "").toLowerCase(),
    amountPence: invoice.amount_paid,
  });
  if (!gift) return;
  const [{ n }] = await tx.select({ n: count() }).from(donations).where(eq(donations.monthly_gift_id, gift.id));
  const paidAt = invoice.status_transitions?.paid_at ?? event.created;
  const [row] = await tx
    .insert(donations)
    .values({
      reference: `${gift.reference}-${String(n + 1).padStart(2, "0")}`,
      amount_pence: invoice.amount_paid,
      mode: "monthly",
      email: gift.email,
      cause_id: gift.cause_id,
      cause_title: gift.cause_title,
      declaration_id: gift.declaration_id,
      monthly_gift_id: gift.id,
      supporter_id: gift.supporter_id,
      stripe_invoice_id: invoice.id,
      stripe_payment_intent_id: idOf(invoice.payments?.data[0]?.payment.payment_intent),
      fee_covered_pence: invoice.amount_paid === gift.amount_pence ? gift.fee_covered_pence : 0,
      paid_at: new Date(paidAt * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: donations.id });
  return row ? afterGift(tx, row.id) : undefined;
};

const subscriptionDeleted: EventHandler = async (event, tx) => {
  const subscription = event.data.object as Stripe.Subscription;
  // Stripe ends a subscription itself when every retry of a payment has failed.
  const failed = subscription.cancellation_details?.reason === "payment_failed";
  await tx
    .update(monthlyGifts)
    .set({ status: "ended", ended_at: new Date(event.created * 1000), ended_reason: failed ? "payment-failed" : "stopped", at_risk_since: null })
    .where(and(eq(monthlyGifts.stripe_subscription_id, subscription.id), isNull(monthlyGifts.ended_at)));
};

const chargeRefunded: EventHandler = async (event, tx) => {
  const charge = event.data.object as Stripe.Charge;
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return;
  if (!charge.refunded) {
    logger.info({ charge: charge.id }, "partial refund: the gift stays recorded as paid");
    return;
  }
  await tx
    .update(donations)
    .set({ status: "refunded", refunded_at: new Date(event.created * 1000) })
    .where(and(eq(donations.stripe_payment_intent_id, paymentIntent), eq(donations.status, "paid")));
};

export const DONATION_EVENT_HANDLERS: Partial<Record<string, EventHandler>> = {
  "checkout.session.completed": checkoutCompleted,
  "invoice.paid": invoicePaid,
  "customer.subscription.deleted": subscriptionDeleted,
  "charge.refunded": chargeRefunded,
};

/** The monthly gift a donor's stop link names. */
export async function monthlyGiftByToken(token: string): Promise<MonthlyGiftRow | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.stop_token, token));
  return row ?? null;
}

/** Stops a monthly gift at Stripe (no further payments) and in the ledger. */
export async function stopMonthlyGift(token: string): Promise<MonthlyGiftRow | null> {
  const gift = await monthlyGiftByToken(token);
  if (!gift) return null;
  if (gift.status === "active") {
    await (await stripeClient()).subscriptions.cancel(gift.stripe_subscription_id);
    await getDb()
      .update(monthlyGifts)
      .set({ status: "ended", ended_at: new Date(), ended_reason: "stopped", at_risk_since: null })
      .where(and(eq(monthlyGifts.id, gift.id), isNull(monthlyGifts.ended_at)));
  }
  return monthlyGiftByToken(token);
}
