/**
 * The booking email as a relay: a visitor chooses the recipient (the email field) and part
 * of the body (the name). Names with line breaks or links are refused before anything is
 * booked or sent, and one recipient gets at most MAIL_PER_RECIPIENT_PER_HOUR messages an
 * hour, counted over a real SMTP server on loopback.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { bookings } from "../../app/features/bookings/table.ts";
import { parseDonation } from "../../app/features/giving/donation.schema.ts";
import { replyFor } from "../../app/lib/form-reply.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { MAIL_PER_RECIPIENT_PER_HOUR, queueMail } from "../../app/mail/mailer.server.ts";
import { action as eventAction } from "../../app/features/events/event-page.tsx";
import { withMailServer } from "../helpers/mail-server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const smtp = withMailServer();

async function book(eventId: number, name: string, email: string, ip: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip, secure: false });
  const request = new Request(`http://localhost/events/${eventId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "book", name, email, quantity: "1" }),
  });
  const result = await eventAction({ request, context, params: { id: String(eventId) } } as never);
  if (result instanceof Response) return { status: result.status, errors: {} };
  return { status: result.init?.status ?? 200, errors: "reply" in result.data ? replyFor(result.data, "book").errors : {} };
}

describe("names that reach an email", () => {
  it("a booking name with line breaks or a link is refused, and nothing is booked or sent", async () => {
    const [event] = await getDb()
      .insert(events)
      .values({ title: "Relay", date: "2030-06-15", time: "19:30", description: "x", location: "Hall", category: "social", booking_mode: "free", tickets_available: 50 })
      .returning();
    const victim = "victim@example.org";
    const cases: [string, string][] = [
      ["Ann\r\n\r\nYour account is locked: visit https://evil.example/login", "Please enter your name on one line, without special characters"],
      ["Ann\nSmith", "Please enter your name on one line, without special characters"],
      ["Claim your prize at https://evil.example", "Please enter just your name, without a web address"],
      ["Prize at www.evil-example.net", "Please enter just your name, without a web address"],
      ["Go to bit.ly/abc now", "Please enter just your name, without a web address"],
    ];
    for (const [name, message] of cases) {
      const answer = await book(event.id, name, victim, "203.0.113.70");
      expect(answer.status).toBe(400);
      expect(answer.errors.name).toBe(message);
    }
    // A control character such as a NUL byte is refused by the form reader, before the name is looked at.
    await expect(book(event.id, "Ann\u0000Smith", victim, "203.0.113.70")).rejects.toMatchObject({
      init: { status: 400 },
      data: { formRefused: expect.stringContaining("control character") },
    });
    expect(await getDb().select().from(bookings).where(eq(bookings.event_id, event.id))).toHaveLength(0);
    expect(smtp.mails.filter((m) => m.to.includes(victim))).toHaveLength(0);

    // Ordinary names still pass: initials, hyphens, apostrophes, accents.
    for (const name of ["J. R. Hartley", "Siân O'Neill-Jones", "Dr. Amy Lee"]) {
      expect((await book(event.id, name, `ok-${name.length}@example.org`, "198.51.100.70")).status).toBe(200);
    }
  });

  it("a Gift Aid house name with a line break or a link is refused (it is repeated in the receipt)", () => {
    const base = { frequency: "one-off", amount: "", customAmount: "10", email: "d@example.org", giftAid: "on", title: "Ms", firstName: "Dee", lastName: "Patel", postcode: "MB1 2AB" };
    expect(parseDonation({ ...base, house: "12" }, { causeIds: [] }).ok).toBe(true);
    for (const house of ["12\nVisit evil.example", "www.evil.example"]) {
      const parsed = parseDonation({ ...base, house }, { causeIds: [] });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.errors.house).toBe("Enter just your house name or number, on one line");
    }
  });
});

describe("mail to one recipient", () => {
  it(`sends at most ${MAIL_PER_RECIPIENT_PER_HOUR} messages an hour to one address; others and staff notices are not affected`, async () => {
    const to = "flooded@example.org";
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await queueMail({ to, subject: `Message ${i}`, text: "Hello" }));
    expect(results.filter(Boolean)).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR);
    const delivered = smtp.mails.filter((m) => m.to.includes(to));
    console.info(`messages delivered to one address out of 25 queued: ${delivered.length}`);
    expect(delivered).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR);
    // Case does not make it another recipient.
    expect(await queueMail({ to: "Flooded@Example.org", subject: "Again", text: "Hello" })).toBe(false);
    expect(await queueMail({ to: "someone-else@example.org", subject: "Hello", text: "Hello" })).toBe(true);
    expect(await queueMail({ to, subject: "Security notice", text: "Hello" }, { toStaff: true })).toBe(true);
  });
});
