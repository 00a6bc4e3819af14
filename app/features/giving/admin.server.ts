/**
 * The Donations screen for administrators: filters, totals for the chosen range, the CSV
 * export (with the spreadsheet formula defence of the inbox export) and the donor view
 * with their declarations.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, donationTotals, giftAidDeclarations, monthlyGifts } from "./table.ts";
import { inBatches } from "../../lib/csv.ts";
import { GIFT_AID_RATE } from "./donation.ts";
import { offlineGifts } from "../offline-gifts/index.ts";
import { penceAsPounds } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";

export interface DonationFilters {
  from: string;
  to: string;
  mode: "" | "one-off" | "monthly";
  giftAid: "" | "yes" | "no";
  cause: string;
  status: "" | "paid" | "refunded";
  q: string;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string | null) => (v && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : "");

export function parseDonationFilters(params: URLSearchParams): DonationFilters {
  const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | "" => (allowed.includes(value as T) ? (value as T) : "");
  const cause = params.get("cause") ?? "";
  return {
    from: validDate(params.get("from")),
    to: validDate(params.get("to")),
    mode: pick(params.get("mode"), ["one-off", "monthly"] as const),
    giftAid: pick(params.get("giftAid"), ["yes", "no"] as const),
    cause: cause === "none" || /^\d{1,9}$/.test(cause) ? cause : "",
    status: pick(params.get("status"), ["paid", "refunded"] as const),
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

;

/** The first moment of a London calendar day (yyyy-mm-dd), as a timestamp with time zone. */
const londonMidnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/London')`;

