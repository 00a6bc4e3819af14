/**
 * What a signed-in donor sees of their own giving, found by their email address (the
 * address the gift, monthly gift or declaration was made with): gifts, Gift Aid
 * declarations, monthly gifts (with a pause Stripe reported) and their email preferences link.
 */
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { supporterByEmail } from "../supporters/index.ts";
import { monthlyGiftPauses } from "./table.ts";
import { taxYearDays, taxYearOf } from "./tax-year.ts";

const sameEmail = (column: typeof donations.email | typeof monthlyGifts.email | typeof giftAidDeclarations.email, email: string) => sql`lower(${column}) = ${email}`;

/** A gift counts as Gift Aided when its declaration was not cancelled before it was made. */
const giftAided = sql<boolean>`(${donations.declaration_id} is not null and (${giftAidDeclarations.cancelled_at} is null or ${giftAidDeclarations.cancelled_at} > ${donations.paid_at}))`;

const giftSelection = {
  id: donations.id,
  reference: donations.reference,
  amountPence: donations.amount_pence,
  mode: donations.mode,
  status: donations.status,
  causeTitle: donations.cause_title,
  paidAt: donations.paid_at,
  giftAided,
};


export function donorGifts(email: string) {
  return getDb()
    .select(giftSelection)
    .from(donations)
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(sameEmail(donations.email, email))
    .orderBy(desc(donations.paid_at), desc(donations.reference))
    .limit(500);
}

/** The donor's paid gifts in one tax year, oldest first (refunded gifts are not gifts). */
export function giftsInTaxYear(email: string, year: number) {
  const { from, to } = taxYearDays(year);
  const day = sql`(${donations.paid_at} at time zone 'Europe/London')::date`;
  return getDb()
    .select(giftSelection)
    .from(donations)
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(and(sameEmail(donations.email, email), eq(donations.status, "paid"), gte(day, sql`${from}::date`), lte(day, sql`${to}::date`)))
    .orderBy(asc(donations.paid_at), asc(donations.reference));
}

/** One paid gift of the donor, by reference (for its receipt), with the declaration's name. */
export async function donorGift(email: string, reference: string) {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(reference)) return null;
  const [row] = await getDb()
    .select({ ...giftSelection, title: giftAidDeclarations.title, firstName: giftAidDeclarations.first_name, lastName: giftAidDeclarations.last_name })
    .from(donations)
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(and(sameEmail(donations.email, email), eq(donations.reference, reference)));
  return row ?? null;
}

export function donorDeclarations(email: string) {
  return getDb()
    .select()
    .from(giftAidDeclarations)
    .where(sameEmail(giftAidDeclarations.email, email))
    .orderBy(desc(giftAidDeclarations.made_at))
    .limit(100);
}

/** The donor's name as their newest declaration gives it (statements), or null. */
export async function donorName(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ title: giftAidDeclarations.title, first: giftAidDeclarations.first_name, last: giftAidDeclarations.last_name })
    .from(giftAidDeclarations)
    .where(sameEmail(giftAidDeclarations.email, email))
    .orderBy(desc(giftAidDeclarations.made_at))
    .limit(1);
  return row ? [row.title, row.first, row.last].filter(Boolean).join(" ") : null;
}

export function donorMonthlyGifts(email: string) {
  return getDb()
    .select({ gift: monthlyGifts, pausedUntil: monthlyGiftPauses.paused_until })
    .from(monthlyGifts)
    .leftJoin(monthlyGiftPauses, eq(monthlyGiftPauses.monthly_gift_id, monthlyGifts.id))
    .where(sameEmail(monthlyGifts.email, email))
    .orderBy(desc(monthlyGifts.started_at))
    .limit(50);
}

/** The donor's own monthly gift by id (null when it is not theirs). */
export async function donorMonthlyGift(email: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await getDb()
    .select({ gift: monthlyGifts, pausedUntil: monthlyGiftPauses.paused_until })
    .from(monthlyGifts)
    .leftJoin(monthlyGiftPauses, eq(monthlyGiftPauses.monthly_gift_id, monthlyGifts.id))
    .where(and(eq(monthlyGifts.id, id), sameEmail(monthlyGifts.email, email)));
  return row ?? null;
}

/** The tax years the donor gave in, newest first. */
export function taxYearsOf(gifts: readonly { paidAt: Date; status: string }[]): number[] {
  return [...new Set(gifts.filter((g) => g.status === "paid").map((g) => taxYearOf(g.paidAt)))].sort((a, b) => b - a);
}

/** The supporter's email preferences link, when the address is a supporter. */
export async function preferencesPath(email: string): Promise<string | null> {
  const supporter = await supporterByEmail(email);
  return supporter ? `/newsletter/preferences/${supporter.preferences_token}` : null;
}
