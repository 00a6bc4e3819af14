/**
 * What a visitor can make the site ask of the charity's Stripe account, counted at the
 * Stripe double: Checkout sessions opened from one address (donations and ticket
 * purchases share the limit), and thank-you page lookups, which only happen for
 * session ids the database already knows.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { CHECKOUT_STARTS_PER_WINDOW } from "../../app/domain/limits/checkout-starts.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { loader as thankYou } from "../../app/features/giving/thank-you-page.tsx";
import { action as eventAction } from "../../app/features/events/event-page.tsx";
import { action as supportAction } from "../../app/features/giving/support-page.tsx";
import { StripeDouble } from "../../scripts/stripe-double.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const stripe = new StripeDouble();
const savedEnv = { ...process.env };

beforeAll(async () => {
  await stripe.start();
  Object.assign(process.env, stripe.env(), { PUBLIC_URL: "http://localhost:5999", PUBLIC_FORM_RATE_LIMIT: "1000" });
  reloadConfig();
});

afterAll(async () => {
  process.env = savedEnv;
  reloadConfig();
  await stripe.stop();
});

function context(ip: string) {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { ip, secure: false });
  return provider;
}

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The status of an action's answer (a Response, or data() with its init). */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    return (result as { init?: ResponseInit | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const donate = (ip: string, i: number) =>
  statusOf(() =>
    supportAction({
      request: post("/support", { intent: "donate", frequency: "one-off", amount: "", customAmount: "10", cause: "", email: `donor${i}@example.org` }),
      context: context(ip),
      params: {},
    } as never),
  );

const sessionsCreated = () => stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/checkout/sessions").length;

describe("Checkout sessions per address", () => {
  it("30 donations from one address open at most 10 sessions; the rest are told to wait (429)", async () => {
    const before = sessionsCreated();
    // One after the other: posts in parallel also meet the page's form limit, which would hide this one.
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push(await donate("203.0.113.60", i));
    const opened = sessionsCreated() - before;
    console.info(`Checkout sessions opened by one address (30 donation posts): ${opened}`);
    expect(opened).toBe(CHECKOUT_STARTS_PER_WINDOW);
    expect(statuses.filter((s) => s === 303)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The refused donor is told why, in the form's own message, and keeps what they typed.
    const refused = await supportAction({
      request: post("/support?form=donate", { intent: "donate", frequency: "one-off", amount: "custom", customAmount: "10", cause: "", email: "donor-waiting@example.org" }),
      context: context("203.0.113.60"),
      params: {},
    } as never);
    expect(refused).toMatchObject({
      init: { status: 429 },
      data: {
        intent: "donate",
        reply: {
          error: { "": ["You have started several payments in a short time. Please wait a few minutes and try again. Nothing has been taken."] },
          initialValue: { customAmount: "10", email: "donor-waiting@example.org" },
        },
      },
    });
    // Another address is not affected.
    expect(await donate("198.51.100.60", 99)).toBe(303);
  });

  it("ticket purchases count against the same limit", async () => {
    const [event] = await getDb()
      .insert(events)
      .values({
        title: "Paid limits",
        date: "2030-06-15",
        time: "19:30",
        description: "x",
        location: "Hall",
        category: "social",
        booking_mode: "paid",
        ticket_price_pence: 500,
        tickets_available: 100,
      })
      .returning();
    const ip = "192.0.2.60";
    for (let i = 0; i < 9; i++) expect(await donate(ip, i)).toBe(303);
    const before = sessionsCreated();
    const buy = (i: number) =>
      statusOf(() =>
        eventAction({
          request: post(`/events/${event.id}`, { intent: "book", name: "Buyer", email: `buyer${i}@example.org`, quantity: "1" }),
          context: context(ip),
          params: { id: String(event.id) },
        } as never),
      );
    expect(await buy(1)).toBe(303);
    expect(await buy(2)).toBe(429);
    expect(sessionsCreated() - before).toBe(1);
  });
});

describe("the thank-you page", () => {
  it("asks Stripe about no made-up session id, and about a real one once", async () => {
    const lookups = () => stripe.calls.filter((c) => c.method === "GET" && c.path.startsWith("/v1/checkout/sessions/")).length;
    const before = lookups();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        statusOf(() => thankYou({ request: new Request(`http://localhost/support/thank-you?session_id=cs_test_${"f".repeat(20)}${i}`), context: context("203.0.113.61"), params: {} } as never)),
      ),
    );
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect(lookups() - before).toBe(0);

    // A session the site opened: looked up, and the page shows it.
    expect(await donate("203.0.113.62", 1)).toBe(303);
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    const status = await statusOf(() => thankYou({ request: new Request(`http://localhost/support/thank-you?session_id=${sessionId}`), context: context("203.0.113.62"), params: {} } as never));
    expect(status).toBe(200);
    expect(lookups() - before).toBe(1);
  });
});
