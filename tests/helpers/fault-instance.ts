/**
 * Child process for the database fault test: one instance of the site's back end as the
 * server runs it (the database pool, the job queue, the change feed and the content
 * cache), on the database at DATABASE_URL, answering on loopback:
 *
 *   GET  /healthz                    the site's readiness (app/system/health.server.ts)
 *   POST /payments/stripe/webhook    the site's webhook route
 *   POST /book     {eventId, name, email, quantity, key}   a paid booking held for Checkout
 *   POST /donate   {amountPence, email, key}               a donation's Checkout session
 *   POST /publish  {topic}           publishChange (as a staff edit does)
 *   GET  /heard                      the topics heard from the change feed so far
 *
 * A write that fails answers 503 with the error's message. Prints "ready <port>" once
 * serving. The process must never end by itself: the test fails if it does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { connectDatabase } from "../../app/db/client.server.ts";
import { holdForCheckout } from "../../app/features/bookings/bookings.server.ts";
import { startDonationCheckout } from "../../app/features/giving/checkout.server.ts";
import { siteJobs } from "../../app/jobs/jobs.server.ts";
import { startQueue } from "../../app/jobs/queue.server.ts";
import { config } from "../../app/lib/config.server.ts";
import { listenForChanges, publishChange, subscribe } from "../../app/live/change-feed.server.ts";
import { enableContentCache } from "../../app/live/content-cache.server.ts";
import { isContentTopic } from "../../app/live/content-topics.ts";
import { action as stripeWebhook } from "../../app/routes/resources/stripe-webhook.ts";
import { checkReadiness } from "../../app/system/health.server.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
connectDatabase(url, { max: 6 });
await startQueue(url, siteJobs(), { pollingIntervalSeconds: 0.5 });
enableContentCache();
const heard: { topic: string; at: number }[] = [];
subscribe((topic) => heard.push({ topic, at: Date.now() }));
await listenForChanges();

const origin = config().PUBLIC_URL ?? "http://localhost";

async function body(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const server = http.createServer((req, res) => {
  const send = (status: number, value: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(value));
  };
  void (async () => {
    const text = await body(req);
    const route = `${req.method} ${req.url}`;
    try {
      if (route === "GET /healthz") {
        const readiness = await checkReadiness(2_000);
        return send(readiness.status === "ok" ? 200 : 503, readiness);
      }
      if (route === "POST /payments/stripe/webhook") {
        const request = new Request(`${origin}/payments/stripe/webhook`, { method: "POST", headers: req.headers as Record<string, string>, body: text });
        const response = await stripeWebhook({ request } as never);
        res.writeHead(response.status, { "Content-Type": "application/json" });
        return res.end(await response.text());
      }
      if (route === "POST /book") {
        const input = JSON.parse(text) as { eventId: number; name: string; email: string; quantity: number };
        const held = await holdForCheckout(input, { origin });
        if (!held.ok) return send(409, held);
        return send(200, { reference: held.booking.reference, sessionId: held.booking.stripe_checkout_session_id });
      }
      if (route === "POST /donate") {
        const input = JSON.parse(text) as { amountPence: number; email: string };
        const checkoutUrl = await startDonationCheckout({ frequency: "one-off", amountPence: input.amountPence, causeId: null, email: input.email, giftAid: null, paymentMethod: "card", feePence: 0, dedication: null }, {}, origin);
        return send(200, { sessionId: checkoutUrl.split("/").at(-1) });
      }
      if (route === "POST /publish") {
        const { topic } = JSON.parse(text) as { topic: unknown };
        if (!isContentTopic(topic)) return send(400, { error: "not a topic" });
        publishChange(topic);
        return send(200, { published: topic });
      }
      if (route === "GET /heard") return send(200, heard);
      send(404, { error: route });
    } catch (error) {
      send(503, { error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
server.listen(0, "127.0.0.1", () => console.log(`ready ${(server.address() as AddressInfo).port}`));
