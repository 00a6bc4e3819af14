/**
 * Sending newsletters to a real SMTP server on loopback, the messages read back with
 * mailparser: the headers (List-Unsubscribe one-click), both parts, the unsubscribe link
 * (which works) and the footer; a segment gets exactly its members; a send stopped
 * halfway (the queue stopped mid-send) and started again delivers to each recipient
 * exactly once; an address the server refuses is marked and skipped next time.
 */
import { eq, sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { siteSettings } from "../../db/schema.ts";
import { events } from "../events/table.ts";
import { donations } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { formSubmissions } from "../submissions/table.ts";
import { contactDetails } from "../contact/table.ts";
import { siteJobs } from "../../jobs/jobs.server.ts";
import { startQueue } from "../../jobs/queue.server.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { linkSupporter, recordConsent } from "../supporters/index.ts";
import { supporterActivity, supporters } from "../supporters/table.ts";
import { action as oneClick } from "../supporters/public/newsletter-unsubscribe.ts";
import type { Audience } from "./audience.ts";
import { audienceCount, createNewsletter, getNewsletter, newsletterCounts, startSending } from "./newsletters.server.ts";
import { runNewsletterSend } from "./sending.server.ts";
import { newsletterRecipients } from "./table.ts";

const database = setupTestDatabase();
const ORIGIN = "http://localhost:5999";
const REFUSED = "gone.away@example.org";
const smtp = withMailServer({ PUBLIC_URL: ORIGIN, NEWSLETTER_RATE_PER_MINUTE: "60000" }, { refuseRecipients: [REFUSED] });
const actor = { email: "writer@millbrook.test" };

async function subscriber(email: string, subscribed = true) {
  const id = (await getDb().transaction((tx) => linkSupporter(tx, { email, name: email.split("@")[0] })))!;
  await getDb().transaction((tx) => recordConsent(tx, { supporterId: id, given: subscribed, source: "test", wording: "Email me news" }));
  return id;
}

async function newsletter(subject: string, body = "<p>Hello from the foundation.</p>") {
  return createNewsletter({ subject, preview_text: "What we did this month", body }, actor);
}

const parsedTo = async (address: string): Promise<ParsedMail[]> =>
  Promise.all(smtp.mails.filter((m) => m.to.includes(address)).map((m) => simpleParser(m.raw)));

const sendNow = async (id: number, audience: Audience = { kind: "all" }) => {
  expect(await startSending(id, audience, { when: "now" }, actor)).toBe(true);
  return runNewsletterSend(id, () => false);
};

describe("a newsletter as it arrives", () => {
  it("has both parts, a one-click List-Unsubscribe that works, a visible preferences link and the charity's footer", async () => {
    await getDb().update(siteSettings).set({ site_name: "Millbrook Community Foundation", charity_number: "1234567" });
    await getDb().update(contactDetails).set({ address: "The Old School\nHigh Street\nMillbrook MB1 1AA" });
    const reader = await subscriber("reader.one@example.org");
    await subscriber("left.us@example.org", false);
    const id = await newsletter("June news", '<h2>Our fair</h2><p>See <a href="/events">what is on</a> and <a href="https://example.org/x">a partner</a>.</p><img src="https://evil.example/pixel.gif">');
    await sendNow(id);

    const [mail] = await parsedTo("reader.one@example.org");
    expect(mail.subject).toBe("June news");
    expect(await parsedTo("left.us@example.org")).toHaveLength(0);
    const [token] = await getDb().select({ t: supporters.preferences_token }).from(supporters).where(eq(supporters.id, reader));
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${ORIGIN}/newsletter/unsubscribe/${token.t}>`);
    // The HTML part: the body with its links as written (made absolute), no foreign image or pixel, the footer.
    const html = String(mail.html);
    expect(html).toContain("<h2");
    expect(html).toContain(`href="${ORIGIN}/events"`);
    expect(html).toContain('href="https://example.org/x"');
    expect(html).not.toContain("evil.example");
    expect(html).not.toMatch(/<img[^>]+width="1"/);
    expect(html).toContain(`href="${ORIGIN}/newsletter/preferences/${token.t}"`);
    expect(html).toContain("What we did this month");
    expect(html).toContain("Registered charity number 1234567");
    expect(html).toContain("The Old School<br>High Street<br>Millbrook MB1 1AA");
    // The plain-text part: the same words, the link and footer.
    expect(mail.text).toContain("Our fair");
    expect(mail.text).toContain(`what is on [${ORIGIN}/events]`);
    expect(mail.text).toContain(`Unsubscribe or manage your email preferences: ${ORIGIN}/newsletter/preferences/${token.t}`);
    expect(mail.text).toContain("Millbrook Community Foundation\nThe Old School\nHigh Street\nMillbrook MB1 1AA\nRegistered charity number 1234567");

    // The timeline has it; the counts say it.
    const activity = await getDb().select().from(supporterActivity).where(eq(supporterActivity.supporter_id, reader));
    expect(activity.map((a) => a.summary)).toEqual(["Newsletter: June news"]);
    expect(await newsletterCounts(id)).toMatchObject({ sent: 1, failed: 0, refused: 0, unsubscribed: 0 });
    expect((await getNewsletter(id))?.status).toBe("sent");

    // The mail provider's one-click POST (no session) unsubscribes at once; the newsletter counts it.
    const body = new URLSearchParams({ "List-Unsubscribe": "One-Click" });
    const answer = await oneClick({ params: { token: token.t }, request: new Request(`${ORIGIN}/newsletter/unsubscribe/${token.t}`, { method: "POST", body }) } as never);
    expect(answer.status).toBe(200);
    expect(await newsletterCounts(id)).toMatchObject({ sent: 1, unsubscribed: 1 });
    // Sending again changes nothing: a newsletter goes once.
    expect(await startSending(id, { kind: "all" }, { when: "now" }, actor)).toBe(false);
  });
});

describe("segments", () => {
  it("sends to exactly the subscribers who gave in the last 12 months", async () => {
    const recent = await subscriber("recent.giver@seg.test");
    const old = await subscriber("old.giver@seg.test");
    await subscriber("never.gave@seg.test");
    const unsubscribed = await subscriber("gave.but.left@seg.test", false);
    const gift = (supporterId: string, email: string, daysAgo: number, reference: string) =>
      getDb().insert(donations).values({ reference, amount_pence: 2000, mode: "one-off", email, supporter_id: supporterId, paid_at: new Date(Date.now() - daysAgo * 86_400_000) });
    await gift(recent, "recent.giver@seg.test", 30, "SEG-1");
    await gift(old, "old.giver@seg.test", 500, "SEG-2");
    await gift(unsubscribed, "gave.but.left@seg.test", 10, "SEG-3");
    const id = await newsletter("Thank you, givers");
    await sendNow(id, { kind: "given-12m" });
    const got = smtp.mails.filter((m) => m.subject === "Thank you, givers").flatMap((m) => m.to);
    expect(got).toEqual(["recent.giver@seg.test"]);
    const rows = await getDb().select({ email: newsletterRecipients.email }).from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, id));
    expect(rows.map((r) => r.email)).toEqual(["recent.giver@seg.test"]);
  });
});

describe("segments by event and volunteering", () => {
  it("counts and sends to exactly those who booked the chosen event, or who volunteer", async () => {
    const booked = await subscriber("booked.quiz@seg2.test");
    const otherEvent = await subscriber("booked.fair@seg2.test");
    const volunteer = await subscriber("helps.out@seg2.test");
    const [quiz, fair] = await getDb()
      .insert(events)
      .values([
        { title: "Quiz Night", date: "2030-02-01", time: "19:00", description: "A quiz", location: "Hall", category: "social", booking_mode: "free" },
        { title: "Summer Fair", date: "2030-06-01", time: "10:00", description: "A fair", location: "Green", category: "social", booking_mode: "free" },
      ])
      .returning();
    const booking = (supporterId: string, email: string, eventId: number, reference: string) =>
      getDb().insert(bookings).values({ reference, event_id: eventId, name: "N", email, quantity: 1, status: "confirmed", cancel_token_hash: `${reference}-hash`, supporter_id: supporterId });
    await booking(booked, "booked.quiz@seg2.test", quiz.id, "SEG2-B1");
    await booking(otherEvent, "booked.fair@seg2.test", fair.id, "SEG2-B2");
    await getDb().insert(formSubmissions).values({ reference: "SEG2-V1", kind: "volunteer", name: "Helper", email: "helps.out@seg2.test", data: {}, supporter_id: volunteer });

    expect(await audienceCount({ kind: "booked-event", eventId: quiz.id })).toBe(1);
    const id = await newsletter("Quiz night news");
    await sendNow(id, { kind: "booked-event", eventId: quiz.id });
    expect(smtp.mails.filter((m) => m.subject === "Quiz night news").flatMap((m) => m.to)).toEqual(["booked.quiz@seg2.test"]);

    const helpers = await newsletter("Volunteer news");
    await sendNow(helpers, { kind: "volunteers" });
    expect(smtp.mails.filter((m) => m.subject === "Volunteer news").flatMap((m) => m.to)).toEqual(["helps.out@seg2.test"]);
  });
});

describe("a send stopped halfway", () => {
  it("carries on after a restart and delivers to each recipient exactly once", async () => {
    // Paced at 10 a second, so the queue is stopped with the send well under way.
    process.env.NEWSLETTER_RATE_PER_MINUTE = "600";
    reloadConfig();
    onTestFinished(() => {
      process.env.NEWSLETTER_RATE_PER_MINUTE = "60000";
      reloadConfig();
    });
    const addresses = Array.from({ length: 30 }, (_, i) => `halfway.${String(i).padStart(2, "0")}@resume.test`);
    for (const a of addresses) await subscriber(a);
    const id = await newsletter("Halfway news");
    // (Earlier tests' subscribers get it too: only these 30 are counted.)
    const arrived = () => smtp.mails.filter((m) => m.subject === "Halfway news").flatMap((m) => m.to).filter((to) => to.endsWith("@resume.test"));

    const fast = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
    const first = await startQueue(database.url, siteJobs({ newsletterRetryDelaySeconds: 1 }), fast);
    expect(await startSending(id, { kind: "all" }, { when: "now" }, actor)).toBe(true);
    await vi.waitFor(() => expect(arrived().length).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 20 });
    await first.stop(5_000);
    const atStop = arrived().length;
    expect(atStop).toBeLessThan(addresses.length);
    const states = await getDb().execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from ${newsletterRecipients} where newsletter_id = ${id} group by status order by status`,
    );
    // Nothing left half-claimed: each row is sent or waiting.
    expect(states.rows.map((r) => r.status).sort()).toEqual(["pending", "sent"]);
    expect((await getNewsletter(id))?.status).toBe("sending");

    const second = await startQueue(database.url, siteJobs({ newsletterRetryDelaySeconds: 1 }), fast);
    onTestFinished(() => second.stop(5_000));
    await vi.waitFor(async () => expect((await getNewsletter(id))?.status).toBe("sent"), { timeout: 30_000, interval: 100 });
    const got = arrived().sort();
    expect(got).toEqual(addresses);
    expect(new Set(got).size).toBe(addresses.length);
    const counts = await newsletterCounts(id);
    expect(counts).toMatchObject({ failed: 0, waiting: 0 });
    expect(counts.sent).toBe(counts.listed);
    expect(smtp.mails.filter((m) => m.subject === "Halfway news")).toHaveLength(counts.sent);
  });

  it("never sends again a message that a dead process had claimed", async () => {
    await subscriber("claimed.before@crash.test");
    await subscriber("still.waiting@crash.test");
    const id = await newsletter("After a crash");
    expect(await startSending(id, { kind: "all" }, { when: "now" }, actor)).toBe(true);
    // The first run listed the recipients and claimed one, then its process died.
    await runNewsletterSend(id, () => true).catch(() => {});
    await getDb().execute(sql`update ${newsletterRecipients} set status = 'sending' where newsletter_id = ${id} and email = 'claimed.before@crash.test'`);
    await runNewsletterSend(id, () => false);
    const got = smtp.mails.filter((m) => m.subject === "After a crash").flatMap((m) => m.to);
    expect(got).toContain("still.waiting@crash.test");
    expect(got).not.toContain("claimed.before@crash.test");
    const [claimed] = await getDb().select().from(newsletterRecipients).where(sql`newsletter_id = ${id} and email = 'claimed.before@crash.test'`);
    expect(claimed.status).toBe("interrupted");
    expect(await newsletterCounts(id)).toMatchObject({ failed: 1, waiting: 0 });
  });
});

describe("an address the mail server refuses", () => {
  it("is marked on the supporter and skipped by the next newsletter", async () => {
    const gone = await subscriber(REFUSED);
    await subscriber("still.here@example.org");
    const first = await newsletter("First of two");
    await sendNow(first);
    const [person] = await getDb().select().from(supporters).where(eq(supporters.id, gone));
    expect(person.email_refused_at).not.toBeNull();
    expect(person.email_refused_reason).toContain("550");
    expect(await newsletterCounts(first)).toMatchObject({ refused: 1 });

    const second = await newsletter("Second of two");
    await sendNow(second);
    const rows = await getDb().select({ email: newsletterRecipients.email }).from(newsletterRecipients).where(eq(newsletterRecipients.newsletter_id, second));
    expect(rows.map((r) => r.email)).not.toContain(REFUSED);
    expect(rows.map((r) => r.email)).toContain("still.here@example.org");
    expect(smtp.mails.filter((m) => m.subject === "Second of two").flatMap((m) => m.to)).not.toContain(REFUSED);
  });
});
