/**
 * Donations in the data protection tools (find, export, erase by email).
 * Gift Aid rule: a gift that was part of a claim made in the last 6 years, and the
 * declaration it relies on, are kept even when the donor asks to be erased (HMRC can ask
 * for them); everything else about the donor's giving is erased.
 */
import { penceAsPounds } from "../../lib/money.ts";
import { and, eq, gt, inArray, isNotNull, notInArray, or, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { donationCheckouts, donations, giftAidClaims, giftAidDeclarations, monthlyGifts } from "./table.ts";
import { logger } from "../../lib/logger.server.ts";
import { paymentsConfigured, stripeClient } from "../../payments/stripe.server.ts";
import { giftDedications } from "../gift-options/table.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const GIFT_AID_KEEP_YEARS = 6;

const byEmail = (column: typeof donations.email | typeof giftAidDeclarations.email | typeof monthlyGifts.email, email: string) =>
  sql`lower(${column}) = ${email}`;

export async function findDonorData(email: string) {
  const db = getDb();
  const [gifts, declarations, monthly, namedIn] = await Promise.all([
    db.select().from(donations).where(byEmail(donations.email, email)).orderBy(donations.paid_at),
    db.select().from(giftAidDeclarations).where(byEmail(giftAidDeclarations.email, email)).orderBy(giftAidDeclarations.made_at),
    db.select().from(monthlyGifts).where(byEmail(monthlyGifts.email, email)).orderBy(monthlyGifts.started_at),
    // Someone a donor named to be told of a dedicated gift.
    db.select().from(giftDedications).where(sql`${giftDedications.notify_email} = ${email}`).orderBy(giftDedications.created_at),
  ]);
  const giftIds = gifts.map((g) => g.id);
  const monthlyIds = monthly.map((m) => m.id);
  const dedications =
    giftIds.length || monthlyIds.length
      ? await db
          .select()
          .from(giftDedications)
          .where(or(giftIds.length ? inArray(giftDedications.donation_id, giftIds) : sql`false`, monthlyIds.length ? inArray(giftDedications.monthly_gift_id, monthlyIds) : sql`false`))
          .orderBy(giftDedications.created_at)
      : [];
  return { gifts, declarations, monthly, dedications, namedIn };
}

export type DonorData = Awaited<ReturnType<typeof findDonorData>>;

export function donorDataExport(found: DonorData) {
  return {
    gifts: found.gifts.map((g) => ({
      reference: g.reference,
      amount: penceAsPounds(g.amount_pence),
      currency: g.currency.toUpperCase(),
      type: g.mode,
      status: g.status,
      cause: g.cause_title ?? "Where it is needed most",
      paid: g.paid_at.toISOString(),
      refunded: g.refunded_at?.toISOString() ?? null,
      gift_aid: Boolean(g.declaration_id),
      claimed_in_gift_aid_claim: g.claim_id,
    })),
    gift_aid_declarations: found.declarations.map((d) => ({
      title: d.title,
      first_name: d.first_name,
      last_name: d.last_name,
      house_name_or_number: d.house,
      postcode: d.postcode,
      declaration: d.declaration_text,
      made: d.made_at.toISOString(),
      cancelled: d.cancelled_at?.toISOString() ?? null,
    })),
    monthly_gifts: found.monthly.map((m) => ({
      reference: m.reference,
      amount: penceAsPounds(m.amount_pence),
      status: m.status,
      started: m.started_at.toISOString(),
      ended: m.ended_at?.toISOString() ?? null,
    })),
    dedications: found.dedications.map((d) => ({
      kind: d.kind === "memory" ? "in memory of" : "in honour of",
      name: d.honoree_name,
      message: d.message,
      person_told: d.notify_name,
      person_told_email: d.notify_email,
      amount_shown: d.show_amount,
    })),
    named_to_be_told_of_a_gift: found.namedIn.map((d) => ({
      name: d.notify_name,
      email: d.notify_email,
      gift: d.kind === "memory" ? `in memory of ${d.honoree_name}` : `in honour of ${d.honoree_name}`,
      told: d.notice_queued_at?.toISOString() ?? null,
    })),
  };
}

export interface DonorErasure {
  gifts: number;
  declarations: number;
  monthlyGifts: number;
  keptGifts: number;
  keptDeclarations: number;
  /** Stripe subscriptions to cancel after the transaction (erased monthly gifts still running). */
  subscriptionsToStop: string[];
}

/** Erases a donor's giving records inside `tx`, keeping what a Gift Aid claim of the last 6 years needs. */
export async function eraseDonorData(tx: Tx, email: string, now = new Date()): Promise<DonorErasure> {
  const keepSince = new Date(now);
  keepSince.setFullYear(keepSince.getFullYear() - GIFT_AID_KEEP_YEARS);
  const kept = await tx
    .select({ id: donations.id, declaration: donations.declaration_id, monthly: donations.monthly_gift_id })
    .from(donations)
    .innerJoin(giftAidClaims, eq(giftAidClaims.id, donations.claim_id))
    .where(and(byEmail(donations.email, email), isNotNull(donations.claim_id), gt(giftAidClaims.created_at, keepSince)));
  const keptIds = kept.map((k) => k.id);
  const keptDeclarations = [...new Set(kept.map((k) => k.declaration).filter((d): d is string => Boolean(d)))];
  const keptMonthly = [...new Set(kept.map((k) => k.monthly).filter((m): m is string => Boolean(m)))];

  // A gift kept for HMRC keeps no dedication: the names and the address of the person told go
  // (the erased gifts' dedications go with them, by the foreign key).
  if (keptIds.length) await tx.delete(giftDedications).where(inArray(giftDedications.donation_id, keptIds));
  if (keptMonthly.length) await tx.delete(giftDedications).where(inArray(giftDedications.monthly_gift_id, keptMonthly));
  const erasedGifts = await tx
    .delete(donations)
    .where(keptIds.length ? and(byEmail(donations.email, email), notInArray(donations.id, keptIds)) : byEmail(donations.email, email))
    .returning({ id: donations.id });
  const monthlyRows = await tx
    .select({ id: monthlyGifts.id, subscription: monthlyGifts.stripe_subscription_id, status: monthlyGifts.status })
    .from(monthlyGifts)
    .where(keptMonthly.length ? and(byEmail(monthlyGifts.email, email), notInArray(monthlyGifts.id, keptMonthly)) : byEmail(monthlyGifts.email, email));
  if (monthlyRows.length) await tx.delete(monthlyGifts).where(inArray(monthlyGifts.id, monthlyRows.map((m) => m.id)));
  // Declarations still referenced by another donor's gift (none expected) are left alone too.
  const erasedDeclarations = await tx
    .delete(giftAidDeclarations)
    .where(
      and(
        byEmail(giftAidDeclarations.email, email),
        keptDeclarations.length ? notInArray(giftAidDeclarations.id, keptDeclarations) : undefined,
        sql`not exists (select 1 from ${donations} where ${donations.declaration_id} = ${giftAidDeclarations.id})`,
        sql`not exists (select 1 from ${monthlyGifts} where ${monthlyGifts.declaration_id} = ${giftAidDeclarations.id})`,
      ),
    )
    .returning({ id: giftAidDeclarations.id });
  await tx.delete(donationCheckouts).where(sql`lower(${donationCheckouts.values}->>'email') = ${email}`);
  // Named by another donor as the person to tell: their name and address go, the dedication stays.
  await tx.update(giftDedications).set({ notify_name: null, notify_email: null }).where(sql`${giftDedications.notify_email} = ${email}`);
  return {
    gifts: erasedGifts.length,
    declarations: erasedDeclarations.length,
    monthlyGifts: monthlyRows.length,
    keptGifts: keptIds.length,
    keptDeclarations: keptDeclarations.length,
    subscriptionsToStop: monthlyRows.filter((m) => m.status === "active").map((m) => m.subscription),
  };
}

/** After an erasure: stop the erased monthly gifts at Stripe, so no further payment is taken. */
export async function stopErasedSubscriptions(ids: readonly string[]): Promise<number> {
  if (!ids.length || !paymentsConfigured()) return 0;
  let stopped = 0;
  for (const id of ids) {
    try {
      await (await stripeClient()).subscriptions.cancel(id);
      stopped++;
    } catch (error) {
      logger.warn({ subscription: id, err: error instanceof Error ? error.message : String(error) }, "could not stop an erased donor's monthly gift");
    }
  }
  return stopped;
}
