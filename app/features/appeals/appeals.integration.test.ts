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
import { listPublicAppeals, postAppealUpdate, publicAppeal, saveAppeal } from "./appeals.server.ts";

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
