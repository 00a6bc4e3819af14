import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { events } from "../events/table.ts";
import { donations } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { erasePersonalData } from "../../domain/data-protection/retention.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { loader as listRouteLoader } from "./admin/supporters.tsx";
import { loader as pageRouteLoader, action as pageRouteAction } from "./admin/supporter.tsx";
import { loader as exportRouteLoader } from "./admin/supporters-export.ts";
import { listSupporters, mergeSupporters, parseSupporterFilters, supporterTimeline } from "./admin.server.ts";
import { linkSupporter, recordConsent } from "./supporters.server.ts";
import { consentEvents, supporterNotes, supporters, supporterTags } from "./table.ts";

setupTestDatabase();

type Args = Parameters<typeof listRouteLoader>[0];
const list = (args: Args) => throughLayouts("features/supporters/admin/supporters.tsx", listRouteLoader, args);
const page = (args: Args) => throughLayouts("features/supporters/admin/supporter.tsx", pageRouteLoader, args as never);
const pageAction = (args: Args) => throughLayouts("features/supporters/admin/supporter.tsx", pageRouteAction, args as never);
const exportCsv = (args: Args) => throughLayouts("features/supporters/admin/supporters-export.ts", exportRouteLoader, args as never);
const thrown = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};
const statusOf = (e: unknown) => (e instanceof Response ? e.status : (e as { init?: ResponseInit }).init?.status);

async function person(email: string, name = "") {
  return getDb().transaction((tx) => linkSupporter(tx, { email, name })) as Promise<string>;
}

async function gift(supporterId: string, email: string, reference: string, paidAt = new Date()) {
  await getDb().insert(donations).values({ reference, amount_pence: 1500, mode: "one-off", email, supporter_id: supporterId, paid_at: paidAt });
}

describe("who may see supporters", () => {
  it("refuses an editor without the permission (403) on every screen and action, learning nothing; serves one with it", async () => {
    const id = await person("secret.person@example.org", "Secret Person");
    const editor = await staffSession("editor");
    for (const attempt of [
      () => list(routeArgs("/admin/supporters?q=secret", {}, { token: editor.token })),
      () => page(routeArgs(`/admin/supporters/${id}`, { id }, { token: editor.token })),
      () => page(routeArgs(`/admin/supporters/00000000-0000-0000-0000-000000000000`, { id: "00000000-0000-0000-0000-000000000000" }, { token: editor.token })),
      () => exportCsv(routeArgs("/admin/supporters/export.csv", {}, { token: editor.token })),
      () => pageAction(routeArgs(`/admin/supporters/${id}`, { id }, { token: editor.token, method: "POST", body: noteForm("sneaky") })),
    ]) {
      const refusal = await thrown(attempt());
      expect(statusOf(refusal)).toBe(403);
      const text = refusal instanceof Response ? await refusal.clone().text() : JSON.stringify((refusal as { data?: unknown }).data ?? "");
      expect(text).not.toContain("secret.person");
    }
    expect(await getDb().select().from(supporterNotes).where(eq(supporterNotes.supporter_id, id))).toEqual([]);

    const allowed = await staffSession("editor", { permissions: ["supporters"] });
    const answer = await list(routeArgs("/admin/supporters?q=secret", {}, { token: allowed.token }));
    expect((answer as Awaited<ReturnType<typeof listRouteLoader>>).items.map((i) => i.email)).toEqual(["secret.person@example.org"]);
  });
});

function noteForm(body: string) {
  const form = new FormData();
  form.set("intent", "note");
  form.set("body", body);
  return form;
}