function where(filters: DonationFilters): SQL | undefined {
  const conditions: SQL[] = [];
  // Compared with the column itself (not its London date), so the paid_at index serves.
  if (filters.from) conditions.push(gte(donations.paid_at, londonMidnight(filters.from)));
  if (filters.to) conditions.push(lt(donations.paid_at, londonMidnight(filters.to, 1)));
  if (filters.mode) conditions.push(eq(donations.mode, filters.mode));
  if (filters.giftAid === "yes") conditions.push(isNotNull(donations.declaration_id));
  if (filters.giftAid === "no") conditions.push(isNull(donations.declaration_id));
  if (filters.cause === "none") conditions.push(isNull(donations.cause_id));
  else if (filters.cause) conditions.push(eq(donations.cause_id, Number(filters.cause)));
  if (filters.status) conditions.push(eq(donations.status, filters.status));
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Each part can use its own index: the trigram indexes on email and reference, and the
    // declaration index for the ids of the declarations whose names match (read first, as
    // one array, so the planner never joins every gift to find them).
    conditions.push(
      sql`(${donations.email} ilike ${like} or ${donations.reference} ilike ${like} or ${donations.declaration_id} = any(array(
        select g.id from ${giftAidDeclarations} g
        where g.first_name ilike ${like} or g.last_name ilike ${like} or (g.first_name || ' ' || g.last_name) ilike ${like})))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

const selection = {
  id: donations.id,
  reference: donations.reference,
  amount_pence: donations.amount_pence,
  mode: donations.mode,
  status: donations.status,
  email: donations.email,
  cause_title: donations.cause_title,
  paid_at: donations.paid_at,
  refunded_at: donations.refunded_at,
  claim_id: donations.claim_id,
  declaration_id: donations.declaration_id,
  monthly_gift_id: donations.monthly_gift_id,
  fee_covered_pence: donations.fee_covered_pence,
  title: giftAidDeclarations.title,
  first_name: giftAidDeclarations.first_name,
  last_name: giftAidDeclarations.last_name,
  house: giftAidDeclarations.house,
  postcode: giftAidDeclarations.postcode,
  /** How the money came: "card" online, or the offline gift's method (app/features/offline-gifts). */
  paid_by: sql<string>`coalesce((select o.method || case when o.place <> '' then ': ' || o.place else '' end from ${offlineGifts} o where o.donation_id = ${donations.id}), 'card')`,
};

function ledgerRows(filters: DonationFilters, limit: number, offset: number) {
  const query = getDb()
    .select(selection)
    .from(donations)
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .where(where(filters))
    .orderBy(desc(donations.paid_at), desc(donations.reference));
  return query.limit(limit).offset(offset);
}

const PAGE_SIZE = 50;

interface DonationTotals {
  count: number;
  paidCount: number;
  paidPence: number;
  refundedPence: number;
  giftAidPence: number;
}

/**
 * The totals of the gifts the filters pick. Without a date or a search they come from
 * donation_totals (a few rows per status, type, Gift Aid and cause, kept by a trigger),
 * otherwise from the gifts themselves, which the date and search indexes find.
 */
function ledgerTotals(filters: DonationFilters) {
  const db = getDb();
  if (!filters.from && !filters.to && !filters.q) {
    const t = donationTotals;
    const conditions: SQL[] = [];
    if (filters.mode) conditions.push(eq(t.mode, filters.mode));
    if (filters.giftAid) conditions.push(eq(t.gift_aid, filters.giftAid === "yes"));
    if (filters.cause) conditions.push(eq(t.cause_key, filters.cause === "none" ? 0 : Number(filters.cause)));
    if (filters.status) conditions.push(eq(t.status, filters.status));
    return db
      .select({
        count: sql<number>`coalesce(sum(${t.gifts}), 0)::int`,
        paidCount: sql<number>`coalesce(sum(${t.gifts}) filter (where ${t.status} = 'paid'), 0)::int`,
        paidPence: sql<number>`coalesce(sum(${t.pence}) filter (where ${t.status} = 'paid'), 0)::bigint`,
        refundedPence: sql<number>`coalesce(sum(${t.pence}) filter (where ${t.status} = 'refunded'), 0)::bigint`,
        giftAidBase: sql<number>`coalesce(sum(${t.pence}) filter (where ${t.status} = 'paid' and ${t.gift_aid}), 0)::bigint`,
      })
      .from(t)
      .where(and(...conditions))
      .then((r) => r[0]!);
  }
  return db
    .select({
      count: sql<number>`count(*)::int`,
      paidCount: sql<number>`count(*) filter (where ${donations.status} = 'paid')::int`,
      paidPence: sql<number>`coalesce(sum(${donations.amount_pence}) filter (where ${donations.status} = 'paid'), 0)::bigint`,
      refundedPence: sql<number>`coalesce(sum(${donations.amount_pence}) filter (where ${donations.status} = 'refunded'), 0)::bigint`,
      giftAidBase: sql<number>`coalesce(sum(${donations.amount_pence}) filter (where ${donations.status} = 'paid' and ${donations.declaration_id} is not null), 0)::bigint`,
    })
    .from(donations)
    .where(where(filters))
    .then((r) => r[0]!);
}

export async function listDonations(filters: DonationFilters) {
  // The totals and the page are read side by side; a page past the end is read again as the last one.
  const [totalsRow, rows] = await Promise.all([ledgerTotals(filters), ledgerRows(filters, PAGE_SIZE, (filters.page - 1) * PAGE_SIZE)]);
  const totals: DonationTotals = {
    count: Number(totalsRow.count),
    paidCount: Number(totalsRow.paidCount),
    paidPence: Number(totalsRow.paidPence),
    refundedPence: Number(totalsRow.refundedPence),
    giftAidPence: Math.round(Number(totalsRow.giftAidBase) * GIFT_AID_RATE),
  };
  const pages = Math.max(1, Math.ceil(totals.count / PAGE_SIZE));
  const items = filters.page <= pages ? rows : await ledgerRows(filters, PAGE_SIZE, (pages - 1) * PAGE_SIZE);
  return { items, totals, pages };
}

const londonDateTime = (date: Date) => formatUk(date, "numeric-date-time");

const EXPORT_BATCH = 1000;

/**
 * The ledger, filtered as on screen, as CSV rows read in batches (newest first), so an
 * export of every gift never holds them all: how many match, the header and the batches.
 */
export async function donationsExport(filters: DonationFilters) {
  const [{ count } = { count: 0 }] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(donations)
    .where(where(filters));
  const header = ["Date (UK time)", "Reference", "Amount (£)", "Type", "Status", "Cause", "Email", "Gift Aid", "Title", "First name", "Last name", "House name or number", "Postcode", "Claim", "Paid by"];
  // Keyset on (paid_at, reference), the ledger's order; the time travels as text to keep its microseconds.
  type Row = Awaited<ReturnType<typeof ledgerRows>>[number] & { cursor: string };
  const page = (after: Row | undefined) =>
    getDb()
      .select({ ...selection, cursor: sql<string>`${donations.paid_at}::text` })
      .from(donations)
      .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
      .where(and(where(filters), after ? sql`(${donations.paid_at}, ${donations.reference}) < (${after.cursor}::timestamptz, ${after.reference})` : undefined))
      .orderBy(desc(donations.paid_at), desc(donations.reference))
      .limit(EXPORT_BATCH);
  async function* rows() {
    for await (const batch of inBatches<Row>(page, EXPORT_BATCH)) {
      yield batch.map((r) => [
        londonDateTime(r.paid_at),
        r.reference,
        penceAsPounds(r.amount_pence),
        r.mode === "monthly" ? "Monthly" : "One-off",
        r.status === "paid" ? "Paid" : "Refunded",
        r.cause_title ?? "Where it is needed most",
        r.email,
        r.declaration_id ? "Yes" : "No",
        r.title ?? "",
        r.first_name ?? "",
        r.last_name ?? "",
        r.house ?? "",
        r.postcode ?? "",
        r.claim_id ? `Claim ${r.claim_id}` : "",
        r.paid_by,
      ]);
    }
  }
  return { count: Number(count), header, rows: rows() };
}

/** Everything about one donor (by email): gifts, monthly gifts and declarations. */
export async function donorView(email: string) {
  const lower = email.trim().toLowerCase();
  const db = getDb();
  const [gifts, declarations, monthly] = await Promise.all([
    db.select().from(donations).where(sql`lower(${donations.email}) = ${lower}`).orderBy(desc(donations.paid_at)),
    db.select().from(giftAidDeclarations).where(sql`lower(${giftAidDeclarations.email}) = ${lower}`).orderBy(desc(giftAidDeclarations.made_at)),
    db.select().from(monthlyGifts).where(sql`lower(${monthlyGifts.email}) = ${lower}`).orderBy(desc(monthlyGifts.started_at)),
  ]);
  return { email: lower, gifts, declarations, monthly };
}

/** Cancels a declaration (kept, with the date): gifts after it are no longer Gift Aid eligible. */
export async function cancelDeclaration(id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const rows = await getDb()
    .update(giftAidDeclarations)
    .set({ cancelled_at: new Date() })
    .where(and(eq(giftAidDeclarations.id, id), isNull(giftAidDeclarations.cancelled_at)))
    .returning({ id: giftAidDeclarations.id });
  return rows.length > 0;
}

;
