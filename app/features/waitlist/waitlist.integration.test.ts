/**
 * Waitlists against a real PostgreSQL: places that come back are offered to the first in
 * line who fit, held for them (not sold to anyone else, even racing 60 buyers), emailed
 * through a real SMTP server on loopback, booked from the link, and passed on when the
 * offer runs out.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { bookings } from "../bookings/table.ts";
import { availability, cancelByToken, createBooking } from "../bookings/bookings.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { waitlistEntries } from "./table.ts";
import * as offerRoute from "./offer-page.tsx";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { joinWaitlist, offerByHand, offerByLink, refillWaitlist, removeFromWaitlist, sweepWaitlists, waitlistForEvent } from "./waitlist.server.ts";

setupTestDatabase();
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });

let n = 0;
async function soldOutEvent(capacity: number, bookingsOf: number[]) {
  const [event] = await getDb()
    .insert(events)
    .values({ title: `Quiz night ${++n}`, date: "2030-06-15", time: "19:30", description: "A quiz", location: "Millbrook Town Hall", category: "social", booking_mode: "free", tickets_available: capacity })
    .returning();
  const made = [];
  for (const [i, quantity] of bookingsOf.entries()) {
    const r = await createBooking({ eventId: event.id, name: `Booker ${i}`, email: `booker${n}-${i}@example.org`, quantity }, { confirmByEmail: false });
    if (!r.ok) throw new Error(r.reason);
    made.push(r);
  }
  return { event, made };
}

const person = (eventId: number, name: string, places: number) => ({ eventId, name, email: `${name.toLowerCase()}-${eventId}@example.org`, places });

/** The offer link in the last email to an address: its entry id and token. */
function offerLink(email: string): { entryId: string; token: string } {
  const mail = smtp.mails.findLast((m) => m.to.includes(email) && m.subject.startsWith("Places for"));
  const match = /http:\/\/localhost:5999\/waitlist\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!match) throw new Error(`no offer email to ${email}`);
  return { entryId: match[1], token: match[2] };
}

describe("joining", () => {
  it("takes names only while the places wanted cannot be booked, once per email", async () => {
    const { event } = await soldOutEvent(5, [3]);
    expect(await joinWaitlist(person(event.id, "Early", 2))).toEqual({ ok: false, reason: "places-left", left: 2 });
    const joined = await joinWaitlist(person(event.id, "Ada", 3));
    expect(joined).toMatchObject({ ok: true, position: 1 });
    expect(await joinWaitlist({ ...person(event.id, "Ada", 1), email: "ADA-" + event.id + "@example.org" })).toEqual({ ok: false, reason: "already-waiting" });
    // Linked to a supporter.
    const [row] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.event_id, event.id));
    expect(row.supporter_id).not.toBeNull();
  });
});

