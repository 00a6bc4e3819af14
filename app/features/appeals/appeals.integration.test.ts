/**
 * An appeal's figures against real PostgreSQL: gifts to its cause on its days count
 * (card and offline alike), gifts in the matched window are matched up to the cap and
 * shown apart from the gifts, and after the last day the appeal is closed with what it raised.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";
import { causes } from "../causes/table.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { recordOfflineGift } from "../offline-gifts/offline-gifts.server.ts";
import { appealOfCause, listPublicAppeals, postAppealUpdate, publicAppeal, saveAppeal } from "./appeals.server.ts";
import * as appealRoute from "./admin/appeal.tsx";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { routeArgs, staffSession } from "../../../tests/helpers/submissions.ts";

setupTestDatabase();

const staff = { email: "editor@example.org" };
let seq = 0;

async function cardGift(causeId: number, pence: number, paidAt: string, status: "paid" | "refunded" = "paid") {
  await getDb()
    .insert(donations)
    .values({ reference: `MCF-APPEAL${++seq}`, amount_pence: pence, mode: "one-off", status, email: "donor@example.org", cause_id: causeId, cause_title: "Roof", paid_at: new Date(paidAt) });
}

describe("an appeal with a matched window", () => {
  it("counts its days' gifts, matches the window's up to the cap, and closes after its last day", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Village hall roof", description: "Mend the roof.", goal_pence: 500_000 }).returning();
    const appeal = await saveAppeal(
      cause!.id,
      { goalPence: 500_000, startsOn: "2026-11-01", endsOn: "2026-12-31", match: { matcherName: "Millbrook Bakery", from: "2026-12-01", to: "2026-12-07", capPence: 30_000 } },
      staff,
    );
    await cardGift(cause!.id, 9_999, "2026-10-31T12:00:00Z"); // before the appeal: not counted
    await cardGift(cause!.id, 10_000, "2026-11-15T12:00:00Z"); // appeal, not matched
    await cardGift(cause!.id, 20_000, "2026-12-01T00:30:00Z"); // first matched day (London)
    await cardGift(cause!.id, 5_000, "2026-12-03T12:00:00Z", "refunded"); // refunded: nothing
    const offline = await recordOfflineGift({ donor: { kind: "anonymous" }, amountPence: 15_000, receivedOn: "2026-12-07", causeId: cause!.id, method: "cheque", benefitPence: 0, declaration: null }, staff);
    expect(offline.ok).toBe(true);
    await cardGift(cause!.id, 7_000, "2026-12-08T12:00:00Z"); // after the window, still the appeal
    await cardGift(cause!.id, 4_000, "2027-01-01T12:00:00Z"); // after the appeal

    const during = (await publicAppeal(appeal.id, "2026-12-05"))!;
    expect(during.state).toBe("open");
    expect(during.raisedPence).toBe(10_000 + 20_000 + 15_000 + 7_000);
    expect(during.gifts).toBe(4);
    // Window gifts £350, cap £300: matched £300, kept apart from the gifts.
    expect(during.match).toMatchObject({ matcherName: "Millbrook Bakery", matchedPence: 30_000, capPence: 30_000, running: true });

    const after = (await publicAppeal(appeal.id, "2027-01-01"))!;
    expect(after.state).toBe("closed");
    expect(after.raisedPence).toBe(52_000);
    expect(after.match!.running).toBe(false);

    await postAppealUpdate(appeal.id, "Scaffolding goes up on Monday.", staff);
    expect((await publicAppeal(appeal.id, "2027-01-01"))!.updates.map((u) => u.body)).toEqual(["Scaffolding goes up on Monday."]);
  });

  it("matches only what was given when under the cap, and hides an appeal whose cause is hidden", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Library books", description: "Books.", goal_pence: 100_000 }).returning();
    const appeal = await saveAppeal(cause!.id, { goalPence: 100_000, startsOn: "2026-11-01", endsOn: "2026-11-30", match: { matcherName: "A friend", from: "2026-11-01", to: "2026-11-30", capPence: 50_000 } }, staff);
    await cardGift(cause!.id, 2_500, "2026-11-10T12:00:00Z");
    expect((await publicAppeal(appeal.id, "2026-11-20"))!.match!.matchedPence).toBe(2_500);
    expect((await listPublicAppeals("2026-11-20")).map((a) => a.id)).toContain(appeal.id);
    await getDb().update(causes).set({ is_visible: false });
    expect(await publicAppeal(appeal.id, "2026-11-20")).toBeNull();
  });
});

describe("the appeal screen's two forms, read with their schemas", () => {
  const post = async (causeId: number, fields: Record<string, string>) => {
    const { token } = await staffSession("editor");
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return throughLayouts("features/appeals/admin/appeal.tsx", appealRoute.action, routeArgs(`/admin/appeals/${causeId}`, { causeId: String(causeId) }, { token, method: "POST", body }));
  };
  type Refusal = { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
  const details = { intent: "save", goal: "2000", startsOn: "2026-11-01", endsOn: "2026-11-30" };

  it("refuses the details under their own form, keeps the values and saves nothing; then saves them in pence", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Bus shelter", description: "A shelter.", goal_pence: 200_000 }).returning();
    const refused = (await post(cause!.id, { ...details, goal: "12.345", matched: "on", matcherName: "Millbrook Garage", matchFrom: "2026-11-10", matchTo: "2026-12-02", matchCap: "500" })) as unknown as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data.intent).toBe("save");
    expect(refused.data.reply.error).toEqual({
      goal: ["Enter the amount with no more than 2 digits after the point, for example 12.50"],
      matchTo: ["The matched days must fall within the appeal."],
    });
    expect(refused.data.reply.initialValue).toMatchObject({ goal: "12.345", matchTo: "2026-12-02" });
    expect(await appealOfCause(cause!.id, "2026-11-15")).toBeNull();

    const saved = await post(cause!.id, { ...details, goal: "2,000.50", matched: "on", matcherName: "Millbrook Garage", matchFrom: "2026-11-10", matchTo: "2026-11-12", matchCap: "500" });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    expect(await appealOfCause(cause!.id, "2026-11-15")).toMatchObject({ goalPence: 200_050, startsOn: "2026-11-01", endsOn: "2026-11-30", match: { matcherName: "Millbrook Garage", capPence: 50_000 } });
  });

  it("refuses an empty update under the update form and posts nothing", async () => {
    const [cause] = await getDb().insert(causes).values({ title: "Pond dipping", description: "Nets.", goal_pence: 10_000 }).returning();
    const appeal = await saveAppeal(cause!.id, { goalPence: 10_000, startsOn: "2026-11-01", endsOn: "2026-11-30", match: null }, staff);
    const refused = (await post(cause!.id, { intent: "update", body: "   " })) as unknown as Refusal;
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "update", reply: { error: { body: ["Write the update in 1 to 500 characters."] } } });
    expect((await publicAppeal(appeal.id, "2026-11-15"))!.updates).toEqual([]);
    const posted = await post(cause!.id, { intent: "update", body: " Nets bought. " });
    expect((posted as Response).status).toBe(302);
    expect((await publicAppeal(appeal.id, "2026-11-15"))!.updates.map((u) => u.body)).toEqual(["Nets bought."]);
  });
});
