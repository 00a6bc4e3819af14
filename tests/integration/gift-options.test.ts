/**
 * Gift options against real PostgreSQL, the Stripe double (through the official SDK) and
 * signed webhooks delivered to the site's own webhook route: the fee a donor covers (the
 * exact total, rounding, the server's confirmation), the Bacs Direct Debit session's
 * parameters, failed / updated / deleted subscriptions (each counted once) and the
 * dedication's notice (sent exactly once, to a loopback SMTP server).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { donations, monthlyGifts } from "../../app/features/giving/table.ts";
import { coverFeePence } from "../../app/features/giving/fees.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as supportAction } from "../../app/features/giving/support-page.tsx";
import { readReply } from "../../app/components/site/form-kit.tsx";
import type { FormReply } from "../../app/lib/form-reply.ts";
import { action as webhookAction } from "../../app/routes/resources/stripe-webhook.ts";
import { StripeDouble } from "../../scripts/stripe-double.ts";
import { withMailServer } from "../helpers/mail-server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { saveFeeRates } from "../../app/features/gift-options/fee-settings.server.ts";
import { failedPayments, giftDedications } from "../../app/features/gift-options/table.ts";
import { donorDataExport, eraseDonorData, findDonorData } from "../../app/features/giving/personal-data.server.ts";

setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5998", PUBLIC_FORM_RATE_LIMIT: "1000" });

const stripe = new StripeDouble({ retry: false });
let hook: http.Server;

beforeAll(async () => {
  // The site's webhook route, on loopback: the double signs and posts its events here.
  hook = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    const response = (await webhookAction({ request, params: {}, context: new RouterContextProvider() } as never)) as Response;
    res.writeHead(response.status, { "Content-Type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  stripe.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/payments/stripe/webhook`;
  await stripe.start();
  Object.assign(process.env, stripe.env());
  reloadConfig();
});

afterAll(async () => {
  await stripe.stop();
  await new Promise((resolve) => hook.close(resolve));
});

let ipCounter = 0;
function context() {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { ip: `198.51.100.${(++ipCounter % 250) + 1}`, secure: false });
  return provider;
}

let emailCounter = 0;
const newEmail = (what: string) => `${what}-${Date.now()}-${++emailCounter}@example.org`;

/** Posts the donation form as a browser does; returns the status and, for a redirect, the Checkout session. */
async function donate(fields: Record<string, string>) {
  const request = new Request("http://localhost/support?form=donate", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "donate", frequency: "one-off", amount: "", cause: "", ...fields }),
  });
  let result: unknown;
  try {
    result = await supportAction({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const sessionId = (result.headers.get("Location") ?? "").split("/").at(-1) ?? "";
    return { status: result.status, session: stripe.sessions.get(sessionId), data: null };
  }
  const { data, init } = result as { data: { intent: string; reply?: FormReply; confirmFee?: unknown }; init?: ResponseInit | null };
  return { status: init?.status ?? 200, session: undefined, data };
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("covering the fee", () => {
  it("works out the smallest total that leaves the whole gift after the fee, in whole pence", () => {
    const card = { percentBp: 150, fixedPence: 20 };
    // £10 by card: 1.5% of £10.36 is 15.54p, plus 20p, leaves £10.0046; £10.35 would leave £9.99.
    expect(coverFeePence(1000, card)).toBe(36);
    expect(1035 - Math.ceil(1035 * 0.015) - 20).toBeLessThan(1000);
    // £25 by Direct Debit (1% + 20p): £25.46.
    expect(coverFeePence(2500, { percentBp: 100, fixedPence: 20 })).toBe(46);
    // An exact division is not rounded up: (£98.80 + 20p) / 0.99 is exactly £100.
    expect(coverFeePence(9880, { percentBp: 100, fixedPence: 20 })).toBe(120);
    expect(coverFeePence(1000, { percentBp: 0, fixedPence: 0 })).toBe(0);
  });

  it("without the total seen, the server states it and opens no Checkout; with it, Stripe is asked for exactly that total", async () => {
    const email = newEmail("fees");
    const before = stripe.sessions.size;
    const first = await donate({ customAmount: "10", email, coverFees: "on" });
    expect(first.status).toBe(200);
    expect(first.data?.confirmFee).toEqual({ giftPence: 1000, feePence: 36, totalPence: 1036, monthly: false, directDebit: false });
    expect(first.data?.intent).toBe("donate");
    expect(readReply(first.data?.reply).text("feeTotalSeen")).toBe("1036");
    // A total the donor did not see (the page was older than a change of the amount) is stated again.
    const stale = await donate({ customAmount: "10", email, coverFees: "on", feeTotalSeen: "1000" });
    expect(stale.status).toBe(200);
    expect(stripe.sessions.size).toBe(before);

    const confirmed = await donate({ customAmount: "10", email, coverFees: "on", feeTotalSeen: "1036" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.session).toMatchObject({ amount_total: 1036, currency: "gbp", mode: "payment" });

    // Unticked (the default): the gift as chosen, no fee.
    const plain = await donate({ customAmount: "10", email });
    expect(plain.session).toMatchObject({ amount_total: 1000 });

    // Paid: the ledger keeps the total and what of it covered the fee.
    await stripe.complete(confirmed.session!.id as string);
    const [gift] = await getDb().select().from(donations).where(eq(donations.stripe_checkout_session_id, confirmed.session!.id as string));
    expect(gift).toMatchObject({ amount_pence: 1036, fee_covered_pence: 36 });
    const receipt = await waitFor(() => mailsTo(email), (m) => m.length > 0, "the receipt");
    expect(receipt[0].text).toContain("Of which you added £0.36 to cover the processing fee");
    expect(receipt[0].text).toContain("registered charity number 1198472");
  });

  it("uses the rates staff set, card and Direct Debit apart", async () => {
    const saved = await saveFeeRates({ cardPercent: "2.5", cardFixed: "0", bacsPercent: "1", bacsFixed: "25" });
    expect(saved.ok).toBe(true);
    try {
      // £10 at 2.5%: 1000 / 0.975 = 1025.64, so £10.26.
      const card = await donate({ customAmount: "10", email: newEmail("rates"), coverFees: "on", feeTotalSeen: "1026" });
      expect(card.session).toMatchObject({ amount_total: 1026 });
      // £10 monthly by Direct Debit at 1% + 25p: 1025 / 0.99 = 1035.35, so £10.36.
      const bacs = await donate({ frequency: "monthly", paymentMethod: "bacs_debit", customAmount: "10", email: newEmail("rates"), coverFees: "on", feeTotalSeen: "1036" });
      expect(bacs.session).toMatchObject({ amount_total: 1036 });
      const bad = await saveFeeRates({ cardPercent: "25", cardFixed: "20p", bacsPercent: "abc", bacsFixed: "999" });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(["bacsFixed", "bacsPercent", "cardPercent"]);
    } finally {
      await saveFeeRates({ cardPercent: "1.5", cardFixed: "20", bacsPercent: "1", bacsFixed: "20" });
    }
  });
});

describe("monthly gifts by Direct Debit", () => {
  it("opens a Bacs Checkout session: subscription mode, bacs_debit only, a monthly GBP price, the email and a required billing address", async () => {
    const email = newEmail("bacs");
    const { status, session } = await donate({ frequency: "monthly", paymentMethod: "bacs_debit", amount: "25", email });
    expect(status).toBe(303);
    expect(session).toMatchObject({
      mode: "subscription",
      payment_method_types: ["bacs_debit"],
      currency: "gbp",
      amount_total: 2500,
      customer_email: email,
      billing_address_collection: "required",
    });
    expect(session!.line_items_name).toBe("Monthly donation to Millbrook Community Foundation by Direct Debit");
    // A card monthly gift stays on cards; a one-off gift never asks for Direct Debit.
    const card = await donate({ frequency: "monthly", paymentMethod: "card", amount: "25", email });
    expect(card.session).toMatchObject({ payment_method_types: ["card"] });
    const oneOff = await donate({ frequency: "one-off", paymentMethod: "bacs_debit", amount: "25", email });
    expect(oneOff.session?.payment_method_types).toEqual(["card"]);
  });

  it("records the gift when the mandate is set up and its first payment when the invoice is paid", async () => {
    const email = newEmail("bacs-first");
    const { session } = await donate({ frequency: "monthly", paymentMethod: "bacs_debit", amount: "10", email });
    await stripe.complete(session!.id as string);
    const subscription = session!.subscription as string;
    const [gift] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.stripe_subscription_id, subscription));
    expect(gift).toMatchObject({ payment_method: "bacs_debit", status: "active", amount_pence: 1000 });
    // Bacs is a delayed payment: nothing is paid yet.
    expect(await getDb().select().from(donations).where(eq(donations.monthly_gift_id, gift.id))).toHaveLength(0);
    await stripe.payInvoice(subscription);
    const paid = await getDb().select().from(donations).where(eq(donations.monthly_gift_id, gift.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amount_pence: 1000, mode: "monthly" });
    const receipt = await waitFor(() => mailsTo(email), (m) => m.length > 0, "the receipt");
    expect(receipt[0].text).toContain("Paid by: Direct Debit");
  });
});

describe("failed payments", () => {
  async function activeMonthlyGift(method: "card" | "bacs_debit") {
    const email = newEmail(`failing-${method}`);
    const { session } = await donate({ frequency: "monthly", paymentMethod: method, amount: "10", email });
    await stripe.complete(session!.id as string);
    const subscription = session!.subscription as string;
    if (method === "bacs_debit") await stripe.payInvoice(subscription);
    const read = async () => (await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.stripe_subscription_id, subscription)))[0];
    return { email, subscription, read };
  }
  const failureMails = (email: string) => mailsTo(email).filter((m) => m.subject.includes("did not go through"));

  it("a failed invoice puts the gift at risk and emails the donor once, however often Stripe retries or redelivers it", async () => {
    const { email, subscription, read } = await activeMonthlyGift("card");
    const invoice = await stripe.failInvoice(subscription);
    const gift = await read();
    expect(gift.at_risk_since).not.toBeNull();
    const mails = await waitFor(() => failureMails(email), (m) => m.length === 1, "the failed payment email");
    expect(mails[0].text).toContain("http://localhost:5998/manage-giving");
    expect(mails[0].text).toContain("£10.00");
    expect(mails[0].text).toContain("registered charity number 1198472");

    // Stripe's retry of the same invoice, and a repeated delivery of the first event.
    await stripe.failInvoice(subscription, invoice);
    const [firstEvent] = stripe.events("invoice.payment_failed").filter((e) => ((e.data as { object: { id: string } }).object.id === invoice.id));
    const again = await stripe.resend(firstEvent);
    expect(again.status).toBe(200);
    const [row] = await getDb().select().from(failedPayments).where(eq(failedPayments.stripe_invoice_id, invoice.id as string));
    expect(row.attempts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failureMails(email)).toHaveLength(1);

    // A later invoice that fails is a new failure: one more email.
    await stripe.updateSubscription(subscription, "active");
    expect((await read()).at_risk_since).toBeNull();
    await stripe.failInvoice(subscription);
    await waitFor(() => failureMails(email), (m) => m.length === 2, "the second invoice's email");
  });

  it("customer.subscription.updated: past_due and unpaid mark it at risk, active clears it; a repeated event changes nothing", async () => {
    const { subscription, read } = await activeMonthlyGift("bacs_debit");
    await stripe.updateSubscription(subscription, "past_due");
    const since = (await read()).at_risk_since;
    expect(since).not.toBeNull();
    await stripe.updateSubscription(subscription, "unpaid");
    // Still at risk since the first report.
    expect((await read()).at_risk_since).toEqual(since);
    await stripe.updateSubscription(subscription, "active");
    expect((await read()).at_risk_since).toBeNull();
    // The "past_due" event delivered again (a retry by Stripe): already handled, so the gift stays clear.
    const pastDue = stripe.events("customer.subscription.updated").find((e) => {
      const object = (e.data as { object: { id: string; status: string } }).object;
      return object.id === subscription && object.status === "past_due";
    })!;
    const again = await stripe.resend(pastDue);
    expect(again.status).toBe(200);
    expect((await read()).at_risk_since).toBeNull();
  });

  it("a subscription Stripe ends after failed retries is marked ended, once", async () => {
    const { subscription, read } = await activeMonthlyGift("card");
    await stripe.failInvoice(subscription);
    await stripe.endAfterFailedPayments(subscription);
    const ended = await read();
    expect(ended).toMatchObject({ status: "ended", ended_reason: "payment-failed", at_risk_since: null });
    expect(ended.ended_at).not.toBeNull();
    const [deleted] = stripe.events("customer.subscription.deleted").filter((e) => (e.data as { object: { id: string } }).object.id === subscription);
    await stripe.resend(deleted);
    expect((await read()).ended_at).toEqual(ended.ended_at);
  });
});

