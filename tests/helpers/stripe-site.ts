/**
 * The Stripe double for the tests of one file: while they run, the site's Stripe settings
 * point at it (with `env` added, PUBLIC_URL by default), and the double's signed webhooks
 * go to the site's own webhook route, served on loopback as the app serves it. While
 * `outage.down` is true that route answers 503, as a load balancer with no instance up.
 * After them the environment and configuration are as they were.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { action as stripeWebhook } from "../../app/routes/resources/stripe-webhook.ts";
import { StripeDouble } from "../../scripts/stripe-double.ts";

export function withStripeDouble(env: Record<string, string> = { PUBLIC_URL: "http://localhost:5999" }) {
  const stripe = new StripeDouble();
  const outage = { down: false };
  const savedEnv = { ...process.env };
  let site: http.Server;
  beforeAll(async () => {
    await stripe.start();
    site = http.createServer((req, res) => {
      if (outage.down) {
        req.resume();
        res.writeHead(503).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const request = new Request(`http://localhost${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
        const response = await stripeWebhook({ request } as never);
        res.writeHead(response.status, { "Content-Type": "application/json" });
        res.end(await response.text());
      });
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    stripe.webhookUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/payments/stripe/webhook`;
    Object.assign(process.env, stripe.env(), env);
    reloadConfig();
  });
  afterAll(async () => {
    process.env = savedEnv;
    reloadConfig();
    await stripe.stop();
    await new Promise((resolve) => site.close(resolve));
  });
  return { stripe, outage };
}