describe("the list and the supporter page", () => {
  it("searches name, email and postcode and filters by giving, consent and tag", async () => {
    const ann = await person("ann.giver@example.org", "Ann Giver");
    const bob = await person("bob.lapsed@example.org", "Bob Lapsed");
    const cat = await person("cat.news@example.org", "Cat News");
    await gift(ann, "ann.giver@example.org", "MCF-FLT0001");
    await gift(bob, "bob.lapsed@example.org", "MCF-FLT0002", new Date(Date.now() - 400 * 24 * 3600 * 1000));
    await getDb().transaction(async (tx) => {
      await recordConsent(tx, { supporterId: cat, given: true, source: "test", wording: "w" });
      await recordConsent(tx, { supporterId: bob, given: true, source: "test", wording: "w", at: new Date(Date.now() - 1000) });
      await recordConsent(tx, { supporterId: bob, given: false, source: "test", wording: "" });
    });
    await getDb().update(supporters).set({ postcode: "MB9 9ZZ" }).where(eq(supporters.id, cat));
    await getDb().insert(supporterTags).values({ supporter_id: ann, tag: "trustee" });

    const emails = async (query: string) => (await listSupporters(parseSupporterFilters(new URLSearchParams(query)))).items.map((i) => i.email).filter((e) => /giver|lapsed|news/.test(e));
    expect(await emails("given=ever")).toEqual(["ann.giver@example.org", "bob.lapsed@example.org"]);
    expect(await emails("given=12m")).toEqual(["ann.giver@example.org"]);
    expect(await emails("subscribed=yes")).toEqual(["cat.news@example.org"]);
    expect(await emails("q=mb9 9z")).toEqual(["cat.news@example.org"]);
    expect(await emails("q=LAPSED")).toEqual(["bob.lapsed@example.org"]);
    expect(await emails("tag=Trustee")).toEqual(["ann.giver@example.org"]);
  });

  it("shows the timeline newest first, paged, and adds a note through the screen", async () => {
    const id = await person("tim.line@example.org", "Tim Line");
    const [event] = await getDb()
      .insert(events)
      .values({ title: "Quiz Night", date: "2030-02-01", time: "19:00", description: "A quiz", location: "Hall", category: "social", booking_mode: "free" })
      .returning();
    await gift(id, "tim.line@example.org", "MCF-TIM0001", new Date("2026-01-01T10:00:00Z"));
    await getDb()
      .insert(bookings)
      .values({ reference: "MCF-TIMB-0001", event_id: event.id, name: "Tim Line", email: "tim.line@example.org", quantity: 2, status: "confirmed", cancel_token_hash: "tim-hash", supporter_id: id, created_at: new Date("2026-02-01T10:00:00Z") });
    const staff = await staffSession("editor", { permissions: ["supporters"] });
    const posted = await pageAction(routeArgs(`/admin/supporters/${id}`, { id }, { token: staff.token, method: "POST", body: noteForm("Called to say thank you.") }));
    expect((posted as Response).status).toBe(302);

    const view = (await page(routeArgs(`/admin/supporters/${id}`, { id }, { token: staff.token }))) as Awaited<ReturnType<typeof pageRouteLoader>>;
    expect(view.timeline.entries.map((e) => e.title)).toEqual([`Note by ${staff.email}`, "Booked 2 places for Quiz Night", "Gave £15.00"]);
    expect(view.timeline.entries[0].detail).toBe("Called to say thank you.");

    for (let i = 0; i < 40; i++) await getDb().insert(supporterNotes).values({ supporter_id: id, body: `n${i}`, created_at: new Date(Date.UTC(2025, 0, 1, 0, i)) });
    const first = await supporterTimeline(id, 1);
    const second = await supporterTimeline(id, 2);
    expect(first.entries).toHaveLength(30);
    expect(first.more).toBe(true);
    expect(second.entries).toHaveLength(13);
    expect(second.more).toBe(false);
    expect(second.entries.at(-1)?.detail).toBe("n0");
  });
});

describe("merging", () => {
  it("moves everything to the one kept, shows it on the timeline, audits it; an erase afterwards removes the person everywhere", async () => {
    const keep = await person("merge.keep@example.org", "Mia Merge");
    const other = await person("mia.old@example.org", "");
    await gift(keep, "merge.keep@example.org", "MCF-MRG0001");
    await gift(other, "mia.old@example.org", "MCF-MRG0002");
    await getDb().insert(supporterNotes).values({ supporter_id: other, body: "Old note" });
    await getDb().insert(supporterTags).values([
      { supporter_id: other, tag: "volunteer lead" },
      { supporter_id: keep, tag: "volunteer lead" },
    ]);
    await getDb().transaction((tx) => recordConsent(tx, { supporterId: other, given: true, source: "test", wording: "w" }));

    const result = await mergeSupporters(keep, other, { email: "staff@example.org" });
    expect(result.ok).toBe(true);
    expect(await getDb().select().from(supporters).where(eq(supporters.id, other))).toEqual([]);
    const gifts = await getDb().select({ ref: donations.reference, s: donations.supporter_id }).from(donations).where(eq(donations.supporter_id, keep));
    expect(gifts.map((g) => g.ref).sort()).toEqual(["MCF-MRG0001", "MCF-MRG0002"]);
    expect(await getDb().select().from(consentEvents).where(eq(consentEvents.supporter_id, keep))).toHaveLength(1);
    expect((await getDb().select().from(supporterTags).where(eq(supporterTags.supporter_id, keep))).map((t) => t.tag)).toEqual(["volunteer lead"]);
    const timeline = await supporterTimeline(keep, 1);
    expect(timeline.entries[0].title).toBe("Merged with mia.old@example.org");
    expect(timeline.entries.some((e) => e.detail === "Old note")).toBe(true);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "supporters.merge"));
    expect(audit.entity_id).toBe(keep);

    // Merging again (the other is gone) is refused and changes nothing.
    expect((await mergeSupporters(keep, other, { email: "staff@example.org" })).ok).toBe(false);

    await erasePersonalData("merge.keep@example.org", { email: "admin@example.org" });
    expect(await getDb().select().from(supporters).where(eq(supporters.id, keep))).toEqual([]);
    expect(await getDb().select().from(donations).where(eq(donations.reference, "MCF-MRG0002"))).toEqual([]);
    expect(await getDb().select().from(supporterNotes).where(eq(supporterNotes.body, "Old note"))).toEqual([]);
  });
});
