/**
 * The annual giving statement and the receipts, as the donor downloads them (the PDF routes,
 * parsed back with pdf-parse), and the donor's Gift Aid declarations: cancel (kept, with the
 * date) and update (a new declaration; the old one ends), with bad input changing nothing.
 */
import { and, eq, isNull } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { siteSettings } from "../../db/schema.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { eligibleGifts } from "../giving/gift-aid.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { action as manageAction } from "./manage-page.tsx";
import { loader as receiptLoader } from "./receipt.ts";
import { loader as statementLoader } from "./statement.ts";
import { donorSessions } from "./table.ts";

setupTestDatabase();

let n = 0;
async function signedIn(email: string) {
  const token = newToken();
  await getDb().insert(donorSessions).values({ token_hash: hashToken(token), email, expires_at: new Date(Date.now() + 3_600_000) });
  return `mcf_donor=${token}`;
}

function context() {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { ip: "192.0.2.70", secure: false });
  return provider;
}

async function declaration(email: string, values: Partial<typeof giftAidDeclarations.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(giftAidDeclarations)
    .values({ email, title: "Ms", first_name: "Ada", last_name: "Lovelace", house: "12", postcode: "MB1 2AB", declaration_text: "I want to Gift Aid...", made_at: new Date("2024-01-01T12:00:00Z"), ...values })
    .returning();
  return row!;
}

async function gift(email: string, paidAt: string, amountPence: number, values: Partial<typeof donations.$inferInsert> = {}) {
  await getDb()
    .insert(donations)
    .values({ reference: `MCF-S${++n}-${Date.now()}`, amount_pence: amountPence, mode: "one-off", email, paid_at: new Date(paidAt), ...values });
}

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const statement = (cookie: string | null, year: string) =>
  statementLoader({ request: new Request(`http://localhost/manage-giving/statement/${year}`, { headers: cookie ? { Cookie: cookie } : {} }), context: context(), params: { year } } as never) as Promise<Response>;

describe("the annual giving statement", () => {
  it("lists the paid gifts of the tax year 6 April to 5 April (London time), which were Gift Aided, and the totals", async () => {
    await getDb().update(siteSettings).set({ charity_number: "1234567" }).where(eq(siteSettings.id, 1));
    const email = `statement-${Date.now()}@example.org`;
    const decl = await declaration(email, { cancelled_at: new Date("2026-01-01T00:00:00Z") });
    await gift(email, "2025-04-05T22:59:00Z", 1111, { declaration_id: decl.id }); // 23:59 on 5 April 2025 (BST): the year before
    await gift(email, "2025-04-05T23:00:00Z", 2500, { declaration_id: decl.id }); // midnight, 6 April 2025: in
    await gift(email, "2025-12-01T10:00:00Z", 1000, { declaration_id: decl.id }); // in, Gift Aided
    await gift(email, "2025-12-02T10:00:00Z", 9900, { status: "refunded" }); // refunded: not a gift
    await gift(email, "2026-02-01T10:00:00Z", 1250, { declaration_id: decl.id }); // after the cancellation: not Gift Aided
    await gift(email, "2026-04-05T22:30:00Z", 4000); // 23:30 on 5 April 2026 (BST): in
    await gift(email, "2026-04-05T23:00:00Z", 7777); // 6 April 2026: the next year
    await gift(`someone-else-${Date.now()}@example.org`, "2025-06-01T10:00:00Z", 5555);

    const text = await pdfText(await statement(await signedIn(email), "2025"));
    expect(text).toContain("Your giving statement, tax year 2025 to 2026");
    expect(text).toContain("Gifts from 06/04/2025 to 05/04/2026");
    expect(text).toContain("Millbrook Community Foundation is a registered charity, number 1234567.");
    expect(text).toContain("Ms Ada Lovelace");
    const rows = [...text.matchAll(/^(\d{2}\/\d{2}\/\d{4})\s+(MCF-S\S+)\s+(Yes|No)\s+(£[\d,]+\.\d{2})$/gm)].map((m) => [m[1], m[3], m[4]]);
    expect(rows).toEqual([
      ["06/04/2025", "Yes", "£25.00"],
      ["01/12/2025", "Yes", "£10.00"],
      ["01/02/2026", "No", "£12.50"],
      ["05/04/2026", "No", "£40.00"],
    ]);
    expect(text).toMatch(/Total given\s+£87\.50/);
    expect(text).toMatch(/Of which Gift Aided\s+£35\.00/);
    expect(text).not.toMatch(/£11\.11|£99\.00|£77\.77|£55\.55/);

    // The year before holds only the gift of 5 April 2025.
    const before = await pdfText(await statement(await signedIn(email), "2024"));
    expect(before).toMatch(/05\/04\/2025\s+MCF-S\S+\s+Yes\s+£11\.11/);
    expect(before).toMatch(/Total given\s+£11\.11/);
  });

  it("is refused without a donor session, and for a year that is not one", async () => {
    expect((await statement(null, "2025")).status).toBe(401);
    const cookie = await signedIn(`x-${Date.now()}@example.org`);
    expect((await statement(cookie, "20x5")).status).toBe(404);
    expect((await statement(cookie, "1850")).status).toBe(404);
  });
});

