/**
 * Gift Aid claims put right: the newest claim can be undone (its gifts are claimable
 * again, the claim is gone), an older one cannot; the next claim period runs from the day
 * after the last claim to today.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidClaims, giftAidDeclarations } from "./table.ts";
import { eligibleGifts, markClaimed, nextClaimPeriod, undoClaim } from "./gift-aid.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

const asOf = new Date("2031-01-01T00:00:00Z");
let seq = 0;

async function declaredGift(paidAt: string) {
  const [declaration] = await getDb()
    .insert(giftAidDeclarations)
    .values({ email: "ann@example.org", title: "", first_name: "Ann", last_name: "Lee", house: "4", postcode: "MB1 2AB", declaration_text: "I want to Gift Aid...", made_at: new Date("2029-01-01T00:00:00Z") })
    .returning();
  const [gift] = await getDb()
    .insert(donations)
    .values({ reference: `MCF-U${String(++seq).padStart(7, "0")}`, amount_pence: 2000, mode: "one-off", email: "ann@example.org", declaration_id: declaration!.id, paid_at: new Date(paidAt), created_at: new Date(paidAt) })
    .returning();
  return gift!;
}

describe("undoing a Gift Aid claim", () => {
  it("before any claim, the period runs from four years back to today", async () => {
    expect(await nextClaimPeriod("2030-03-15")).toEqual({ from: "2026-03-16", to: "2030-03-15" });
  });

  it("undoes only the newest claim; its gifts are claimable again; the next period starts after the last claim", async () => {
    const first = await declaredGift("2030-02-10T12:00:00Z");
    const second = await declaredGift("2030-03-10T12:00:00Z");
    const february = (await markClaimed({ from: "2030-02-01", to: "2030-02-28", asOf }, "treasurer@example.org"))!;
    const march = (await markClaimed({ from: "2030-03-01", to: "2030-03-31", asOf }, "treasurer@example.org"))!;
    expect(await nextClaimPeriod("2030-04-20")).toEqual({ from: "2030-04-01", to: "2030-04-20" });

    // An older claim: refused, nothing changes.
    expect(await undoClaim(february.id)).toBeNull();
    expect((await getDb().select().from(donations).where(eq(donations.id, first.id)))[0]!.claim_id).toBe(february.id);

    const undone = await undoClaim(march.id);
    expect(undone).toMatchObject({ id: march.id, gift_count: 1, total_pence: 2000 });
    expect((await getDb().select().from(donations).where(eq(donations.id, second.id)))[0]!.claim_id).toBeNull();
    expect(await getDb().select().from(giftAidClaims).where(eq(giftAidClaims.id, march.id))).toHaveLength(0);
    expect((await eligibleGifts({ from: "2030-03-01", to: "2030-03-31", asOf })).map((g) => g.id)).toEqual([second.id]);
    // The period goes back to after February's claim.
    expect(await nextClaimPeriod("2030-04-20")).toEqual({ from: "2030-03-01", to: "2030-04-20" });
  });
});
