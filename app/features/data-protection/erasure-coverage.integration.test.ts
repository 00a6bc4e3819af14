/**
 * What an erasure reaches beyond submissions and gifts, against a real PostgreSQL: event
 * waitlists (found by email, exported, the name and address removed, the person taken out
 * of the line so places held for them pass on), the donor's sign-in links and sessions
 * (ended at once, not left to expire), and the waitlists and volunteer sign-ups of an
 * address merged into the supporter record.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { events } from "../events/table.ts";
import { cancelByToken, createBooking } from "../bookings/bookings.server.ts";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../domain/data-protection/retention.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { currentDonor, signInWithLink } from "../donor-account/sign-in.server.ts";
import { donorSessions, donorSignInLinks } from "../donor-account/table.ts";
import { donorCookieName } from "../../auth/donor-cookie.ts";
import { mergeSupporters } from "../supporters/admin.server.ts";
import { supporters } from "../supporters/table.ts";
import { findVolunteerData } from "../volunteering/index.ts";
import { signUp } from "../volunteering/signups.server.ts";
import { volunteerOpportunities, volunteerShifts } from "../volunteering/table.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { waitlistEntries } from "../waitlist/table.ts";
import { joinWaitlist, waitlistForEvent } from "../waitlist/waitlist.server.ts";

setupTestDatabase();
withMailServer({ PUBLIC_URL: "http://localhost:5999" });
const actor = { email: "dpo@example.org", ip: "127.0.0.1" };

let n = 0;
async function soldOutEvent(capacity: number, bookingsOf: number[]) {
  const [event] = await getDb()
    .insert(events)
    .values({ title: `Erasure quiz ${++n}`, date: "2030-06-15", time: "19:30", description: "A quiz", location: "Millbrook Town Hall", category: "social", booking_mode: "free", tickets_available: capacity })
    .returning();
  const made = [];
  for (const [i, quantity] of bookingsOf.entries()) {
    const r = await createBooking({ eventId: event.id, name: `Booker ${i}`, email: `erasure-booker${n}-${i}@example.org`, quantity }, { confirmByEmail: false });
    if (!r.ok) throw new Error(r.reason);
    made.push(r);
  }
  return { event, made };
}

describe("waitlists in find, export and erase", () => {
  it("finds and exports a person's entries; erasing removes the name and address and passes their held places to the next in line", async () => {
    const { event, made } = await soldOutEvent(2, [2]);
    expect((await joinWaitlist({ eventId: event.id, name: "Wanda Wait", email: "Wanda@Wait.test", places: 2 })).ok).toBe(true);
    expect((await joinWaitlist({ eventId: event.id, name: "Next Nia", email: "nia@wait.test", places: 2 })).ok).toBe(true);
    // The booking is cancelled: Wanda, first in line, is offered the places and they are held for her.
    expect((await cancelByToken(made[0].booking.reference, made[0].token)).outcome).toBe("cancelled");
    expect((await waitlistForEvent(event.id)).map((e) => [e.name, e.status])).toEqual([["Wanda Wait", "offered"], ["Next Nia", "waiting"]]);

    const found = await findPersonalData("WANDA@wait.test");
    expect(found.waitlists.map((e) => [e.eventTitle, e.name, e.places, e.status])).toEqual([[event.title, "Wanda Wait", 2, "offered"]]);
    expect(personalDataExport(found).waitlists).toMatchObject([{ event: event.title, event_date: "2030-06-15", name: "Wanda Wait", email: "wanda@wait.test", places: 2, status: "offered", times_offered: 1 }]);

    const result = await erasePersonalData("wanda@wait.test", actor);
    expect(result.waitlists).toBe(1);
    const [row] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.event_id, event.id)).orderBy(waitlistEntries.created_at).limit(1);
    expect(row).toMatchObject({ name: "(erased)", status: "removed", supporter_id: null, offer_token_hash: null, places: 2 });
    expect(row.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
    expect((await findPersonalData("wanda@wait.test")).waitlists).toEqual([]);
    // The places held for her went to the next person in line.
    expect((await waitlistForEvent(event.id)).map((e) => [e.name, e.status])).toEqual([["Next Nia", "offered"], ["(erased)", "removed"]]);
    // The audit entry keeps a count and a hash, never the address.
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "waitlist.erase"));
    expect(audit.details).toMatchObject({ count: 1 });
    expect(JSON.stringify(audit.details)).not.toContain("wanda");
  });
});

describe("the donor's sign-in", () => {
  it("an erasure deletes the address's sign-in links and ends its sessions at once; another donor's stay", async () => {
    const links = [newToken(), newToken(), newToken()];
    const soon = new Date(Date.now() + 30 * 60_000);
    await getDb()
      .insert(donorSignInLinks)
      .values([
        { token_hash: hashToken(links[0]), email: "gina@give.test", expires_at: soon },
        { token_hash: hashToken(links[1]), email: "gina@give.test", expires_at: soon },
        { token_hash: hashToken(links[2]), email: "other@give.test", expires_at: soon },
      ]);
    const session = await signInWithLink(links[0]);
    const other = await signInWithLink(links[2]);
    if (!session || !other) throw new Error("could not sign in");
    const asDonor = (token: string) => new Request("http://localhost/manage-giving", { headers: { Cookie: `${donorCookieName(false)}=${token}` } });
    expect(await currentDonor(asDonor(session.token), false)).toMatchObject({ email: "gina@give.test" });
    expect((await findPersonalData("gina@give.test")).donorAccess).toEqual({ links: 2, sessions: 1 });

    const result = await erasePersonalData("Gina@Give.test", actor);
    expect(result.donorAccess).toEqual({ links: 2, sessions: 1 });
    expect(await currentDonor(asDonor(session.token), false)).toBeNull();
    expect(await signInWithLink(links[1])).toBeNull();
    expect(await getDb().select().from(donorSignInLinks).where(eq(donorSignInLinks.email, "gina@give.test"))).toEqual([]);
    expect(await getDb().select().from(donorSessions).where(eq(donorSessions.email, "gina@give.test"))).toEqual([]);
    expect(await currentDonor(asDonor(other.token), false)).toMatchObject({ email: "other@give.test" });
  });
});

describe("an address merged into the supporter record", () => {
  it("an erasure of the kept address also reaches the merged address's waitlist entries and volunteer sign-ups", async () => {
    const { event } = await soldOutEvent(1, [1]);
    expect((await joinWaitlist({ eventId: event.id, name: "Mo Kept", email: "mo@kept.test", places: 1 })).ok).toBe(true);
    expect((await joinWaitlist({ eventId: event.id, name: "Mo Old", email: "mo.old@kept.test", places: 1 })).ok).toBe(true);
    const [role] = await getDb().select().from(volunteerRoles).limit(1);
    const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role.id, title: "Erasure op", description: "Helping", location: "Hall" }).returning();
    const [shift] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date: "2031-05-01", start_time: "10:00", end_time: "12:00", places: 4 }).returning();
    const signed = await signUp({ fullName: "Mo Old", email: "mo.old@kept.test", phone: "01632 960 111" }, [shift.id], { source: "staff" });
    expect(signed.ok).toBe(true);

    const ids = await getDb().select({ id: supporters.id, email: supporters.email }).from(supporters).where(sql`${supporters.email} in ('mo@kept.test', 'mo.old@kept.test')`);
    const keep = ids.find((s) => s.email === "mo@kept.test")!.id;
    const old = ids.find((s) => s.email === "mo.old@kept.test")!.id;
    expect((await mergeSupporters(keep, old, actor)).ok).toBe(true);

    const result = await erasePersonalData("mo@kept.test", actor);
    expect(result.waitlists).toBe(2);
    expect(result.volunteering.signups).toBe(1);
    const line = await waitlistForEvent(event.id);
    expect(line.map((e) => [e.name, e.status])).toEqual([["(erased)", "removed"], ["(erased)", "removed"]]);
    expect((await findVolunteerData("mo.old@kept.test")).signups).toEqual([]);
  });
});