describe("receipts", () => {
  it("gives the donor a PDF receipt of their own paid gift, with the charity number, and nobody else's", async () => {
    await getDb().update(siteSettings).set({ charity_number: "1234567" }).where(eq(siteSettings.id, 1));
    const email = `receipt-${Date.now()}@example.org`;
    await gift(email, "2025-09-14T09:00:00Z", 3000);
    const [row] = await getDb().select().from(donations).where(eq(donations.email, email));
    const receipt = (cookie: string, reference: string) =>
      receiptLoader({ request: new Request(`http://localhost/manage-giving/receipts/${reference}`, { headers: { Cookie: cookie } }), context: context(), params: { reference } } as never) as Promise<Response>;
    const text = await pdfText(await receipt(await signedIn(email), row!.reference));
    expect(text).toContain("Receipt for your donation");
    expect(text).toMatch(/Amount\s+£30\.00/);
    expect(text).toMatch(/Date\s+14 September 2025/);
    expect(text).toContain(row!.reference);
    expect(text).toContain("registered charity, number 1234567");
    expect((await receipt(await signedIn(`other-${Date.now()}@example.org`), row!.reference)).status).toBe(404);
  });
});

async function act(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/manage-giving", { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams(fields) });
  const result = await manageAction({ request, context: context(), params: {} } as never);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), refused: null };
  // A refusal: which form (`intent`) and Conform's reply, read as the page reads it.
  const r = result as { data: { intent?: string; reply?: { error?: Record<string, string[]>; initialValue?: Record<string, string> } }; init?: ResponseInit };
  const reply = r.data.reply;
  const refused = reply
    ? {
        intent: r.data.intent,
        message: reply.error?.[""]?.[0],
        errors: Object.fromEntries(Object.entries(reply.error ?? {}).filter(([name]) => name !== "").map(([name, messages]) => [name, messages[0]])),
        values: reply.initialValue ?? {},
      }
    : null;
  return { status: r.init?.status ?? 200, location: null, refused };
}

