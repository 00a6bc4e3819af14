/**
 * A signed-in donor changes, pauses, resumes and stops their monthly gift, and opens the
 * page for new card details, through the manage page's action, against the Stripe double
 * (official SDK) whose signed webhooks reach the site's real webhook route. Refused input
 * changes nothing, here or at Stripe.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { donations, monthlyGifts } from "../../app/features/giving/table.ts";
import { startDonationCheckout } from "../../app/features/giving/checkout.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { hashToken, newToken } from "../../app/lib/tokens.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { withStripeDouble } from "../helpers/stripe-site.ts";
import { action as manageAction, loader as manageLoader } from "../../app/features/donor-account/manage-page.tsx";
import { monthsLater } from "../../app/features/donor-account/monthly.server.ts";
import { donorSessions, monthlyGiftPauses } from "../../app/features/donor-account/table.ts";

setupTestDatabase();

const { stripe } = withStripeDouble();

let n = 0;
/** A monthly gift made through Checkout and paid once; the donor signed in. */
async function monthlyDonor(amountPence = 1000) {
  const email = `monthly-${Date.now()}-${++n}@example.org`;
  const url = await startDonationCheckout({ frequency: "monthly", amountPence, causeId: null, email, giftAid: null, paymentMethod: "card", feePence: 0, dedication: null }, {}, "http://localhost:5999");
  await stripe.complete(url.split("/").pop()!);
  const [gift] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.email, email));
  const token = newToken();
  await getDb().insert(donorSessions).values({ token_hash: hashToken(token), email, expires_at: new Date(Date.now() + 3_600_000) });
  return { email, gift: gift!, cookie: `mcf_donor=${token}` };
}

function context() {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { ip: "192.0.2.50", secure: false });
  return provider;
}

async function act(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/manage-giving", { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
  const result = await manageAction({ request, context: context(), params: {} } as never);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), message: null as string | null };
  const r = result as { data: { reply?: { error?: Record<string, string[]> } }; init?: ResponseInit };
  return { status: r.init?.status ?? 200, location: null, message: r.data.reply?.error?.[""]?.[0] ?? null };
}

async function view(cookie: string) {
  const result = (await manageLoader({ request: new Request("http://localhost/manage-giving", { headers: { Cookie: cookie } }), context: context(), params: {} } as never)) as {
    data: { view: { monthly: { id: string; amount: string; pausedUntil: string | null; ended: string | null }[] } };
  };
  return result.data.view;
}

const subscription = (id: string) => stripe.subscriptions.get(id)!;
const updates = (id: string) => stripe.events("customer.subscription.updated").filter((e) => ((e.data as { object: { id: string } }).object.id === id));
const stripeWrites = () => stripe.calls.filter((c) => c.method !== "GET").length;

describe("changing the amount", () => {
  it("sets the new amount at Stripe (server-decided, in pence) and in the ledger; the next payment is the new amount", async () => {
    const { gift, cookie } = await monthlyDonor(1000);
    const answer = await act(cookie, { intent: "amount", gift: gift.id, amount: "15" });
    expect(answer).toMatchObject({ status: 303, location: "/manage-giving?done=amount" });
    expect(subscription(gift.stripe_subscription_id).amount).toBe(1500);
    // Stripe answers first and sends the event after: it arrives, once.
    await vi.waitFor(() => expect(updates(gift.stripe_subscription_id)).toHaveLength(1));
    expect(stripe.sent.filter((s) => s.event.type === "customer.subscription.updated").every((s) => s.status === 200)).toBe(true);
    const [row] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row!.amount_pence).toBe(1500);
    expect((await view(cookie)).monthly[0]!.amount).toBe("£15");

    await stripe.payInvoice(gift.stripe_subscription_id);
    const paid = await getDb().select().from(donations).where(eq(donations.monthly_gift_id, gift.id)).orderBy(donations.paid_at);
    expect(paid.map((d) => d.amount_pence)).toEqual([1000, 1500]);
  });

  it("refuses a bad amount, the same amount and someone else's gift with a clear message, and changes nothing", async () => {
    const { gift, cookie } = await monthlyDonor(1000);
    const other = await monthlyDonor(2000);
    const before = stripeWrites();
    for (const [amount, message] of [
      ["12.505", "Enter the amount with no more than 2 digits after the point, for example 12.50. Nothing was changed."],
      ["0.50", "The smallest donation is £1. Nothing was changed."],
      ["ten", "Enter the amount in pounds and pence, using numbers only, for example 12.50. Nothing was changed."],
      ["10", "You already give £10 a month. Nothing was changed."],
    ]) {
      expect(await act(cookie, { intent: "amount", gift: gift.id, amount })).toMatchObject({ status: 400, message });
    }
    expect(await act(cookie, { intent: "amount", gift: other.gift.id, amount: "1" })).toMatchObject({
      status: 404,
      message: "We could not find that monthly gift among yours. Nothing was changed.",
    });
    expect(await act(cookie, { intent: "pause", gift: gift.id, months: "4" })).toMatchObject({ status: 400, message: "Choose a pause of 1, 2 or 3 months. Nothing was changed." });
    expect(stripeWrites()).toBe(before);
    expect(subscription(other.gift.stripe_subscription_id).amount).toBe(2000);
    const rows = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(rows[0]!.amount_pence).toBe(1000);
  });

  it("a change made at Stripe (customer.subscription.updated) reaches the ledger", async () => {
    const { gift } = await monthlyDonor(1000);
    const sub = subscription(gift.stripe_subscription_id);
    sub.amount = 2200;
    sub.price_id = "price_test_changed";
    const updated = stripe.subscriptionObject(sub);
    await stripe.deliver({ id: `evt_test_${Date.now()}`, object: "event", type: "customer.subscription.updated", created: Math.floor(Date.now() / 1000), data: { object: updated } });
    const [row] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row!.amount_pence).toBe(2200);
  });
});

