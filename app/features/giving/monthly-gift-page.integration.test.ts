/**
 * The page a monthly donor's receipts link to: stopping the gift. A refusal (online giving
 * switched off, or Stripe failing) answers Conform's reply with the form's own message and
 * stops nothing; a stopped gift answers `{ gift }`. Stripe is the local double.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { monthlyGifts } from "./table.ts";
import { startDonationCheckout } from "./checkout.server.ts";
import * as giftRoute from "./monthly-gift-page.tsx";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { withStripeDouble } from "../../../tests/helpers/stripe-site.ts";

setupTestDatabase();
const { stripe } = withStripeDouble();

let n = 0;
async function monthlyGift() {
  const email = `stop-${Date.now()}-${++n}@example.org`;
  const url = await startDonationCheckout({ frequency: "monthly", amountPence: 1000, causeId: null, email, giftAid: null, paymentMethod: "card", feePence: 0, dedication: null }, {}, "http://localhost:5999");
  await stripe.complete(url.split("/").pop()!);
  const [gift] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.email, email));
  return gift!;
}

async function stop(token: string) {
  const answer = (await giftRoute.action(routeArgs(`/support/monthly/${token}`, { token }, { method: "POST", body: new FormData() }))) as unknown as {
    data: unknown;
    init?: ResponseInit;
  };
  return { status: answer.init?.status ?? 200, data: answer.data, cacheControl: new Headers(answer.init?.headers).get("cache-control") };
}

const statusOf = async (id: string) => (await getDb().select({ status: monthlyGifts.status }).from(monthlyGifts).where(eq(monthlyGifts.id, id)))[0]?.status;

describe("stopping a monthly gift from its link", () => {
  it("answers Stripe's failure with the form's own message and stops nothing, then stops the gift", async () => {
    const gift = await monthlyGift();
    const subscription = stripe.subscriptions.get(gift.stripe_subscription_id)!;
    stripe.subscriptions.delete(gift.stripe_subscription_id);
    expect(await stop(gift.stop_token)).toEqual({
      status: 502,
      data: { status: "error", initialValue: {}, error: { "": ["We could not stop your gift just now. Please try again in a few minutes."] } },
      cacheControl: "private, no-store",
    });
    expect(await statusOf(gift.id)).toBe("active");

    stripe.subscriptions.set(gift.stripe_subscription_id, subscription);
    const stopped = await stop(gift.stop_token);
    expect(stopped).toMatchObject({ status: 200, data: { gift: { reference: gift.reference, amount: "£10" } }, cacheControl: "private, no-store" });
    expect(stopped.data).not.toHaveProperty("error");
    expect(await statusOf(gift.id)).toBe("ended");
  });

  it("without Stripe's keys, says online giving is not switched on and stops nothing", async () => {
    const gift = await monthlyGift();
    const saved = process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    reloadConfig();
    try {
      expect(await stop(gift.stop_token)).toEqual({
        status: 503,
        data: { status: "error", initialValue: {}, error: { "": ["Online giving is not switched on, so the gift cannot be stopped here. Please email us."] } },
        cacheControl: "private, no-store",
      });
    } finally {
      process.env.STRIPE_SECRET_KEY = saved;
      reloadConfig();
    }
    expect(await statusOf(gift.id)).toBe("active");
    expect(stripe.subscriptions.get(gift.stripe_subscription_id)?.status).toBe("active");
  });
});
