/**
 * The Stripe client, configured from the environment only:
 *
 * - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: both set means online payments are on.
 * - STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL: where the SDK sends its API calls
 *   (unset: Stripe itself). Tests and `npm run dev` point them at the local Stripe double.
 *
 * The keys never go into the database, a page or a log line. The SDK is loaded on first use,
 * so a site without online payments never holds it in memory.
 */
import type Stripe from "stripe";
import { config, siteOrigin, type AppConfig } from "../lib/config.server.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export function stripeSettings(env: AppConfig = config()): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return null;
  return {
    secretKey,
    webhookSecret,
    host: env.STRIPE_API_HOST || undefined,
    port: env.STRIPE_API_PORT || undefined,
    protocol: env.STRIPE_API_PROTOCOL,
  };
}

export function paymentsConfigured(env: AppConfig = config()): boolean {
  return stripeSettings(env) !== null;
}

let cached: { key: string; client: Stripe } | undefined;

/** The SDK client; throws when payments are not configured (check paymentsConfigured first). */
export async function stripeClient(env: AppConfig = config()): Promise<Stripe> {
  const settings = stripeSettings(env);
  if (!settings) throw new Error("Online payments are not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)");
  const key = JSON.stringify([settings.secretKey, settings.host, settings.port, settings.protocol]);
  if (cached?.key !== key) {
    const { default: Stripe } = await import("stripe");
    cached = {
      key,
      client: new Stripe(settings.secretKey, {
        host: settings.host,
        port: settings.port,
        protocol: settings.protocol,
        maxNetworkRetries: 2,
        timeout: 15_000,
        telemetry: false,
      }),
    };
  }
  return cached.client;
}

/** The site's public address, for Checkout's return links. */
export function publicOrigin(): string {
  return siteOrigin().replace(/\/+$/, "");
}
