/**
 * The retention registry against real PostgreSQL: the daily run removes (or anonymises)
 * the records past their period and leaves the rest, audits each run, and the privacy
 * notice shows the same periods as the settings.
 */
import { randomUUID } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { events } from "../events/table.ts";
import { donations, giftAidClaims, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { runRetention, withRetentionSection } from "../../domain/data-protection/retention.server.ts";
import { LEGAL_PAGES } from "../../content/legal-pages.ts";
import { getLegalPage } from "../legal-pages/legal-pages.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { RETENTION_KINDS, retentionField } from "./retention-kinds.ts";
import { getRetentionPeriods, registryMismatches, updateRetentionPeriods } from "./retention-rules.server.ts";
import { dpComplaints, dpRequests } from "./table.ts";
import { consentEvents, supporters } from "../supporters/table.ts";
import { volunteerOpportunities, volunteerShifts, volunteerSignups, volunteers } from "../volunteering/table.ts";

setupTestDatabase();
const NOW = new Date("2026-11-27T03:05:00Z");
const actor = { email: "dpo@example.org" };
const tag = () => randomUUID().slice(0, 8);

async function event(date: string) {
  const [row] = await getDb()
    .insert(events)
    .values({ title: `Retention ${tag()}`, date, time: "19:00", description: "A test event.", location: "Hall", category: "community" })
    .returning({ id: events.id });
  return row.id;
}

async function booking(eventId: number, email: string) {
  const [row] = await getDb()
    .insert(bookings)
    .values({ reference: `MCF-${tag()}`, event_id: eventId, name: "Booker", email, quantity: 2, status: "confirmed", cancel_token_hash: randomUUID() })
    .returning({ id: bookings.id });
  return row.id;
}

async function gift(email: string, paidAt: string, claimId: number | null = null, declarationId: string | null = null) {
  const [row] = await getDb()
    .insert(donations)
    .values({ reference: `DON-${tag()}`, amount_pence: 1000, mode: "one-off", email, paid_at: new Date(paidAt), claim_id: claimId, declaration_id: declarationId })
    .returning({ id: donations.id });
  return row.id;
}

describe("the retention registry", () => {
  it("has a rule for every kind it keeps, and only those", () => {
    expect(registryMismatches()).toEqual([]);
  });

  it("removes or anonymises what is past its period, leaves the rest, and audits the run", async () => {
    // Bookings: 24 months after the event by default.
    const oldEvent = await event("2024-10-01");
    const newEvent = await event("2025-12-01");
    const oldBooking = await booking(oldEvent, `old-booker-${tag()}@example.org`);
    const newBooking = await booking(newEvent, `new-booker-${tag()}@example.org`);

    // Gifts: 6 years after the gift, or after a Gift Aid claim that used it.
    const [recentClaim] = await getDb()
      .insert(giftAidClaims)
      .values({ from_date: "2020-01-01", to_date: "2020-03-31", gift_count: 1, total_pence: 1000, created_at: new Date("2022-06-01T00:00:00Z") })
      .returning({ id: giftAidClaims.id });
    const [declaration] = await getDb()
      .insert(giftAidDeclarations)
      .values({ email: `claimed-${tag()}@example.org`, title: "Ms", first_name: "Cora", last_name: "Claim", house: "1", postcode: "MB1 1AA", declaration_text: "I am a UK taxpayer.", made_at: new Date("2020-01-01T00:00:00Z") })
      .returning({ id: giftAidDeclarations.id });
    const oldGift = await gift(`old-donor-${tag()}@example.org`, "2020-02-01T12:00:00Z");
    const claimedGift = await gift(`claimed-${tag()}@example.org`, "2020-02-01T12:00:00Z", recentClaim.id, declaration.id);
    const newGift = await gift(`new-donor-${tag()}@example.org`, "2024-02-01T12:00:00Z");

    // Complaints and requests: 36 months after they were answered; open ones stay.
    const complaint = (status: "closed" | "investigating", closedAt: string) => ({
      reference: `DPC-${tag()}`,
      name: "C",
      email: "c@example.org",
      about: "About something",
      due_on: "2022-01-31",
      status,
      received_at: new Date("2022-01-01T00:00:00Z"),
      closed_at: status === "closed" ? new Date(closedAt) : null,
      updated_at: new Date(closedAt),
    });
    const complaints = await getDb()
      .insert(dpComplaints)
      .values([complaint("closed", "2022-02-01T00:00:00Z"), complaint("closed", "2025-02-01T00:00:00Z"), complaint("investigating", "2022-02-01T00:00:00Z")])
      .returning({ id: dpComplaints.id });
    const request = (answered: string | null) => ({
      reference: `DPR-${tag()}`,
      kind: "access" as const,
      channel: "email" as const,
      requester_name: "R",
      requester_email: "r@example.org",
      received_on: "2022-01-01",
      due_on: "2022-02-01",
      answered_on: answered,
    });
    const requests = await getDb()
      .insert(dpRequests)
      .values([request("2022-01-20"), request("2025-01-20"), request(null)])
      .returning({ id: dpRequests.id });

    await runRetention(NOW);

    const bookingRows = await getDb().select().from(bookings).where(inArray(bookings.id, [oldBooking, newBooking]));
    expect(bookingRows.find((b) => b.id === oldBooking)).toMatchObject({ name: "(erased)", email: `erased-${oldBooking}@erased.invalid`, quantity: 2 });
    expect(bookingRows.find((b) => b.id === newBooking)?.name).toBe("Booker");

    const giftRows = await getDb().select().from(donations).where(inArray(donations.id, [oldGift, claimedGift, newGift]));
    expect(giftRows.find((g) => g.id === oldGift)).toMatchObject({ email: `erased-${oldGift}@erased.invalid`, amount_pence: 1000 });
    expect(giftRows.find((g) => g.id === claimedGift)?.email).toMatch(/^claimed-/);
    expect(giftRows.find((g) => g.id === newGift)?.email).toMatch(/^new-donor-/);
    const [kept] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, declaration.id));
    expect(kept.last_name).toBe("Claim");

    const remainingComplaints = (await getDb().select({ id: dpComplaints.id }).from(dpComplaints).where(inArray(dpComplaints.id, complaints.map((c) => c.id)))).map((c) => c.id);
    expect(remainingComplaints.sort()).toEqual([complaints[1].id, complaints[2].id].sort());
    const remainingRequests = (await getDb().select({ id: dpRequests.id }).from(dpRequests).where(inArray(dpRequests.id, requests.map((r) => r.id)))).map((r) => r.id);
    expect(remainingRequests.sort()).toEqual([requests[1].id, requests[2].id].sort());

    const [run] = await getDb().select().from(auditLog).where(eq(auditLog.action, "retention.run")).orderBy(desc(auditLog.id)).limit(1);
    expect(run.details).toMatchObject({ bookings: 1, gifts: 1, complaints: 1, requests: 1 });

    // Six years after the claim, the claimed gift and its declaration go too.
    await runRetention(new Date("2028-06-02T03:05:00Z"));
    const [later] = await getDb().select().from(donations).where(eq(donations.id, claimedGift));
    expect(later.email).toBe(`erased-${claimedGift}@erased.invalid`);
    const [laterDeclaration] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, declaration.id));
    expect(laterDeclaration).toMatchObject({ first_name: "(erased)", last_name: "(erased)", postcode: "(erased)" });
  });

  it("refuses gift periods under six years, and the privacy notice shows the same periods as the settings", async () => {
    const fields = (over: Record<string, number>) => Object.fromEntries(RETENTION_KINDS.map((k) => [retentionField(k.kind), over[k.kind] ?? k.defaultMonths]));
    await expect(updateRetentionPeriods(fields({ gifts: 60 }), actor)).rejects.toThrow();
    await updateRetentionPeriods(fields({ bookings: 18, complaints: 48 }), actor);
    expect(await getRetentionPeriods()).toMatchObject({ bookings: 18, complaints: 48, gifts: 72 });

    const page = await getLegalPage(LEGAL_PAGES[0].slug);
    const notice = await withRetentionSection(page.body);
    const section = notice.slice(notice.indexOf("## How long we keep it"), notice.indexOf("## Who sees it"));
    expect(section).toContain("Event bookings: your name and email address are removed 18 months after the event.");
    expect(section).toContain("Data protection complaints: 4 years after we answered or closed them.");
    expect(section).toContain("Donations and Gift Aid declarations: kept for 6 years after the gift");
    expect(section).toContain("Volunteer forms: 1 year after the last change.");
    // Supporters, consent records and volunteers are kept now, with their rules' words.
    expect(section).toContain("Supporter records: deleted 2 years after your last contact with us");
    expect(section).toContain("We keep the record while you give monthly, have a Gift Aid declaration with us, or receive our email news.");
    expect(section).toContain("Records of your consent: 2 years after you withdraw it");
    expect(section).toContain("Volunteer records and hours: 3 years after you last volunteered with us");
    // Newsletters are sent now: who received each one is kept for its period.
    expect(section).toContain("Newsletters: the record of who received each one is deleted 1 year after it was sent.");
    // One section only, the rest of the notice untouched.
    expect(notice.match(/## How long we keep it/g)).toHaveLength(1);
    expect(notice).toContain("## Your rights");
    // Without the heading (staff removed it), the section is added at the end.
    expect(await withRetentionSection("## Who we are\n\nUs.")).toMatch(/## Who we are\n\nUs\.\n\n## How long we keep it\n\n- Volunteer forms/);
  });

  it("deletes supporters idle past the period unless they give monthly, hold Gift Aid or are subscribed, their withdrawn consent after its own period, and erases idle volunteers keeping their hours", async () => {
    const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
    const supporter = async (label: string, lastContact: string) => {
      const [row] = await getDb()
        .insert(supporters)
        .values({ email: `${label}-${tag()}@example.org`, name: label, created_at: at("2020-01-01"), updated_at: at(lastContact) })
        .returning();
      return row;
    };
    const consent = (supporterId: string, given: boolean, when: string) =>
      getDb().insert(consentEvents).values({ supporter_id: supporterId, given, source: "test", wording: given ? "Yes please" : "", at: at(when) });

    // 24 months by default: the cut-off is 27 Nov 2024.
    const idle = await supporter("idle", "2023-01-01");
    const recent = await supporter("recent", "2025-03-01");
    const subscribed = await supporter("subscribed", "2022-01-01");
    await consent(subscribed.id, true, "2022-01-01");
    const monthly = await supporter("monthly", "2021-01-01");
    await getDb()
      .insert(monthlyGifts)
      .values({ reference: `MON-${tag()}`, stripe_subscription_id: `sub_${tag()}`, email: monthly.email, amount_pence: 500, stop_token: randomUUID(), started_at: at("2021-01-01"), supporter_id: monthly.id });
    const giftAid = await supporter("giftaid", "2022-05-01");
    await getDb()
      .insert(giftAidDeclarations)
      .values({ email: giftAid.email, title: "Mr", first_name: "Gil", last_name: "Aid", house: "2", postcode: "MB1 2AA", declaration_text: "I am a UK taxpayer.", made_at: at("2022-05-01"), supporter_id: giftAid.id });
    // Withdrew long ago: the record and its consent events go.
    const withdrewLongAgo = await supporter("withdrew-old", "2021-01-01");
    await consent(withdrewLongAgo.id, true, "2021-01-01");
    await consent(withdrewLongAgo.id, false, "2023-06-01");
    // Withdrew 18 months ago: the consent records (and so the record) stay their 24 months.
    const withdrewLately = await supporter("withdrew-new", "2021-01-01");
    await consent(withdrewLately.id, true, "2021-01-01");
    await consent(withdrewLately.id, false, "2025-05-27");
    // Still in touch, but withdrew long ago: the consent events go, the record stays.
    const activeWithdrawn = await supporter("active-withdrawn", "2026-10-01");
    await consent(activeWithdrawn.id, true, "2021-01-01");
    await consent(activeWithdrawn.id, false, "2022-01-01");

    // Volunteers, 36 months after their last shift by default: the cut-off is 27 Nov 2023.
    const [role] = await getDb().select().from(volunteerRoles).limit(1);
    const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role.id, title: `Stewarding ${tag()}`, description: "Stewards", location: "Green" }).returning();
    const volunteerWithShift = async (label: string, shiftDate: string) => {
      const email = `${label}-${tag()}@example.org`;
      const [v] = await getDb().insert(volunteers).values({ email, name: label, phone: "01632 960 000", created_at: at("2022-01-01") }).returning();
      const [sh] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date: shiftDate, start_time: "10:00", end_time: "13:00", places: 4 }).returning();
      const [su] = await getDb()
        .insert(volunteerSignups)
        .values({ shift_id: sh.id, volunteer_id: v.id, name: label, email, phone: "01632 960 000", manage_token_hash: randomUUID(), attendance: "came", minutes: 180 })
        .returning();
      return { volunteer: v, signup: su };
    };
    const oldVolunteer = await volunteerWithShift("old-volunteer", "2023-03-04");
    const recentVolunteer = await volunteerWithShift("recent-volunteer", "2024-05-04");
    // A supporter whose record is old but who volunteered (through a linked sign-up) in 2025 stays.
    const volunteering = await supporter("volunteering", "2021-01-01");
    const stillVolunteering = await volunteerWithShift("still-volunteering", "2025-06-07");
    await getDb().update(volunteerSignups).set({ supporter_id: volunteering.id }).where(eq(volunteerSignups.id, stillVolunteering.signup.id));

    await runRetention(NOW);

    const left = (await getDb().select({ id: supporters.id }).from(supporters)).map((r) => r.id);
    expect(left).not.toContain(idle.id);
    expect(left).not.toContain(withdrewLongAgo.id);
    for (const kept of [recent, subscribed, monthly, giftAid, withdrewLately, activeWithdrawn, volunteering]) expect(left, kept.name).toContain(kept.id);
    const consentOf = async (id: string) => (await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, id))).length;
    expect(await consentOf(activeWithdrawn.id)).toBe(0);
    expect(await consentOf(withdrewLately.id)).toBe(2);
    expect(await consentOf(subscribed.id)).toBe(1);

    expect(await getDb().select().from(volunteers).where(eq(volunteers.id, oldVolunteer.volunteer.id))).toHaveLength(0);
    const [oldSignup] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, oldVolunteer.signup.id));
    expect(oldSignup).toMatchObject({ name: null, email: null, phone: null, volunteer_id: null, attendance: "came", minutes: 180 });
    expect(await getDb().select().from(volunteers).where(eq(volunteers.id, recentVolunteer.volunteer.id))).toHaveLength(1);
    const [recentSignup] = await getDb().select().from(volunteerSignups).where(eq(volunteerSignups.id, recentVolunteer.signup.id));
    expect(recentSignup.email).toBe(recentVolunteer.volunteer.email);

    const [run] = await getDb().select().from(auditLog).where(eq(auditLog.action, "retention.run")).orderBy(desc(auditLog.id)).limit(1);
    expect(run.details).toMatchObject({ supporters: expect.any(Number), consent: expect.any(Number), volunteers: expect.any(Number) });
    expect((run.details as Record<string, number>).volunteers).toBeGreaterThanOrEqual(2);

    // Once the later withdrawal is 24 months old, that supporter and their consent records go too.
    await runRetention(new Date("2027-06-01T03:05:00Z"));
    expect(await getDb().select().from(supporters).where(eq(supporters.id, withdrewLately.id))).toHaveLength(0);
  });
});