describe("in memory or in honour", () => {
  it("a dedicated one-off gift: the notice goes once, without the amount, and the dedication is kept with the gift", async () => {
    const email = newEmail("dedicating");
    const notify = newEmail("family");
    const { status, session } = await donate({
      customAmount: "20",
      email,
      dedicate: "on",
      dedicationKind: "memory",
      honoreeName: "Margaret Hale",
      dedicationMessage: "She loved the community garden.",
      notifyName: "John Hale",
      notifyEmail: notify,
    });
    expect(status).toBe(303);
    await stripe.complete(session!.id as string);
    const notices = await waitFor(() => mailsTo(notify), (m) => m.length === 1, "the notice");
    expect(notices[0].subject).toBe("A gift in memory of Margaret Hale");
    expect(notices[0].text).toContain("Dear John Hale,");
    expect(notices[0].text).toContain("She loved the community garden.");
    expect(notices[0].text).not.toMatch(/£\d/);
    expect(notices[0].text).toContain("registered charity number 1198472");

    // Stripe redelivers the completed session: no second notice.
    const [completed] = stripe.events("checkout.session.completed").filter((e) => (e.data as { object: { id: string } }).object.id === session!.id);
    await stripe.resend(completed);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(notify)).toHaveLength(1);

    const [gift] = await getDb().select().from(donations).where(eq(donations.stripe_checkout_session_id, session!.id as string));
    const [dedication] = await getDb().select().from(giftDedications).where(eq(giftDedications.donation_id, gift.id));
    expect(dedication).toMatchObject({ kind: "memory", honoree_name: "Margaret Hale", notify_email: notify, show_amount: false });
    expect(dedication.notice_queued_at).not.toBeNull();
  });

  it("a monthly gift in honour: the notice with the amount (the donor chose it) comes with the first payment only", async () => {
    const email = newEmail("honouring");
    const notify = newEmail("friend");
    const { session } = await donate({
      frequency: "monthly",
      paymentMethod: "card",
      amount: "10",
      email,
      dedicate: "on",
      dedicationKind: "honour",
      honoreeName: "Priya Shah",
      notifyName: "Priya Shah",
      notifyEmail: notify,
      notifyShowAmount: "on",
    });
    await stripe.complete(session!.id as string);
    await stripe.payInvoice(session!.subscription as string);
    const notices = await waitFor(() => mailsTo(notify), (m) => m.length === 1, "the notice");
    expect(notices[0].text).toContain("In honour of Priya Shah, someone has made a monthly gift to Millbrook Community Foundation of £10.00 a month.");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(notify)).toHaveLength(1);
  });

  it("data protection: the donor's export holds the dedication; the person told is found and erased by their own address", async () => {
    const email = newEmail("dp-donor");
    const told = newEmail("dp-told");
    const { session } = await donate({ customAmount: "5", email, dedicate: "on", dedicationKind: "honour", honoreeName: "Ruth Ellis", notifyName: "Ruth Ellis", notifyEmail: told });
    await stripe.complete(session!.id as string);
    const donor = donorDataExport(await findDonorData(email));
    expect(donor.dedications).toEqual([{ kind: "in honour of", name: "Ruth Ellis", message: "", person_told: "Ruth Ellis", person_told_email: told, amount_shown: false }]);
    const person = donorDataExport(await findDonorData(told));
    expect(person.named_to_be_told_of_a_gift).toHaveLength(1);
    expect(person.named_to_be_told_of_a_gift[0]).toMatchObject({ email: told, gift: "in honour of Ruth Ellis" });

    await getDb().transaction((tx) => eraseDonorData(tx, told));
    expect(donorDataExport(await findDonorData(told)).named_to_be_told_of_a_gift).toEqual([]);
    // The donor's gift and its dedication stay; only the person told is gone from it.
    expect(donorDataExport(await findDonorData(email)).dedications[0]).toMatchObject({ name: "Ruth Ellis", person_told: null, person_told_email: null });

    await getDb().transaction((tx) => eraseDonorData(tx, email));
    expect(await getDb().select().from(giftDedications).where(eq(giftDedications.honoree_name, "Ruth Ellis"))).toEqual([]);
  });

  it("refuses a dedication without a name, a message with a link, or a bad address to tell, and opens no Checkout", async () => {
    const before = stripe.sessions.size;
    const { status, data } = await donate({
      customAmount: "5",
      email: newEmail("bad-dedication"),
      dedicate: "on",
      dedicationKind: "memory",
      honoreeName: "",
      dedicationMessage: "Visit www.example.com",
      notifyName: "Someone",
      notifyEmail: "not-an-address",
    });
    expect(status).toBe(400);
    expect(Object.keys(readReply(data?.reply).errors).sort()).toEqual(["dedicationMessage", "honoreeName", "notifyEmail"]);
    expect(stripe.sessions.size).toBe(before);
  });
});
