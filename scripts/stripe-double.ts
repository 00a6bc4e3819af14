/**
 * A Stripe API double on loopback, for the tests and for `npm run dev` without keys.
 *
 * - Answers the API calls the site makes, with Stripe-shaped objects: create, retrieve
 *   and expire a Checkout session, retrieve, update (amount, pause_collection) and cancel a
 *   subscription, refund a payment, open a billing-portal session. It checks the secret key.
 * - Serves a minimal billing portal (/portal/<session id>) where the donor saves new card
 *   details ("Save card") and is sent back to the session's return_url.
 * - Serves a minimal checkout page (/checkout/<session id>) where a person or a browser
 *   test pays ("Pay") or cancels ("Cancel and go back").
 * - Sends webhooks to `webhookUrl`, signed with Stripe's real scheme (the SDK's
 *   generateTestHeaderString), as Stripe would: checkout.session.completed, invoice.paid
 *   (first and later monthly payments), customer.subscription.deleted, charge.refunded,
 *   checkout.session.expired. Like Stripe, an event not answered 2xx (an error, a refused
 *   or reset connection) is sent again with exponential backoff (Stripe's schedule spans
 *   three days; the double's is compressed: `retry`, by default 0.5 s doubling to 30 s,
 *   12 attempts in all). `settled()` waits until no retry is due.
 *
 * Tests drive the rest through its methods (payInvoice, failInvoice, updateSubscription,
 * endAfterFailedPayments, refund, expire, resend, events). A Bacs Direct Debit session
 * (payment_method_types ["bacs_debit"], GBP and an email required) completes with the
 * mandate only: its first invoice is paid when the test says so.
 * Run alone: `node scripts/stripe-double.ts` prints the environment to give the site.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export interface StripeDoubleOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where webhooks go, e.g. http://localhost:3000/payments/stripe/webhook (may be set later). */
  webhookUrl?: string;
  port?: number;
  /** Redelivery of events not answered 2xx: false for none. */
  retry?: false | Partial<RetrySchedule>;
}

export interface RetrySchedule {
  /** The wait before the first retry; each later wait doubles. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Deliveries in all, the first included. */
  attempts: number;
}

const DEFAULT_RETRY: RetrySchedule = { firstDelayMs: 500, maxDelayMs: 30_000, attempts: 12 };