describe("pausing, resuming and stopping", () => {
  it("pauses for 2 months (no payment while paused), resumes, and stops", async () => {
    const { gift, cookie } = await monthlyDonor(1000);
    const started = Date.now();
    expect(await act(cookie, { intent: "pause", gift: gift.id, months: "2" })).toMatchObject({ status: 303, location: "/manage-giving?done=paused" });
    const pause = subscription(gift.stripe_subscription_id).pause_collection as { behavior: string; resumes_at: number };
    expect(pause.behavior).toBe("void");
    const expected = monthsLater(new Date(started), 2).getTime() / 1000;
    expect(Math.abs(pause.resumes_at - expected)).toBeLessThan(5);
    const [state] = await getDb().select().from(monthlyGiftPauses).where(eq(monthlyGiftPauses.monthly_gift_id, gift.id));
    expect(state!.paused_until!.getTime()).toBe(pause.resumes_at * 1000);
    expect((await view(cookie)).monthly[0]!.pausedUntil).toBeTruthy();
    await expect(stripe.payInvoice(gift.stripe_subscription_id)).rejects.toThrow(/paused/);
    expect(await act(cookie, { intent: "pause", gift: gift.id, months: "1" })).toMatchObject({ status: 409 });

    expect(await act(cookie, { intent: "resume", gift: gift.id })).toMatchObject({ status: 303, location: "/manage-giving?done=resumed" });
    expect(subscription(gift.stripe_subscription_id).pause_collection).toBeNull();
    expect((await view(cookie)).monthly[0]!.pausedUntil).toBeNull();
    expect(await act(cookie, { intent: "resume", gift: gift.id })).toMatchObject({ status: 409, message: "Your monthly gift is not paused. Nothing was changed." });

    expect(await act(cookie, { intent: "stop", gift: gift.id })).toMatchObject({ status: 303, location: "/manage-giving?done=stopped" });
    expect(subscription(gift.stripe_subscription_id).status).toBe("canceled");
    const [row] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row!.status).toBe("ended");
    await vi.waitFor(() =>
      expect(stripe.events("customer.subscription.deleted").some((e) => (e.data as { object: { id: string } }).object.id === gift.stripe_subscription_id)).toBe(true),
    );
    expect(await act(cookie, { intent: "amount", gift: gift.id, amount: "20" })).toMatchObject({ status: 409, message: "That monthly gift has stopped, so it cannot be changed." });
  });

  it("a pause that Stripe ends by itself is followed by the ledger", async () => {
    const { gift, cookie } = await monthlyDonor(1000);
    await act(cookie, { intent: "pause", gift: gift.id, months: "1" });
    await stripe.resumeDuePauses(Math.floor(monthsLater(new Date(), 1).getTime() / 1000) + 60);
    const [state] = await getDb().select().from(monthlyGiftPauses).where(eq(monthlyGiftPauses.monthly_gift_id, gift.id));
    expect(state!.paused_until).toBeNull();
  });
});

describe("new card or bank details", () => {
  it("opens Stripe's payment-method page for the donor's own customer, returning to the manage page", async () => {
    const { gift, cookie } = await monthlyDonor(1000);
    const answer = await act(cookie, { intent: "payment-details", gift: gift.id });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${stripe.origin}/portal/bps_test_`));
    const portal = stripe.portalSessions.get(answer.location!.split("/").pop()!)!;
    expect(portal.customer).toBe(gift.stripe_customer_id);
    expect(portal.flow).toEqual({ type: "payment_method_update" });
    expect(portal.return_url).toBe("http://localhost:5999/manage-giving?back=payment-details");
  });

  it("refuses without a signed-in donor, changing nothing", async () => {
    const { gift } = await monthlyDonor(1000);
    const before = stripeWrites();
    const answer = await act("mcf_donor=not-a-session-token-at-all-0123456789abcdef", { intent: "stop", gift: gift.id });
    expect(answer.status).toBe(401);
    expect(stripeWrites()).toBe(before);
    expect(subscription(gift.stripe_subscription_id).status).toBe("active");
  });
});
