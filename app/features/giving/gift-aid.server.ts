/**
 * Gift Aid claims. Eligible gifts: paid (not refunded), not yet claimed, with a Gift Aid
 * declaration that was not cancelled before the gift. They are exported as HMRC's
 * Charities Online Gift Aid schedule (a spreadsheet written with write-excel-file, at most 1,000
 * rows per file, as HMRC accepts), and marking them claimed records a claim batch.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidClaims, giftAidDeclarations } from "./table.ts";

import { SCHEDULE_ROWS_PER_FILE } from "./shared.ts";
import { declarationRecords, SPOKEN_CANCELLATION_DAYS } from "../offline-gifts/index.ts";
import { formatUk } from "../../lib/uk-time.ts";
import { penceAsPoundsNumber } from "../../lib/money.ts";

;

export const SCHEDULE_COLUMNS = [
  "Title",
  "First name or initial",
  "Last name",
  "House name or number",
  "Postcode",
  "Aggregated donations",
  "Sponsored event",
  "Donation date (DD/MM/YY)",
  "Amount",
] as const;

export interface ClaimRange {
  from: string;
  to: string;
  /** Only gifts recorded up to this moment (so the export and the claim cover the same gifts). */
  asOf: Date;
}

const londonDay = sql`(${donations.paid_at} at time zone 'Europe/London')::date`;

function eligible(range: ClaimRange): SQL {
  return and(
    eq(donations.status, "paid"),
    isNull(donations.claim_id),
    isNotNull(donations.declaration_id),
    or(isNull(giftAidDeclarations.cancelled_at), sql`${giftAidDeclarations.cancelled_at} > ${donations.paid_at}`),
    gte(londonDay, sql`${range.from}::date`),
    lte(londonDay, sql`${range.to}::date`),
    lte(donations.created_at, range.asOf),
    // A spoken declaration (taken by staff) counts once its written record has been sent
    // and the donor's 30 days to cancel have passed in full (docs/decisions/215).
    sql`not exists (select 1 from ${declarationRecords} r where r.declaration_id = ${donations.declaration_id} and r.made_how = 'spoken'
      and (r.record_sent_on is null or r.record_sent_on + ${SPOKEN_CANCELLATION_DAYS + 1}::int > (${range.asOf.toISOString()}::timestamptz at time zone 'Europe/London')::date))`,
  )!;
}

const scheduleSelection = {
  id: donations.id,
  reference: donations.reference,
  amount_pence: donations.amount_pence,
  paid_at: donations.paid_at,
  email: donations.email,
  title: giftAidDeclarations.title,
  first_name: giftAidDeclarations.first_name,
  last_name: giftAidDeclarations.last_name,
  house: giftAidDeclarations.house,
  postcode: giftAidDeclarations.postcode,
};

export type ScheduleRow = Awaited<ReturnType<typeof eligibleGifts>>[number];

export function eligibleGifts(range: ClaimRange) {
  return getDb()
    .select(scheduleSelection)
    .from(donations)
    .innerJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(eligible(range))
    .orderBy(asc(donations.paid_at), asc(donations.reference));
}

export function claimedGifts(claimId: number) {
  return getDb()
    .select(scheduleSelection)
    .from(donations)
    .innerJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(eq(donations.claim_id, claimId))
    .orderBy(asc(donations.paid_at), asc(donations.reference));
}

export function scheduleParts<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += SCHEDULE_ROWS_PER_FILE) parts.push(rows.slice(i, i + SCHEDULE_ROWS_PER_FILE));
  return parts;
}