export interface SentEvent {
  event: Json;
  payload: string;
  /** The HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  /** 1 for the first delivery, 2 for the first retry... */
  attempt: number;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export class StripeDouble {
  readonly secretKey: string;
  readonly webhookSecret: string;
  webhookUrl: string | undefined;
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** Coupons made through the API (amount_off in pence, or percent_off). */
  readonly coupons = new Map<string, Json>();
  readonly paymentIntents = new Map<string, { amount: number; charge: string; refunded: boolean }>();
  readonly portalSessions = new Map<string, Json>();
  /** Payment methods saved through the billing portal, by customer. */
  readonly savedPaymentMethods = new Map<string, string>();
  readonly sent: SentEvent[] = [];
  /** Every API call received (method and path), for tests that count calls on the account. */
  readonly calls: { method: string; path: string }[] = [];
  /** How many refund calls to answer with an error (Stripe unreachable or failing) before refunds succeed. */
  failRefunds = 0;
  private readonly idempotency = new Map<string, Json>();
  private readonly signer = new Stripe("sk_test_double_signer");
  private server: http.Server | undefined;
  private readonly requestedPort: number;
  private readonly retry: RetrySchedule | null;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly waiting = new Set<() => void>();
  private retrying = 0;
  private stopped = false;
  origin = "";

  constructor(options: StripeDoubleOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
    this.webhookUrl = options.webhookUrl;
    this.requestedPort = options.port ?? 0;
    this.retry = options.retry === false ? null : { ...DEFAULT_RETRY, ...options.retry };
  }

  /** The environment that points the site's Stripe SDK here. */
  env(): Record<string, string> {
    const url = new URL(this.origin);
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_HOST: url.hostname,
      STRIPE_API_PORT: url.port,
      STRIPE_API_PROTOCOL: "http",
    };
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // A failure after the answer went (a webhook sent after it): nothing more to answer.
        if (res.headersSent) return;
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.requestedPort, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.wakeWaiting();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  // ---- Webhooks ---------------------------------------------------------------

  private makeEvent(type: string, object: Json): Json {
    return {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /**
   * Sends an event, signed (or with `signature`, `secret` or `timestamp` given: a forged or
   * stale delivery, sent once). A properly signed event not answered 2xx is sent again
   * later, as Stripe does; the first delivery's result is returned.
   */
  async deliver(event: Json, options: { signature?: string; secret?: string; timestamp?: number } = {}): Promise<SentEvent> {
    const probe = options.signature !== undefined || options.secret !== undefined || options.timestamp !== undefined;
    const sent = await this.attempt(event, options, 1);
    if (!probe) this.retryUnlessDelivered(sent);
    return sent;
  }

  private async attempt(event: Json, options: { signature?: string; secret?: string; timestamp?: number }, attempt: number): Promise<SentEvent> {
    if (!this.webhookUrl) throw new Error("StripeDouble: no webhookUrl to send to");
    const payload = JSON.stringify(event, null, 2);
    const signature =
      options.signature ??
      this.signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret, timestamp: options.timestamp });
    let status = 0;
    try {
      const response = await fetch(this.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // Refused, reset or timed out: no answer, as Stripe records it.
    }
    const sent = { event, payload, status, attempt };
    this.sent.push(sent);
    return sent;
  }

  private retryUnlessDelivered(sent: SentEvent) {
    if (sent.status >= 200 && sent.status < 300) return this.wakeWaiting();
    if (!this.retry || this.stopped || sent.attempt >= this.retry.attempts) return this.wakeWaiting();
    const delay = Math.min(this.retry.maxDelayMs, this.retry.firstDelayMs * 2 ** (sent.attempt - 1));
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.retrying++;
      void this.attempt(sent.event, {}, sent.attempt + 1).then((next) => {
        this.retrying--;
        this.retryUnlessDelivered(next);
      });
    }, delay);
    this.retryTimers.add(timer);
  }

  /** Events still to be sent again (not yet answered 2xx, attempts left). */
  get pendingRetries(): number {
    return this.retryTimers.size + this.retrying;
  }

  /** Resolves once no retry is due (every event answered 2xx or out of attempts). */
  async settled(): Promise<void> {
    while (this.pendingRetries > 0) await new Promise<void>((resolve) => this.waiting.add(resolve));
  }

  private wakeWaiting() {
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }

  private send(type: string, object: Json) {
    return this.deliver(this.makeEvent(type, object));
  }

  /** The events of one type sent so far. */
  events(type?: string): Json[] {
    return this.sent.filter((s) => !type || s.event.type === type).map((s) => s.event);
  }

  /** Sends an already sent event again (as Stripe does when it retries). */
  resend(event: Json) {
    return this.deliver(event);
  }

  // ---- Payments ---------------------------------------------------------------

  private newPayment(amount: number) {
    const pi = id("pi");
    this.paymentIntents.set(pi, { amount, charge: id("ch"), refunded: false });
    return pi;
  }