describe("offers", () => {
  it("a cancellation offers the places to the first in line who fit, by email with a link that books them", async () => {
    const { event, made } = await soldOutEvent(4, [3, 1]);
    for (const [name, places] of [["Ada", 3], ["Ben", 1], ["Cat", 2]] as const) expect((await joinWaitlist(person(event.id, name, places))).ok).toBe(true);

    // Booker 1 (1 place) cancels: Ada (3) does not fit, Ben (1) does.
    expect((await cancelByToken(made[1].booking.reference, made[1].token)).outcome).toBe("cancelled");
    let line = await waitlistForEvent(event.id);
    expect(line.map((e) => [e.name, e.status])).toEqual([["Ada", "waiting"], ["Ben", "offered"], ["Cat", "waiting"]]);
    // Held for Ben: nobody else can book it.
    expect((await availability(event.id))?.left).toBe(0);
    expect(await createBooking({ eventId: event.id, name: "Walk-in", email: "walkin@example.org", quantity: 1 }, { confirmByEmail: false })).toEqual({ ok: false, reason: "sold-out" });

    // Booker 0 (3 places) cancels: Ada, first in line, gets them.
    expect((await cancelByToken(made[0].booking.reference, made[0].token)).outcome).toBe("cancelled");
    line = await waitlistForEvent(event.id);
    expect(line.map((e) => [e.name, e.status])).toEqual([["Ada", "offered"], ["Ben", "offered"], ["Cat", "waiting"]]);

    // The email: who, what, until when, and the link.
    const mail = smtp.mails.findLast((m) => m.to.includes(`ada-${event.id}@example.org`))!;
    expect(mail.subject).toBe(`Places for ${event.title} are yours to book`);
    expect(mail.text).toContain("We are holding 3 places for you until");
    expect(mail.text).toContain("Saturday 15 June 2030, 7:30pm");
    const link = offerLink(`ada-${event.id}@example.org`);
    expect((await offerByLink(link.entryId, link.token))?.entry.name).toBe("Ada");
    expect(await offerByLink(link.entryId, "x".repeat(43))).toBeNull();

    // Ada books from the link: her held places become a confirmed booking.
    const booked = await createBooking(
      { eventId: event.id, name: "Ada", email: `ada-${event.id}@example.org`, quantity: 3, waitlistOffer: link },
      { confirmByEmail: false },
    );
    expect(booked).toMatchObject({ ok: true, booking: { status: "confirmed", quantity: 3 } });
    const [ada] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.id, link.entryId));
    expect(ada.status).toBe("booked");
    expect(await availability(event.id)).toMatchObject({ sold: 3, offered: 1, left: 0 });
    // The link cannot book twice.
    expect(await createBooking({ eventId: event.id, name: "Ada", email: `ada-${event.id}@example.org`, quantity: 3, waitlistOffer: link }, { confirmByEmail: false })).toEqual({
      ok: false,
      reason: "offer-ended",
    });
  });

  it("an unanswered offer passes to the next in line when its hold ends (the setting's hours)", async () => {
    const { event, made } = await soldOutEvent(2, [2]);
    await getDb().execute(sql`insert into giving_settings (id, waitlist_offer_hours) values (1, 6) on conflict (id) do update set waitlist_offer_hours = 6`);
    expect((await joinWaitlist(person(event.id, "Dan", 2))).ok).toBe(true);
    expect((await joinWaitlist(person(event.id, "Eve", 2))).ok).toBe(true);
    const cancelledAt = new Date();
    await cancelByToken(made[0].booking.reference, made[0].token, { now: cancelledAt });
    const [dan] = await getDb().select().from(waitlistEntries).where(and(eq(waitlistEntries.event_id, event.id), eq(waitlistEntries.name, "Dan")));
    expect(dan.status).toBe("offered");
    expect(dan.offer_expires_at!.getTime() - cancelledAt.getTime()).toBeGreaterThanOrEqual(6 * 3_600_000 - 1000);
    expect(dan.offer_expires_at!.getTime() - cancelledAt.getTime()).toBeLessThan(6 * 3_600_000 + 5000);

    // Within the hold, the sweep changes nothing.
    await sweepWaitlists(new Date(cancelledAt.getTime() + 5 * 3_600_000));
    expect((await waitlistForEvent(event.id)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    // After it, Dan's offer lapses and Eve is offered (and emailed); Dan's link no longer books.
    const danLink = offerLink(`dan-${event.id}@example.org`);
    await sweepWaitlists(new Date(cancelledAt.getTime() + 6 * 3_600_000 + 60_000));
    expect((await waitlistForEvent(event.id)).map((e) => [e.name, e.status])).toEqual([["Dan", "lapsed"], ["Eve", "offered"]]);
    expect(offerLink(`eve-${event.id}@example.org`).entryId).toBeTruthy();
    expect(await offerByLink(danLink.entryId, danLink.token)).toBeNull();
    await getDb().execute(sql`update giving_settings set waitlist_offer_hours = 12`);
  });

  it("staff raising the capacity offers the new places; staff can offer by hand and remove", async () => {
    const { event } = await soldOutEvent(2, [2]);
    for (const [name, places] of [["Fay", 2], ["Gus", 1]] as const) await joinWaitlist(person(event.id, name, places));
    await getDb().update(events).set({ tickets_available: 3 }).where(eq(events.id, event.id));
    await refillWaitlist(event.id);
    expect((await waitlistForEvent(event.id)).map((e) => e.status)).toEqual(["waiting", "offered"]);
    const [fay] = await waitlistForEvent(event.id);
    expect(await offerByHand(fay.id, { email: "staff@example.org" })).toEqual({ ok: false, reason: "not-enough", left: 0 });
    // Removing Gus frees his held place... not enough for Fay (2) yet.
    const gus = (await waitlistForEvent(event.id))[1];
    expect(await removeFromWaitlist(gus.id, { email: "staff@example.org" })).toBe(true);
    expect((await waitlistForEvent(event.id)).map((e) => [e.name, e.status])).toEqual([["Fay", "waiting"], ["Gus", "removed"]]);
    await getDb().update(events).set({ tickets_available: 4 }).where(eq(events.id, event.id));
    expect(await offerByHand(fay.id, { email: "staff@example.org" })).toMatchObject({ ok: true, entry: { status: "offered" } });
  });
});

