/** What the Donations screen shows of gift options: monthly gifts at risk, and each gift's dedication and payment state. */
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { monthlyGifts } from "../giving/table.ts";
import { DEDICATION_LABELS } from "./dedication.ts";
import { failedPayments, giftDedications } from "./table.ts";

export interface AtRiskGift {
  id: string;
  reference: string;
  email: string;
  amountPence: number;
  directDebit: boolean;
  since: Date;
  failedAttempts: number;
}

/** Active monthly gifts whose payments are failing (Stripe is retrying), longest at risk first. */
export async function monthlyGiftsAtRisk(): Promise<AtRiskGift[]> {
  const rows = await getDb()
    .select({
      id: monthlyGifts.id,
      reference: monthlyGifts.reference,
      email: monthlyGifts.email,
      amountPence: monthlyGifts.amount_pence,
      method: monthlyGifts.payment_method,
      since: monthlyGifts.at_risk_since,
      failedAttempts: sql<number>`coalesce((select sum(${failedPayments.attempts}) from ${failedPayments} where ${failedPayments.monthly_gift_id} = ${monthlyGifts.id}), 0)::int`,
    })
    .from(monthlyGifts)
    .where(and(eq(monthlyGifts.status, "active"), isNotNull(monthlyGifts.at_risk_since)))
    .orderBy(monthlyGifts.at_risk_since)
    .limit(200);
  return rows.map((r) => ({ ...r, directDebit: r.method === "bacs_debit", since: r.since!, failedAttempts: Number(r.failedAttempts) }));
}

export interface GiftNote {
  dedication: string | null;
  /** "at-risk" while payments fail; "ended-failed" when Stripe ended it after failed payments. */
  monthlyState: "at-risk" | "ended-failed" | null;
  directDebit: boolean;
}

/** Notes for ledger rows: the dedication ("In memory of Ann Smith") and the monthly gift's state. */
export async function giftNotes(items: readonly { id: string; monthly_gift_id: string | null }[]): Promise<Map<string, GiftNote>> {
  const notes = new Map<string, GiftNote>();
  if (items.length === 0) return notes;
  const ids = items.map((i) => i.id);
  const monthlyIds = [...new Set(items.map((i) => i.monthly_gift_id).filter((id): id is string => id !== null))];
  const db = getDb();
  const [dedications, gifts] = await Promise.all([
    db
      .select()
      .from(giftDedications)
      .where(or(inArray(giftDedications.donation_id, ids), monthlyIds.length ? inArray(giftDedications.monthly_gift_id, monthlyIds) : sql`false`))
      .orderBy(desc(giftDedications.created_at)),
    monthlyIds.length ? db.select().from(monthlyGifts).where(inArray(monthlyGifts.id, monthlyIds)) : Promise.resolve([]),
  ]);
  for (const item of items) {
    const dedication = dedications.find((d) => d.donation_id === item.id || (item.monthly_gift_id && d.monthly_gift_id === item.monthly_gift_id));
    const gift = gifts.find((g) => g.id === item.monthly_gift_id);
    notes.set(item.id, {
      dedication: dedication ? `${DEDICATION_LABELS[dedication.kind]} ${dedication.honoree_name}` : null,
      monthlyState: !gift ? null : gift.status === "active" && gift.at_risk_since ? "at-risk" : gift.ended_reason === "payment-failed" ? "ended-failed" : null,
      directDebit: gift?.payment_method === "bacs_debit",
    });
  }
  return notes;
}