  /** Completes a Checkout session as if the donor paid: webhooks first, then the redirect. */
  async complete(sessionId: string): Promise<string> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "open") return String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId);
    const email = String(session.customer_email ?? "donor@example.org");
    const customer = id("cus");
    Object.assign(session, { status: "complete", customer, customer_details: { email, name: null } });
    if (session.mode === "payment") {
      Object.assign(session, { payment_status: "paid", payment_intent: this.newPayment(Number(session.amount_total)) });
      await this.send("checkout.session.completed", session);
    } else {
      const sub = id("sub");
      const data = (session.subscription_data as Json | undefined) ?? {};
      const bacs = (session.payment_method_types as string[]).includes("bacs_debit");
      this.subscriptions.set(sub, {
        id: sub,
        object: "subscription",
        status: "active",
        customer,
        metadata: (data.metadata as Json | undefined) ?? {},
        currency: "gbp",
        amount: Number(session.amount_total),
        email,
        default_payment_method_type: bacs ? "bacs_debit" : "card",
        cancellation_details: { comment: null, feedback: null, reason: null },
      });
      if (bacs) {
        // A Direct Debit is a delayed payment: the mandate is set up now and the first
        // payment is confirmed days later (payInvoice), as Stripe does.
        Object.assign(session, { payment_status: "unpaid", subscription: sub });
        await this.send("checkout.session.completed", session);
      } else {
        Object.assign(session, { payment_status: "paid", subscription: sub });
        await this.send("checkout.session.completed", session);
        await this.payInvoice(sub);
      }
    }
    return String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId);
  }

  /** One paid monthly invoice of a subscription (invoice.paid). */
  async payInvoice(subscriptionId: string): Promise<Json> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub || !["active", "past_due"].includes(String(sub.status))) throw new Error(`no active subscription ${subscriptionId}`);
    if (sub.pause_collection) throw new Error(`subscription ${subscriptionId} is paused: Stripe takes no payment`);
    const amount = Number(sub.amount);
    const pi = this.newPayment(amount);
    const invoice: Json = {
      id: id("in"),
      object: "invoice",
      amount_due: amount,
      amount_paid: amount,
      currency: "gbp",
      customer: sub.customer,
      customer_email: sub.email,
      status: "paid",
      billing_reason: this.events("invoice.paid").some((e) => ((e.data as Json).object as Json).customer === sub.customer) ? "subscription_cycle" : "subscription_create",
      status_transitions: { paid_at: now() },
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
      payments: { object: "list", data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: pi } }] },
    };
    await this.send("invoice.paid", invoice);
    if (sub.status === "past_due") await this.updateSubscription(subscriptionId, "active");
    return invoice;
  }

  /**
   * One failed attempt at a monthly payment (invoice.payment_failed), as Stripe sends for
   * each attempt of the same invoice; the first failure of an invoice also makes the
   * subscription past_due (customer.subscription.updated). Pass the invoice to retry it.
   */
  async failInvoice(subscriptionId: string, retry?: Json): Promise<Json> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub || !["active", "past_due"].includes(String(sub.status))) throw new Error(`no active subscription ${subscriptionId}`);
    const amount = Number(sub.amount);
    const attempt = retry ? Number(retry.attempt_count) + 1 : 1;
    const invoice: Json = {
      ...(retry ?? {}),
      id: retry ? retry.id : id("in"),
      object: "invoice",
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: "gbp",
      customer: sub.customer,
      customer_email: sub.email,
      status: "open",
      attempted: true,
      attempt_count: attempt,
      next_payment_attempt: now() + 3 * 24 * 60 * 60,
      billing_reason: "subscription_cycle",
      parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
    };
    await this.send("invoice.payment_failed", invoice);
    if (sub.status === "active") await this.updateSubscription(subscriptionId, "past_due");
    return invoice;
  }

  /** Changes a subscription's status (customer.subscription.updated, with the previous status). */
  async updateSubscription(subscriptionId: string, status: "active" | "past_due" | "unpaid"): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    const previous = sub.status;
    sub.status = status;
    await this.deliver({ ...this.makeEvent("customer.subscription.updated", { ...sub }), data: { object: { ...sub }, previous_attributes: { status: previous } } });
  }

  /** Stripe ends a subscription after its retries failed (customer.subscription.deleted, reason payment_failed). */
  async endAfterFailedPayments(subscriptionId: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    Object.assign(sub, { status: "canceled", canceled_at: now(), ended_at: now(), cancellation_details: { comment: null, feedback: null, reason: "payment_failed" } });
    await this.send("customer.subscription.deleted", { ...sub });
  }

  /** Refunds a payment in full (charge.refunded). */
  async refund(paymentIntentId: string): Promise<void> {
    const payment = this.paymentIntents.get(paymentIntentId);
    if (!payment) throw new Error(`no payment ${paymentIntentId}`);
    payment.refunded = true;
    await this.send("charge.refunded", {
      id: payment.charge,
      object: "charge",
      amount: payment.amount,
      amount_refunded: payment.amount,
      currency: "gbp",
      paid: true,
      refunded: true,
      status: "succeeded",
      payment_intent: paymentIntentId,
    });
  }

  /** Expires an open Checkout session, as Stripe does when its time is up (checkout.session.expired). */
  async expire(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "open") return;
    Object.assign(session, { status: "expired" });
    await this.send("checkout.session.expired", session);
  }

  // ---- HTTP -------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.origin);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
      res.end(JSON.stringify(value));
    };
    const notFound = (what: string) => json(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });

    // The checkout page a donor sees.
    let match = /^\/checkout\/(cs_test_[a-f0-9]+)(\/pay)?$/.exec(url.pathname);
    if (match) {
      const session = this.sessions.get(match[1]);
      if (!session) return notFound("checkout session");
      if (req.method === "POST" && match[2]) {
        const location = await this.complete(match[1]);
        res.writeHead(303, { Location: location });
        return res.end();
      }
      return this.checkoutPage(res, session);
    }

    // The billing portal's "update payment method" page.
    match = /^\/portal\/(bps_test_[a-f0-9]+)(\/save)?$/.exec(url.pathname);
    if (match) {
      const portal = this.portalSessions.get(match[1]);
      if (!portal) return notFound("billing portal session");
      if (req.method === "POST" && match[2]) {
        const pm = id("pm");
        this.savedPaymentMethods.set(String(portal.customer), pm);
        for (const sub of this.subscriptions.values()) if (sub.customer === portal.customer) sub.default_payment_method = pm;
        const customer = { id: portal.customer, object: "customer", invoice_settings: { default_payment_method: pm } };
        await this.send("customer.updated", customer);
        res.writeHead(303, { Location: String(portal.return_url) });
        return res.end();
      }
      return this.portalPage(res, portal);
    }

    if (!url.pathname.startsWith("/v1/")) return notFound("page");
    this.calls.push({ method: req.method ?? "GET", path: url.pathname });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && this.idempotency.has(key)) return json(200, this.idempotency.get(key));
      const params = parseStripeForm(body);
      // Each line item is its own line (Checkout lists them); a coupon in `discounts` takes
      // its amount off the subtotal, never below zero, as Stripe does.
      const items = ((params.line_items as Json[] | undefined) ?? []).map((item) => ({
        quantity: Number(item.quantity ?? 1),
        price: (item.price_data as Json | undefined) ?? {},
      }));
      const price = items[0]?.price ?? {};
      const subtotal = items.reduce((sum, item) => sum + Number(item.price.unit_amount) * item.quantity, 0);
      const couponId = ((params.discounts as Json[] | undefined) ?? [])[0]?.coupon;
      const coupon = couponId === undefined ? null : this.coupons.get(String(couponId));
      if (couponId !== undefined && !coupon) return json(400, { error: { type: "invalid_request_error", message: `No such coupon: '${String(couponId)}'` } });
      const off = coupon ? (coupon.amount_off !== null ? Number(coupon.amount_off) : Math.round((subtotal * Number(coupon.percent_off)) / 100)) : 0;
      const amount = subtotal - Math.min(off, subtotal);
      const mode = String(params.mode);
      const itemsValid = items.length > 0 && items.every((item) => Number.isInteger(Number(item.price.unit_amount)) && Number(item.price.unit_amount) > 0 && item.quantity >= 1 && String(item.price.currency) === "gbp");
      if (!itemsValid || !Number.isInteger(amount) || amount <= 0 || !["payment", "subscription"].includes(mode)) {
        return json(400, { error: { type: "invalid_request_error", message: "Invalid line_items or mode" } });
      }
      if (mode === "subscription" && !(price.recurring as Json | undefined)?.interval) {
        return json(400, { error: { type: "invalid_request_error", message: "Subscription mode needs a recurring price" } });
      }
      const methods = (params.payment_method_types as string[] | undefined) ?? ["card"];
      if (methods.some((m) => !["card", "bacs_debit"].includes(m))) {
        return json(400, { error: { type: "invalid_request_error", param: "payment_method_types", message: "The double knows card and bacs_debit only" } });
      }
      // Stripe's rules for Bacs Direct Debit: GBP only, and the mandate needs the payer's email.
      if (methods.includes("bacs_debit") && (String(price.currency) !== "gbp" || !params.customer_email)) {
        return json(400, { error: { type: "invalid_request_error", param: "payment_method_types", message: "bacs_debit needs a GBP price and the customer's email" } });
      }
      const sessionId = id("cs");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        mode,
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        amount_subtotal: subtotal,
        total_details: { amount_discount: subtotal - amount },
        line_items_list: items.map((item) => ({
          description: String((item.price.product_data as Json | undefined)?.name ?? ""),
          quantity: item.quantity,
          amount_total: Number(item.price.unit_amount) * item.quantity,
        })),
        currency: "gbp",
        customer: null,
        customer_email: params.customer_email ?? null,
        customer_details: null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        payment_intent: null,
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `${this.origin}/checkout/${sessionId}`,
        livemode: false,
        created: now(),
        expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 60 * 60,
        line_items_name: (price.product_data as Json | undefined)?.name ?? "Donation",
        subscription_data: params.subscription_data ?? null,
        payment_method_types: methods,
        billing_address_collection: params.billing_address_collection ?? null,
      };
      this.sessions.set(sessionId, session);
      if (typeof key === "string") this.idempotency.set(key, session);
      return json(200, session);
    }

    match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const session = this.sessions.get(match[1]);
      return session ? json(200, session) : notFound("checkout.session");
    }

    match = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(url.pathname);
    if (req.method === "POST" && match) {
      const session = this.sessions.get(match[1]);
      if (!session) return notFound("checkout.session");
      if (session.status !== "open") return json(400, { error: { type: "invalid_request_error", message: "Only open sessions can be expired" } });
      Object.assign(session, { status: "expired" });
      json(200, session);
      await this.send("checkout.session.expired", session);
      return;
    }

    if (req.method === "POST" && url.pathname === "/v1/coupons") {
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && this.idempotency.has(key)) return json(200, this.idempotency.get(key));
      const params = parseStripeForm(body);
      const amountOff = params.amount_off === undefined ? null : Number(params.amount_off);
      const percentOff = params.percent_off === undefined ? null : Number(params.percent_off);
      if ((amountOff === null) === (percentOff === null) || (amountOff !== null && (!Number.isInteger(amountOff) || amountOff <= 0 || params.currency !== "gbp"))) {
        return json(400, { error: { type: "invalid_request_error", message: "A coupon needs amount_off with currency, or percent_off" } });
      }
      const coupon = { id: id("co"), object: "coupon", amount_off: amountOff, percent_off: percentOff, currency: params.currency ?? null, duration: params.duration ?? "once", name: params.name ?? null };
      this.coupons.set(coupon.id, coupon);
      if (typeof key === "string") this.idempotency.set(key, coupon);
      return json(200, coupon);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      if (this.failRefunds > 0) {
        this.failRefunds--;
        return json(500, { error: { type: "api_error", message: "The refund could not be made just now" } });
      }
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && this.idempotency.has(key)) return json(200, this.idempotency.get(key));
      const params = parseStripeForm(body);
      const pi = String(params.payment_intent ?? "");
      const payment = this.paymentIntents.get(pi);
      if (!payment) return notFound("payment_intent");
      if (payment.refunded) return json(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded" } });
      const refund = { id: id("re"), object: "refund", amount: payment.amount, currency: "gbp", payment_intent: pi, status: "succeeded", metadata: params.metadata ?? {} };
      if (typeof key === "string") this.idempotency.set(key, refund);
      // Answer first, then send the webhook, as Stripe does.
      json(200, refund);
      await this.refund(pi);
      return;
    }

    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const params = parseStripeForm(body);
      const customer = String(params.customer ?? "");
      if (![...this.subscriptions.values()].some((sub) => sub.customer === customer)) return notFound("customer");
      const flow = (params.flow_data as Json | undefined) ?? null;
      const after = ((flow?.after_completion as Json | undefined)?.redirect as Json | undefined)?.return_url;
      const portalId = id("bps");
      const portal: Json = {
        id: portalId,
        object: "billing_portal.session",
        customer,
        flow: flow ? { type: flow.type } : null,
        return_url: after ?? params.return_url ?? null,
        url: `${this.origin}/portal/${portalId}`,
        livemode: false,
        created: now(),
      };
      this.portalSessions.set(portalId, portal);
      return json(200, portal);
    }

    match = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const sub = this.subscriptions.get(match[1]);
      return sub ? json(200, this.subscriptionObject(sub)) : notFound("subscription");
    }
    if (req.method === "POST" && match) {
      const sub = this.subscriptions.get(match[1]);
      if (!sub) return notFound("subscription");
      if (sub.status === "canceled") return json(400, { error: { type: "invalid_request_error", message: "A canceled subscription can only update its cancellation_details and metadata." } });
      const params = parseStripeForm(body);
      const previous: Json = {};
      const item = ((params.items as Json[] | undefined) ?? [])[0];
      if (item) {
        const view = this.subscriptionObject(sub);
        const current = ((view.items as Json).data as Json[])[0];
        const price = (item.price_data as Json | undefined) ?? {};
        const amount = Number(price.unit_amount);
        if (item.id !== current.id) return notFound("subscription item");
        if (!Number.isInteger(amount) || amount <= 0 || price.currency !== "gbp" || !price.product || !(price.recurring as Json | undefined)?.interval) {
          return json(400, { error: { type: "invalid_request_error", message: "Invalid price_data" } });
        }
        if (price.product !== (current.price as Json).product) return notFound("product");
        previous.items = view.items;
        sub.amount = amount;
        sub.price_id = id("price");
      }
      if ("pause_collection" in params) {
        previous.pause_collection = sub.pause_collection ?? null;
        const pause = params.pause_collection;
        if (pause === "") sub.pause_collection = null;
        else {
          const p = pause as Json;
          if (!["void", "keep_as_draft", "mark_uncollectible"].includes(String(p.behavior))) return json(400, { error: { type: "invalid_request_error", message: "Invalid pause_collection[behavior]" } });
          const resumes = p.resumes_at === undefined ? null : Number(p.resumes_at);
          if (resumes !== null && (!Number.isInteger(resumes) || resumes <= now())) return json(400, { error: { type: "invalid_request_error", message: "resumes_at must be in the future" } });
          sub.pause_collection = { behavior: p.behavior, resumes_at: resumes };
        }
      }
      if (params.metadata) sub.metadata = { ...(sub.metadata as Json), ...(params.metadata as Json) };
      const updated = this.subscriptionObject(sub);
      json(200, updated);
      await this.deliver({ ...this.makeEvent("customer.subscription.updated", updated), data: { object: updated, previous_attributes: previous } });
      return;
    }

    match = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
    if (req.method === "DELETE" && match) {
      const sub = this.subscriptions.get(match[1]);
      if (!sub) return notFound("subscription");
      if (sub.status !== "canceled") {
        Object.assign(sub, { status: "canceled", canceled_at: now(), ended_at: now() });
        json(200, sub);
        await this.send("customer.subscription.deleted", sub);
        return;
      }
      return json(200, sub);
    }

    return notFound(`route ${req.method} ${url.pathname}`);
  }

  /** A subscription as Stripe shows it: one item whose price carries the monthly amount. */
  subscriptionObject(sub: Json): Json {
    sub.item_id ??= id("si");
    sub.product_id ??= id("prod");
    sub.price_id ??= id("price");
    const price = { id: sub.price_id, object: "price", currency: "gbp", product: sub.product_id, unit_amount: Number(sub.amount), recurring: { interval: "month", interval_count: 1 } };
    const { item_id, product_id, price_id, amount, email, ...rest } = sub;
    void product_id;
    void price_id;
    void amount;
    void email;
    return {
      ...rest,
      pause_collection: sub.pause_collection ?? null,
      items: { object: "list", data: [{ id: item_id, object: "subscription_item", price, quantity: 1 }] },
    };
  }

  /** Pauses end by themselves at Stripe: the double resumes a paused subscription when told its time has come. */
  async resumeDuePauses(at = now()): Promise<void> {
    for (const sub of this.subscriptions.values()) {
      const pause = sub.pause_collection as Json | null | undefined;
      if (pause && pause.resumes_at !== null && Number(pause.resumes_at) <= at) {
        sub.pause_collection = null;
        const updated = this.subscriptionObject(sub);
        await this.deliver({ ...this.makeEvent("customer.subscription.updated", updated), data: { object: updated, previous_attributes: { pause_collection: pause } } });
      }
    }
  }

  private portalPage(res: http.ServerResponse, portal: Json) {
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing portal (Stripe test double)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1e293b}
button{font-size:1.1rem;padding:.7rem 1.4rem;border-radius:.5rem;border:0;background:#635bff;color:#fff;cursor:pointer}
.note{background:#fef3c7;padding:.75rem;border-radius:.5rem} label{display:block;margin:.75rem 0}</style></head>
<body><p class="note">Test billing portal: no real card is stored.</p>
<h1>Update payment method</h1>
<form method="post" action="/portal/${escapeHtml(String(portal.id))}/save">
<label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
<button type="submit">Save card</button></form>
<p><a href="${escapeHtml(String(portal.return_url ?? "/"))}">Return without saving</a></p>
</body></html>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  }

  private checkoutPage(res: http.ServerResponse, session: Json) {
    const pence = Number(session.amount_total);
    const amount = `£${(pence / 100).toFixed(2)}${session.mode === "subscription" ? " a month" : ""}`;
    const open = session.status === "open";
    const bacs = (session.payment_method_types as string[] | undefined)?.includes("bacs_debit");
    const listed = (session.line_items_list as { description: string; quantity: number; amount_total: number }[] | undefined) ?? [];
    const discount = Number((session.total_details as Json | undefined)?.amount_discount ?? 0);
    const lines =
      listed.length > 1 || discount > 0
        ? `<ul data-testid="checkout-lines">${listed
            .map((l) => `<li>${escapeHtml(l.description)} × ${l.quantity}: £${(l.amount_total / 100).toFixed(2)}</li>`)
            .join("")}${discount > 0 ? `<li>Discount: −£${(discount / 100).toFixed(2)}</li>` : ""}</ul>`
        : "";
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe test double)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1e293b}
button{font-size:1.1rem;padding:.7rem 1.4rem;border-radius:.5rem;border:0;background:#635bff;color:#fff;cursor:pointer}
.note{background:#fef3c7;padding:.75rem;border-radius:.5rem}</style></head>
<body><p class="note">Test checkout: no real card is charged.</p>
<h1>${escapeHtml(String(session.line_items_name))}</h1>
${lines}
<p>Pay <strong data-testid="checkout-amount">${escapeHtml(amount)}</strong> as ${escapeHtml(String(session.customer_email ?? ""))}</p>
${open && bacs ? `<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay">
<p><label>Sort code <input name="sort_code" value="10-88-00" autocomplete="off"></label></p>
<p><label>Account number <input name="account_number" value="00012345" autocomplete="off"></label></p>
<p><label>Billing address <input name="address" value="1 Test Street, Millbrook MB1 2AB"></label></p>
<button type="submit">Set up Direct Debit</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>` : open ? `<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>` : "<p>This checkout is finished.</p>"}
</body></html>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  }
}

// Run alone: print the environment for the site.
if (import.meta.main) {
  const double = await new StripeDouble({ port: Number(process.env.STRIPE_DOUBLE_PORT ?? 0), webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL }).start();
  console.log(`Stripe double on ${double.origin}; give the site:`);
  for (const [key, value] of Object.entries(double.env())) console.log(`${key}=${value}`);
}