describe("offers racing sales", () => {
  it("never sells a held place: a cancellation, the sweep and 60 buyers at once, then the offered book beside 30 more", async () => {
    const { event, made } = await soldOutEvent(10, [4, 3, 3]);
    for (const name of ["Hal", "Ivy", "Jo"]) expect((await joinWaitlist(person(event.id, name, 2))).ok).toBe(true);

    const buyers = Array.from({ length: 60 }, (_, i) =>
      createBooking({ eventId: event.id, name: `Racer ${i}`, email: `racer${i}-${event.id}@example.org`, quantity: 1 }, { confirmByEmail: false }),
    );
    await Promise.all([cancelByToken(made[0].booking.reference, made[0].token), sweepWaitlists(), refillWaitlist(event.id), ...buyers]);

    const count = async () => {
      const [row] = await getDb()
        .select({ sold: sql<number>`coalesce(sum(${bookings.quantity}), 0)::int` })
        .from(bookings)
        .where(and(eq(bookings.event_id, event.id), eq(bookings.status, "confirmed")));
      const offers = await getDb().select().from(waitlistEntries).where(and(eq(waitlistEntries.event_id, event.id), eq(waitlistEntries.status, "offered")));
      return { sold: row.sold, offered: offers.reduce((s, o) => s + o.places, 0), offers };
    };
    const after = await count();
    // The 4 places that came back went to buyers, to offers or are still free, never to two of
    // them: the counts add up to the capacity. A place is left free only when it is too few for
    // everyone still waiting (a buyer can take one before the offers are made).
    const left = (await availability(event.id))!.left!;
    expect(after.sold + after.offered + left).toBe(10);
    expect(await availability(event.id)).toMatchObject({ sold: after.sold, offered: after.offered });
    const waiting = await getDb().select().from(waitlistEntries).where(and(eq(waitlistEntries.event_id, event.id), eq(waitlistEntries.status, "waiting")));
    for (const entry of waiting) expect(entry.places).toBeGreaterThan(left);

    // Everyone offered books from their link while 30 more buyers try: all the offered get in.
    const links = after.offers.map((o) => ({ email: o.email, name: o.name, places: o.places, link: offerLink(o.email) }));
    const results = await Promise.all([
      ...links.map((l) => createBooking({ eventId: event.id, name: l.name, email: l.email, quantity: l.places, waitlistOffer: l.link }, { confirmByEmail: false })),
      ...Array.from({ length: 30 }, (_, i) => createBooking({ eventId: event.id, name: `Late ${i}`, email: `late${i}-${event.id}@example.org`, quantity: 1 }, { confirmByEmail: false })),
    ]);
    expect(results.slice(0, links.length).every((r) => r.ok)).toBe(true);
    // Of the late buyers, exactly as many get in as places were still free.
    expect(results.slice(links.length).filter((r) => r.ok).length).toBe(left);
    const final = await count();
    expect(final).toMatchObject({ sold: 10, offered: 0 });
  });
});

describe("the supporter's timeline", () => {
  it("shows joining a waitlist", async () => {
    const { supporterTimeline } = await import("../supporters/admin.server.ts");
    const { event } = await soldOutEvent(1, [1]);
    const joined = await joinWaitlist(person(event.id, "Tia", 2));
    if (!joined.ok) throw new Error(joined.reason);
    const { entries } = await supporterTimeline(joined.entry.supporter_id!, 1);
    expect(entries.find((e) => e.kind === "waitlist")).toMatchObject({ title: `Joined the waitlist for ${event.title} (2 places)`, detail: "Waiting" });
  });
});

describe("the offer page's form", () => {
  const book = (params: { entry: string; token: string }, quantity: string) => {
    const body = new FormData();
    body.set("quantity", quantity);
    const args = routeArgs(`/waitlist/${params.entry}/${params.token}`, params, { method: "POST", body });
    return offerRoute.action(args) as unknown as Promise<{ data: { error?: Record<string, string[]> }; init: ResponseInit }>;
  };

  it("answers Conform's reply with the form's own message: more places than held, and a link that no longer books; nothing is booked", async () => {
    const { event, made } = await soldOutEvent(2, [2]);
    expect((await joinWaitlist(person(event.id, "Flo", 2))).ok).toBe(true);
    await cancelByToken(made[0].booking.reference, made[0].token);
    const link = offerLink(`flo-${event.id}@example.org`);
    const tooMany = await book({ entry: link.entryId, token: link.token }, "3");
    expect(tooMany.init.status).toBe(400);
    expect(tooMany.data.error).toEqual({ "": ["Please choose from 1 to 2 places."] });
    const wrongToken = await book({ entry: link.entryId, token: "not-the-token" }, "1");
    expect(wrongToken.init.status).toBe(404);
    expect(wrongToken.data.error).toEqual({ "": ["This offer has ended, or the link is not complete."] });
    const booked = await getDb().select().from(bookings).where(and(eq(bookings.event_id, event.id), eq(bookings.email, `flo-${event.id}@example.org`)));
    expect(booked).toEqual([]);
  });
});
