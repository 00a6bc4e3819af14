import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getDb } from "../../db/client.server.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { action as signupAction } from "./public/newsletter.tsx";
import { action as confirmAction, loader as confirmLoader } from "./public/newsletter-confirm.tsx";
import { action as preferencesAction } from "./public/newsletter-preferences.tsx";
import { action as oneClickAction } from "./public/newsletter-unsubscribe.ts";
import { SIGNUP_WORDING } from "./consent.ts";
import { currentConsent, supporterByEmail } from "./supporters.server.ts";
import { consentEvents, subscriptionRequests, supporters } from "./table.ts";

setupTestDatabase();

const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });
let ipCounter = 0;

/** A POST as the browser sends it, without any session cookie. */
function post(url: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  const request = new Request(new URL(url, "http://localhost:5999"), { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: `198.51.100.${++ipCounter}`, nonce: "", secure: false });
  return { request, context, params } as never;
}
function get(url: string, params: Record<string, string>) {
  return { request: new Request(new URL(url, "http://localhost:5999")), context: new RouterContextProvider(), params } as never;
}
const payload = (r: unknown) => (r as { data: Record<string, unknown> }).data;

async function mailTo(address: string, count: number) {
  for (let i = 0; i < 50 && smtp.mails.filter((m) => m.to.includes(address)).length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return smtp.mails.filter((m) => m.to.includes(address));
}

describe("newsletter signup (double opt-in)", () => {
  it("subscribes only after the emailed link is followed and its button pressed, with the signup's wording", async () => {
    const answer = await signupAction(post("/newsletter", { email: "  Nina.News@Example.org ", firstName: "Nina", source: "footer" }));
    expect(payload(answer)).toEqual({ status: "check-email", email: "nina.news@example.org" });

    // Nothing recorded yet: no supporter, no consent.
    expect(await supporterByEmail("nina.news@example.org")).toBeNull();
    const [mail] = await mailTo("nina.news@example.org", 1);
    expect(mail.subject).toMatch(/^Please confirm/);
    const link = /http:\/\/localhost:5999(\/newsletter\/confirm\/([\w-]+))/.exec(mail.text)!;
    expect(link).not.toBeNull();

    // Opening the link (a mail scanner would) subscribes nobody.
    const opened = await confirmLoader(get(link[1], { token: link[2] }));
    expect(payload(opened)).toEqual({ pending: { email: "nina.news@example.org" } });
    expect(await supporterByEmail("nina.news@example.org")).toBeNull();

    const confirmed = await confirmAction(post(link[1], {}, { token: link[2] }));
    expect(payload(confirmed).confirmed).toBe(true);
    const nina = (await supporterByEmail("nina.news@example.org"))!;
    expect(nina.name).toBe("Nina");
    const events = await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, nina.id));
    expect(events).toEqual([expect.objectContaining({ given: true, wording: SIGNUP_WORDING, source: "Newsletter signup in the site footer, confirmed by the emailed link" })]);

    // The link works once.
    const again = await confirmAction(post(link[1], {}, { token: link[2] }));
    expect(payload(again).confirmed).toBe(false);
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, nina.id))).toHaveLength(1);
  });

  it("answers a signup for an address already subscribed exactly as for a new one, and records nothing new", async () => {
    await signupAction(post("/newsletter", { email: "old.hand@example.org", source: "news" }));
    const [first] = await mailTo("old.hand@example.org", 1);
    const token = /\/newsletter\/confirm\/([\w-]+)/.exec(first.text)![1];
    await confirmAction(post(`/newsletter/confirm/${token}`, {}, { token }));

    const fresh = await signupAction(post("/newsletter", { email: "brand.new@example.org", source: "news" }));
    const known = await signupAction(post("/newsletter", { email: "Old.Hand@example.org", source: "news" }));
    expect(Object.keys(payload(known))).toEqual(Object.keys(payload(fresh)));
    expect(payload(known).status).toBe("check-email");
    const mails = await mailTo("old.hand@example.org", 2);
    expect(mails[1].subject).toMatch(/already get/);
    const person = (await supporterByEmail("old.hand@example.org"))!;
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, person.id))).toHaveLength(1);
    expect(await getDb().select().from(subscriptionRequests).where(eq(subscriptionRequests.email, "old.hand@example.org"))).toEqual([]);
  });

  it("refuses a bad address with a message and saves nothing", async () => {
    const answer = await signupAction(post("/newsletter", { email: "not-an-address", source: "footer" }));
    expect((answer as { init?: ResponseInit }).init?.status).toBe(400);
    expect(payload(answer)).toMatchObject({ status: "refused", reply: { status: "error", error: { email: [expect.stringMatching(/email address/)] } } });
    expect(await getDb().select().from(subscriptionRequests).where(eq(subscriptionRequests.email, "not-an-address"))).toEqual([]);
  });

  it("says honestly that signup needs email switched on when mail is off, and saves nothing", async () => {
    const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    reloadConfig();
    try {
      const answer = await signupAction(post("/newsletter", { email: "no.mail@example.org", source: "footer" }));
      expect(payload(answer)).toEqual({ status: "mail-off" });
      expect(await getDb().select().from(subscriptionRequests).where(eq(subscriptionRequests.email, "no.mail@example.org"))).toEqual([]);
    } finally {
      Object.assign(process.env, saved);
      reloadConfig();
    }
  });
});

describe("unsubscribing by link", () => {
  it("one-click POST (RFC 8058) unsubscribes without a session and is recorded; the preferences page subscribes again", async () => {
    await signupAction(post("/newsletter", { email: "ursula@example.org", source: "footer" }));
    const [mail] = await mailTo("ursula@example.org", 1);
    const token = /\/newsletter\/confirm\/([\w-]+)/.exec(mail.text)![1];
    await confirmAction(post(`/newsletter/confirm/${token}`, {}, { token }));
    const ursula = (await supporterByEmail("ursula@example.org"))!;
    expect((await currentConsent(ursula.id)).subscribed).toBe(true);

    const wrong = await oneClickAction(post(`/newsletter/unsubscribe/${ursula.preferences_token}`, { something: "else" }, { token: ursula.preferences_token }));
    expect(wrong.status).toBe(400);
    expect((await currentConsent(ursula.id)).subscribed).toBe(true);

    const response = await oneClickAction(post(`/newsletter/unsubscribe/${ursula.preferences_token}`, { "List-Unsubscribe": "One-Click" }, { token: ursula.preferences_token }));
    expect(response.status).toBe(200);
    const state = await currentConsent(ursula.id);
    expect(state).toMatchObject({ subscribed: false, source: "One-click unsubscribe from an email (List-Unsubscribe)" });

    const unknown = await oneClickAction(post("/newsletter/unsubscribe/0123456789abcdef0123456789abcdef", { "List-Unsubscribe": "One-Click" }, { token: "0123456789abcdef0123456789abcdef" }));
    expect(unknown.status).toBe(404);

    await preferencesAction(post(`/newsletter/preferences/${ursula.preferences_token}`, { intent: "subscribe" }, { token: ursula.preferences_token }));
    expect((await currentConsent(ursula.id)).subscribed).toBe(true);
    const [row] = await getDb().select().from(supporters).where(eq(supporters.id, ursula.id));
    expect(row.email).toBe("ursula@example.org");
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, ursula.id))).toHaveLength(3);
  });
});