/** One schedule file (.xlsx): the header row, then one row per gift. */
export async function scheduleWorkbook(rows: readonly ScheduleRow[]): Promise<Buffer> {
  if (rows.length > SCHEDULE_ROWS_PER_FILE) throw new Error(`A schedule file holds at most ${SCHEDULE_ROWS_PER_FILE} gifts`);
  // Loaded on first use: most processes never write a spreadsheet.
  const { default: writeExcelFile } = await import("write-excel-file/node");
  const text = (value: string) => ({ value, type: String, format: "@" });
  const data = [
    SCHEDULE_COLUMNS.map((value) => ({ value, fontWeight: "bold" as const })),
    ...rows.map((row) => [
      text(row.title),
      text(row.first_name),
      text(row.last_name),
      text(row.house),
      text(row.postcode),
      null,
      null,
      // HMRC's schedule wants the date as DD/MM/YY text, and the amount as a number in pounds.
      text(formatUk(row.paid_at, "short-numeric-date")),
      { value: penceAsPoundsNumber(row.amount_pence), type: Number, format: "0.00" },
    ]),
  ];
  const columns = [8, 20, 20, 24, 12, 12, 10, 14, 10].map((width) => ({ width }));
  return writeExcelFile(data, { sheet: "Gift Aid schedule", columns }).toBuffer();
}

/** Marks the eligible gifts of a range claimed, as one claim batch. Null when there are none. */
export async function markClaimed(range: ClaimRange, claimedBy: string) {
  return getDb().transaction(async (tx) => {
    const gifts = await tx
      .select({ id: donations.id, amount: donations.amount_pence })
      .from(donations)
      .innerJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
      .where(eligible(range))
      .for("update", { of: donations });
    if (gifts.length === 0) return null;
    const [claim] = await tx
      .insert(giftAidClaims)
      .values({
        from_date: range.from,
        to_date: range.to,
        gift_count: gifts.length,
        total_pence: gifts.reduce((sum, g) => sum + g.amount, 0),
        claimed_by: claimedBy,
      })
      .returning();
    const ids = gifts.map((g) => g.id);
    for (let i = 0; i < ids.length; i += 5000) {
      await tx.update(donations).set({ claim_id: claim.id }).where(inArray(donations.id, ids.slice(i, i + 5000)));
    }
    return claim;
  });
}

export function listClaims() {
  return getDb().select().from(giftAidClaims).orderBy(desc(giftAidClaims.created_at)).limit(200);
}

/** The claim period of a request (from, to as yyyy-MM-dd; asOf when the list was made). */
const CLAIM_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readRange(params: URLSearchParams | FormData) {
  const from = String(params.get("from") ?? "");
  const to = String(params.get("to") ?? "");
  const asOfText = String(params.get("asOf") ?? "");
  const asOf = asOfText && !Number.isNaN(Date.parse(asOfText)) ? new Date(asOfText) : new Date();
  if (!CLAIM_DATE.test(from) || !CLAIM_DATE.test(to)) return { range: null, error: from || to ? "Enter both dates of the claim period." : null, from, to };
  if (from > to) return { range: null, error: "The start of the claim period must be on or before its end.", from, to };
  return { range: { from, to, asOf }, error: null, from, to };
}


/**
 * Undoes the newest claim (marked by mistake, or before the schedule went to HMRC): its
 * gifts are unclaimed again and the claim is removed. Only the newest can be undone, so
 * the claims left never overlap; null when `claimId` is not the newest claim.
 */
export async function undoClaim(claimId: number) {
  if (!Number.isSafeInteger(claimId) || claimId < 1) return null;
  return getDb().transaction(async (tx) => {
    const [newest] = await tx.select().from(giftAidClaims).orderBy(desc(giftAidClaims.created_at), desc(giftAidClaims.id)).limit(1).for("update");
    if (!newest || newest.id !== claimId) return null;
    await tx.update(donations).set({ claim_id: null }).where(eq(donations.claim_id, claimId));
    await tx.delete(giftAidClaims).where(eq(giftAidClaims.id, claimId));
    return newest;
  });
}

/** The claim period staff most likely want next: from the day after the last claim's end (or four years back, HMRC's limit, before any claim) to today. */
export async function nextClaimPeriod(today: string): Promise<{ from: string; to: string }> {
  const [last] = await getDb().select({ to: giftAidClaims.to_date }).from(giftAidClaims).orderBy(desc(giftAidClaims.to_date)).limit(1);
  const day = (iso: string, plus: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
  const fourYearsBack = `${Number(today.slice(0, 4)) - 4}${today.slice(4)}`;
  const from = last ? day(last.to, 1) : day(fourYearsBack, 1);
  return { from: from > today ? today : from, to: today };
}
