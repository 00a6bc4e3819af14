/**
 * Stripe webhooks: the signature and its timestamp are checked with the SDK (default
 * tolerance, 5 minutes); every event is stored by id in stripe_events inside the same
 * transaction as its effects, so a repeated delivery changes nothing.
 */
import { desc } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb, type Database } from "../db/client.server.ts";
import { stripeEvents } from "../db/schema.ts";
import { logger } from "../lib/logger.server.ts";
import { stripeClient, stripeSettings } from "./stripe.server.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What happens after the transaction commits (e.g. a receipt to mail). */
export type AfterCommit = () => Promise<void>;

export type EventHandler = (event: Stripe.Event, tx: Transaction) => Promise<AfterCommit | void>;

export type WebhookOutcome =
  | { status: 400; reason: string }
  | { status: 200; duplicate: boolean; handled: boolean };

/** Checks, stores and handles one delivery. `handlers` by event type. */
export async function receiveWebhook(
  payload: string,
  signature: string | null,
  handlers: Partial<Record<string, EventHandler>>,
): Promise<WebhookOutcome> {
  const settings = stripeSettings();
  if (!settings) return { status: 400, reason: "payments not configured" };
  if (!signature) return { status: 400, reason: "no signature" };
  let event: Stripe.Event;
  try {
    event = (await stripeClient()).webhooks.constructEvent(payload, signature, settings.webhookSecret);
  } catch (error) {
    return { status: 400, reason: error instanceof Error ? error.message : "bad signature" };
  }

  const handler = handlers[event.type];
  const after = await getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return { duplicate: true as const };
    const afterCommit = handler ? await handler(event, tx) : undefined;
    return { duplicate: false as const, afterCommit };
  });
  if (after.duplicate) {
    logger.info({ event: event.id, type: event.type }, "stripe event already handled");
    return { status: 200, duplicate: true, handled: false };
  }
  if (after.afterCommit) await runAfterCommit(after.afterCommit, event.id);
  return { status: 200, duplicate: false, handled: Boolean(handler) };
}

/**
 * What follows a recorded event (queueing a receipt or a confirmation) is tried again a
 * few times over some seconds: the event is already stored, so Stripe's own redelivery
 * would change nothing, and a brief database fault must not lose the message.
 */
async function runAfterCommit(afterCommit: AfterCommit, eventId: string, delaysMs = [250, 1_000, 3_000]) {
  for (let attempt = 0; ; attempt++) {
    try {
      await afterCommit();
      return;
    } catch (error) {
      if (attempt >= delaysMs.length) {
        logger.error({ err: error, event: eventId }, "after a stripe event: gave up");
        return;
      }
      logger.warn({ error: error instanceof Error ? error.message : String(error), event: eventId, attempt: attempt + 1 }, "after a stripe event: trying again");
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}

/** When the last webhook arrived (Diagnostics), or null. */
export async function lastWebhookAt(): Promise<Date | null> {
  const [row] = await getDb().select({ at: stripeEvents.received_at }).from(stripeEvents).orderBy(desc(stripeEvents.received_at)).limit(1);
  return row?.at ?? null;
}
