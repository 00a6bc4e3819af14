/**
 * From the donation form to Stripe Checkout and back. The server decides the amount,
 * currency (GBP) and mode; what the donor entered is kept in donation_checkouts (never
 * sent to Stripe beyond the email), so Cancel brings the form back and the webhook can
 * record the cause and the Gift Aid declaration.
 */
import { eq, lt } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donationCheckouts, donations, monthlyGifts } from "./table.ts";
import { stripeClient } from "../../payments/stripe.server.ts";
import { CHARITY_NAME, type DonationRequest, type DonationValues } from "./donation.schema.ts";
import { newDonationReference, newToken } from "./references.server.ts";

/** The dedication's fields, kept only when the donor ticked "dedicate this gift". */
const DEDICATION_FIELDS = ["dedicate", "dedicationKind", "honoreeName", "dedicationMessage", "notifyName", "notifyEmail", "notifyShowAmount"] as const;

/** Checkouts left unfinished are forgotten after a day. */
const CHECKOUT_KEPT_MS = 24 * 60 * 60 * 1000;

export async function startDonationCheckout(donation: DonationRequest, values: DonationValues, origin: string): Promise<string> {
  const db = getDb();
  await db.delete(donationCheckouts).where(lt(donationCheckouts.created_at, new Date(Date.now() - CHECKOUT_KEPT_MS)));
  const token = newToken();
  const reference = newDonationReference();
  const monthly = donation.frequency === "monthly";
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === "string") kept[key] = value;
  if (donation.giftAid) Object.assign(kept, donation.giftAid, { giftAid: "on" });
  kept.email = donation.email;
  kept.cause = donation.causeId === null ? "" : String(donation.causeId);
  // What the server decided, read back when Stripe confirms the gift.
  kept.paymentMethod = donation.paymentMethod;
  kept.feePence = String(donation.feePence);
  delete kept.feeTotalSeen;
  if (!donation.dedication) for (const key of DEDICATION_FIELDS) delete kept[key];
  const totalPence = donation.amountPence + donation.feePence;
  await db.insert(donationCheckouts).values({ token, reference, mode: donation.frequency, amount_pence: totalPence, values: kept });

  const metadata = { reference, checkout: token };
  const bacs = monthly && donation.paymentMethod === "bacs_debit";
  const session = await (await stripeClient()).checkout.sessions.create(
    {
      mode: monthly ? "subscription" : "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            // Bacs Direct Debit takes GBP only (so does every gift here).
            currency: "gbp",
            unit_amount: totalPence,
            product_data: { name: monthly ? `Monthly donation to ${CHARITY_NAME}${bacs ? " by Direct Debit" : ""}` : `Donation to ${CHARITY_NAME}` },
            ...(monthly ? { recurring: { interval: "month" as const } } : {}),
          },
        },
      ],
      // A monthly donor chose how to pay: card, or Direct Debit (Bacs), whose mandate needs
      // the payer's name, email and full billing address (Checkout collects them).
      ...(monthly ? { payment_method_types: bacs ? ["bacs_debit" as const] : ["card" as const] } : {}),
      ...(bacs ? { billing_address_collection: "required" as const } : {}),
      customer_email: donation.email,
      client_reference_id: reference,
      metadata,
      ...(monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata }, submit_type: "donate" as const }),
      success_url: `${origin}/support/thank-you?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/support?checkout=${token}#donate`,
    },
    { idempotencyKey: `donation-${token}` },
  );
  await db.update(donationCheckouts).set({ stripe_session_id: session.id }).where(eq(donationCheckouts.token, token));
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  return session.url;
}

/** What the donor entered, for the form after Cancel (null when unknown or expired). */
export async function checkoutValues(token: string): Promise<DonationValues | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await getDb().select().from(donationCheckouts).where(eq(donationCheckouts.token, token));
  if (!row || row.created_at.getTime() < Date.now() - CHECKOUT_KEPT_MS) return null;
  return row.values as DonationValues;
}

export interface ThankYou {
  reference: string;
  amountPence: number;
  monthly: boolean;
  email: string;
  complete: boolean;
  /** The donor made a Gift Aid declaration with this gift (the checkout's own record says so). */
  giftAid: boolean;
  /** Direct Debit (Bacs) set up through Checkout: the first payment follows in some working days. */
  directDebit: boolean;
}

/**
 * Whether the gift came with a Gift Aid declaration: the recorded gift says so, or, before
 * Stripe's webhook has recorded it, the checkout's own record of the form.
 */
async function withGiftAid(reference: string, token: string | undefined): Promise<boolean> {
  const [gift] = await getDb().select({ declaration: donations.declaration_id }).from(donations).where(eq(donations.reference, reference)).limit(1);
  if (gift) return gift.declaration !== null;
  if (!token) return false;
  const [checkout] = await getDb().select({ values: donationCheckouts.values }).from(donationCheckouts).where(eq(donationCheckouts.token, token));
  return (checkout?.values as Record<string, unknown> | undefined)?.giftAid === "on";
}

/**
 * The thank-you page: the Checkout session as Stripe reports it (never the URL's word).
 * Only sessions this site opened (a checkout, a gift or a monthly gift names it) are looked up: a
 * made-up id costs no call on the charity's Stripe account.
 */
export async function thankYouFor(sessionId: string): Promise<ThankYou | null> {
  if (!/^cs_[A-Za-z0-9_]{6,200}$/.test(sessionId)) return null;
  const db = getDb();
  const [known] = await db
    .select({ id: donationCheckouts.stripe_session_id })
    .from(donationCheckouts)
    .where(eq(donationCheckouts.stripe_session_id, sessionId))
    .unionAll(db.select({ id: donations.stripe_checkout_session_id }).from(donations).where(eq(donations.stripe_checkout_session_id, sessionId)))
    .unionAll(db.select({ id: monthlyGifts.stripe_checkout_session_id }).from(monthlyGifts).where(eq(monthlyGifts.stripe_checkout_session_id, sessionId)))
    .limit(1);
  if (!known) return null;
  try {
    const session = await (await stripeClient()).checkout.sessions.retrieve(sessionId);
    const reference = session.metadata?.reference ?? session.client_reference_id;
    if (!reference) return null;
    return {
      giftAid: await withGiftAid(reference, session.metadata?.checkout),
      reference,
      amountPence: session.amount_total ?? 0,
      monthly: session.mode === "subscription",
      email: session.customer_details?.email ?? session.customer_email ?? "",
      complete: session.status === "complete",
      directDebit: (session.payment_method_types ?? []).includes("bacs_debit"),
    };
  } catch {
    return null;
  }
}
