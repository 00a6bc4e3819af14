import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog } from "../../app/db/schema.ts";
import { donations, giftAidClaims, giftAidDeclarations, monthlyGifts } from "../../app/features/giving/table.ts";
import { erasePersonalData, findPersonalData, personalDataExport } from "../../app/domain/data-protection/retention.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const declarationValues = (email: string) => ({
  email,
  title: "Mr",
  first_name: "Tom",
  last_name: "Baker",
  house: "7",
  postcode: "MB2 3CD",
  declaration_text: "I want to Gift Aid my donation...",
});

describe("donations in find, export and erase by email", () => {
  it("erases a donor's giving but keeps gifts claimed in the last 6 years and their declarations, and says so", async () => {
    const db = getDb();
    const email = "Tom.Baker@Example.org";
    const lower = email.toLowerCase();
    const [recentClaim] = await db.insert(giftAidClaims).values({ from_date: "2027-01-01", to_date: "2027-03-31", gift_count: 1, total_pence: 2000 }).returning();
    const [oldClaim] = await db
      .insert(giftAidClaims)
      .values({ from_date: "2018-01-01", to_date: "2018-03-31", gift_count: 1, total_pence: 900, created_at: new Date(Date.now() - 7 * 366 * 24 * 3600 * 1000) })
      .returning();
    const [kept] = await db.insert(giftAidDeclarations).values(declarationValues(email)).returning();
    const [old] = await db.insert(giftAidDeclarations).values(declarationValues(lower)).returning();
    const [unused] = await db.insert(giftAidDeclarations).values(declarationValues(lower)).returning();
    const [monthly] = await db
      .insert(monthlyGifts)
      .values({ reference: "MCF-ERASE000", stripe_subscription_id: "sub_erase", email: lower, amount_pence: 500, stop_token: "erase-token-0123456789abcdef", status: "ended" })
      .returning();
    await db.insert(donations).values([
      { reference: "MCF-ERASE001", amount_pence: 2000, mode: "one-off", email, declaration_id: kept.id, claim_id: recentClaim.id },
      { reference: "MCF-ERASE002", amount_pence: 900, mode: "one-off", email: lower, declaration_id: old.id, claim_id: oldClaim.id },
      { reference: "MCF-ERASE003", amount_pence: 500, mode: "monthly", email: lower, monthly_gift_id: monthly.id },
      { reference: "MCF-OTHER001", amount_pence: 700, mode: "one-off", email: "someone@example.org" },
    ]);

    const found = await findPersonalData(email);
    expect(found.donor.gifts.map((g) => g.reference)).toEqual(expect.arrayContaining(["MCF-ERASE001", "MCF-ERASE002", "MCF-ERASE003"]));
    expect(found.donor.gifts).toHaveLength(3);
    expect(found.donor.declarations).toHaveLength(3);
    const exported = personalDataExport(found);
    expect(exported.giving.gifts).toHaveLength(3);
    expect(exported.giving.gift_aid_declarations[0]).toMatchObject({ first_name: "Tom", last_name: "Baker", postcode: "MB2 3CD" });
    expect(exported.giving.monthly_gifts).toEqual([expect.objectContaining({ reference: "MCF-ERASE000", amount: "5.00" })]);

    const result = await erasePersonalData(email, { email: "admin@example.org", ip: "127.0.0.1" });
    expect(result.giving).toEqual({ gifts: 2, declarations: 2, monthlyGifts: 1, keptGifts: 1, keptDeclarations: 1 });

    const left = await db.select().from(donations).where(sql`lower(${donations.email}) = ${lower}`);
    expect(left.map((g) => g.reference)).toEqual(["MCF-ERASE001"]);
    expect((await db.select().from(giftAidDeclarations).where(sql`lower(${giftAidDeclarations.email}) = ${lower}`)).map((d) => d.id)).toEqual([kept.id]);
    expect(await db.select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, unused.id))).toHaveLength(0);
    expect(await db.select().from(monthlyGifts).where(eq(monthlyGifts.id, monthly.id))).toHaveLength(0);
    expect(await db.select().from(donations).where(eq(donations.reference, "MCF-OTHER001"))).toHaveLength(1);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "donations.erase"));
    expect(entry.details).toMatchObject({ gifts: 2, declarations: 2, keptGifts: 1, keptDeclarations: 1 });
    expect(JSON.stringify(entry.details)).not.toContain("Baker");
    expect(JSON.stringify(entry.details).toLowerCase()).not.toContain(lower);

    // A second erasure erases nothing more and still keeps the claimed gift.
    const again = await erasePersonalData(email, { email: "admin@example.org" });
    expect(again.giving).toEqual({ gifts: 0, declarations: 0, monthlyGifts: 0, keptGifts: 1, keptDeclarations: 1 });
  });
});