describe("Gift Aid declarations", () => {
  it("cancelling keeps the declaration with the date; gifts before it stay claimable, later ones do not", async () => {
    const email = `cancel-${Date.now()}@example.org`;
    const decl = await declaration(email);
    await gift(email, "2024-06-01T10:00:00Z", 2000, { declaration_id: decl.id });
    const cookie = await signedIn(email);
    expect(await act(cookie, { intent: "cancel-declaration", declaration: decl.id })).toMatchObject({ status: 303, location: "/manage-giving?done=cancelled" });
    const [row] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, decl.id));
    expect(row!.cancelled_at).toBeInstanceOf(Date);
    expect(Math.abs(row!.cancelled_at!.getTime() - Date.now())).toBeLessThan(60_000);
    await gift(email, new Date(Date.now() + 1000).toISOString(), 3000, { declaration_id: decl.id });
    const claimable = (await eligibleGifts({ from: "2024-01-01", to: "2030-01-01", asOf: new Date(Date.now() + 60_000) })).filter((g) => g.email === email);
    expect(claimable.map((g) => g.amount_pence)).toEqual([2000]);
    // Again: refused, and the date stays.
    expect(await act(cookie, { intent: "cancel-declaration", declaration: decl.id })).toMatchObject({ status: 400, refused: { message: "That declaration was already cancelled. Nothing was changed." } });
    const [same] = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.id, decl.id));
    expect(same!.cancelled_at!.getTime()).toBe(row!.cancelled_at!.getTime());
  });

  it("updating the address makes a new declaration, ends the old one, and moves the monthly gift to it", async () => {
    const email = `update-${Date.now()}@example.org`;
    const decl = await declaration(email);
    await getDb()
      .insert(monthlyGifts)
      .values({ reference: `MCF-M${Date.now()}`, stripe_subscription_id: `sub_test_${Date.now()}`, email, amount_pence: 1000, declaration_id: decl.id, stop_token: newToken() });
    const cookie = await signedIn(email);
    const answer = await act(cookie, { intent: "update-declaration", declaration: decl.id, title: "Ms", firstName: "Ada", lastName: "Lovelace", house: "7 Mill Lane", postcode: "mb2 3de" });
    expect(answer.refused).toBeNull();
    expect(answer).toMatchObject({ status: 303, location: "/manage-giving?done=updated" });
    const all = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.email, email));
    expect(all).toHaveLength(2);
    const open = all.filter((d) => d.cancelled_at === null);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ house: "7 Mill Lane", postcode: "MB2 3DE", first_name: "Ada" });
    expect(open[0]!.declaration_text).toContain("I want to Gift Aid my donation");
    const old = all.find((d) => d.id === decl.id)!;
    expect(old.cancelled_at!.getTime()).toBe(open[0]!.made_at.getTime());
    const [gift] = await getDb().select().from(monthlyGifts).where(eq(monthlyGifts.email, email));
    expect(gift!.declaration_id).toBe(open[0]!.id);
  });

  it("refuses a bad postcode, someone else's declaration and a cancelled one, changing nothing", async () => {
    const email = `refuse-${Date.now()}@example.org`;
    const decl = await declaration(email);
    const others = await declaration(`other-${Date.now()}@example.org`);
    const cookie = await signedIn(email);
    const bad = await act(cookie, { intent: "update-declaration", declaration: decl.id, title: "Ms", firstName: "Ada", lastName: "Lovelace", house: "7", postcode: "NOT A CODE" });
    expect(bad.status).toBe(400);
    expect(bad.refused?.errors?.postcode).toBe("Enter a real UK postcode, for example MB1 2AB");
    // Under that declaration's form, with what was typed.
    expect(bad.refused).toMatchObject({ intent: `declaration-${decl.id}`, values: { postcode: "NOT A CODE", firstName: "Ada" } });
    expect(await act(cookie, { intent: "cancel-declaration", declaration: others.id })).toMatchObject({ status: 400, refused: { message: "We could not find that declaration among yours. Nothing was changed." } });
    expect(await act(cookie, { intent: "update-declaration", declaration: others.id, title: "", firstName: "Eve", lastName: "X", house: "1", postcode: "MB1 2AB" })).toMatchObject({ status: 400 });
    const open = await getDb()
      .select()
      .from(giftAidDeclarations)
      .where(and(isNull(giftAidDeclarations.cancelled_at)));
    expect(open.filter((d) => d.email === email || d.email === others.email)).toHaveLength(2);
    const mine = await getDb().select().from(giftAidDeclarations).where(eq(giftAidDeclarations.email, email));
    expect(mine).toHaveLength(1);
  });
});
