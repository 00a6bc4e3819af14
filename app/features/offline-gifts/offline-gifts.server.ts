/**
 * Recording money that never touches a card, and the Small Donations Scheme claim. An
 * offline gift or a collection is written as a paid one-off row of `donations` (so the
 * ledger, its totals trigger, cause progress, the CSV export and the Gift Aid claim count
 * it) with its `offline_gifts` row, in one transaction. A Gift Aid declaration taken on
 * paper or by phone is a `gift_aid_declarations` row with its `declaration_records` row;
 * the claim leaves out gifts under a spoken one until its 30 days have passed
 * (app/features/giving/gift-aid.server.ts).
 */
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations } from "../giving/table.ts";
import { causes } from "../causes/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { CHARITY_NAME, giftAidAllowed, giftAidDeclarationText } from "../giving/ui.ts";
import { newDonationReference } from "../giving/index.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { linkSupporter } from "../supporters/index.ts";
import { supporters } from "../supporters/table.ts";
import { declarationRecords, offlineGifts, smallDonationClaims } from "./table.ts";
import { smallDonationsClaim, taxYearLabel, type OfflineMethod, type SmallDonationsClaim } from "./rules.ts";
import { formatPenceExact } from "../../lib/money.ts";
import { ukDate } from "../../lib/uk-time.ts";

export interface DeclarationInput {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  madeOn: string;
  how: "paper" | "spoken";
  recordSentOn: string | null;
}

export interface OfflineGiftInput {
  /** Who gave: a supporter staff found, a new one (name and email), or nobody (anonymous). */
  donor: { kind: "supporter"; id: string } | { kind: "new"; name: string; email: string } | { kind: "anonymous" };
  amountPence: number;
  receivedOn: string;
  causeId: number | null;
  method: OfflineMethod;
  /** The value of anything the donor got back (0 for a pure gift). */
  benefitPence: number;
  declaration: DeclarationInput | null;
}

export type RecordResult = { ok: true; donationId: string; reference: string } | { ok: false; error: string };

/** Noon in London on the day, so the ledger's London date is the day received. */
const onDay = (day: string) => new Date(`${day}T12:00:00Z`);

async function causeOf(tx: Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0], id: number | null) {
  if (id === null) return { cause_id: null, cause_title: null };
  const [row] = await tx.select({ id: causes.id, title: causes.title }).from(causes).where(eq(causes.id, id));
  return row ? { cause_id: row.id, cause_title: row.title } : null;
}

export async function recordOfflineGift(input: OfflineGiftInput, actor: AuditActor & { email: string }): Promise<RecordResult> {
  if (input.declaration) {
    const verdict = giftAidAllowed({ kind: "donation", amountPence: input.amountPence, benefitPence: input.benefitPence });
    if (!verdict.allowed) return { ok: false, error: verdict.reason };
    if (input.declaration.how === "spoken" && input.declaration.recordSentOn && input.declaration.recordSentOn < input.declaration.madeOn) {
      return { ok: false, error: "The written record cannot have been sent before the declaration was made." };
    }
  }
  const result = await getDb().transaction(async (tx): Promise<RecordResult> => {
    const cause = await causeOf(tx, input.causeId);
    if (!cause) return { ok: false, error: "That cause no longer exists. Choose another." };
    let supporterId: string | null = null;
    let email = "";
    if (input.donor.kind === "supporter") {
      const [row] = await tx.select({ id: supporters.id, email: supporters.email }).from(supporters).where(eq(supporters.id, input.donor.id));
      if (!row) return { ok: false, error: "That supporter no longer exists. Find them again." };
      supporterId = row.id;
      email = row.email;
    } else if (input.donor.kind === "new") {
      supporterId = await linkSupporter(tx, { email: input.donor.email, name: input.donor.name, postcode: input.declaration?.postcode });
      email = input.donor.email.trim().toLowerCase();
    }
    let declarationId: string | null = null;
    if (input.declaration) {
      const d = input.declaration;
      const [row] = await tx
        .insert(giftAidDeclarations)
        .values({
          email,
          title: d.title,
          first_name: d.firstName,
          last_name: d.lastName,
          house: d.house,
          postcode: d.postcode.toUpperCase(),
          declaration_text: giftAidDeclarationText(CHARITY_NAME),
          made_at: onDay(d.madeOn),
          supporter_id: supporterId,
        })
        .returning({ id: giftAidDeclarations.id });
      declarationId = row.id;
      await tx.insert(declarationRecords).values({ declaration_id: row.id, made_how: d.how, record_sent_on: d.how === "spoken" ? d.recordSentOn : null, recorded_by: actor.email });
    }
    const reference = newDonationReference();
    const [gift] = await tx
      .insert(donations)
      .values({ reference, amount_pence: input.amountPence, mode: "one-off", email, ...cause, declaration_id: declarationId, supporter_id: supporterId, paid_at: onDay(input.receivedOn) })
      .returning({ id: donations.id });
    await tx.insert(offlineGifts).values({ donation_id: gift.id, method: input.method, received_on: input.receivedOn, recorded_by: actor.email });
    await recordAudit(actor, "donations.offline_recorded", { entity: "donation", entityId: gift.id, details: { reference, amount_pence: input.amountPence, method: input.method, gift_aid: Boolean(declarationId) } }, tx);
    return { ok: true, donationId: gift.id, reference };
  });
  if (result.ok) publishChange("causes");
  return result;
}

export interface CollectionInput {
  collectedOn: string;
  place: string;
  collectedAs: "cash" | "contactless";
  amountPence: number;
  causeId: number | null;
}

/** A collection of small gifts (each £30 or less), as one total for a date and place. */
export async function recordCollection(input: CollectionInput, actor: AuditActor & { email: string }): Promise<RecordResult> {
  const result = await getDb().transaction(async (tx): Promise<RecordResult> => {
    const cause = await causeOf(tx, input.causeId);
    if (!cause) return { ok: false, error: "That cause no longer exists. Choose another." };
    const reference = newDonationReference();
    const [gift] = await tx
      .insert(donations)
      .values({ reference, amount_pence: input.amountPence, mode: "one-off", email: "", ...cause, paid_at: onDay(input.collectedOn) })
      .returning({ id: donations.id });
    await tx.insert(offlineGifts).values({ donation_id: gift.id, method: "collection", collected_as: input.collectedAs, place: input.place, received_on: input.collectedOn, recorded_by: actor.email });
    await recordAudit(actor, "donations.collection_recorded", { entity: "donation", entityId: gift.id, details: { reference, amount_pence: input.amountPence, place: input.place } }, tx);
    return { ok: true, donationId: gift.id, reference };
  });
  if (result.ok) publishChange("causes");
  return result;
}

/** Supporters whose name or email contains the words typed (at most 10). */
export async function findSupporters(q: string) {
  const text = q.trim().slice(0, 100);
  if (text.length < 2) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return getDb()
    .select({ id: supporters.id, name: supporters.name, email: supporters.email, postcode: supporters.postcode })
    .from(supporters)
    .where(or(ilike(supporters.name, like), ilike(supporters.email, like)))
    .orderBy(asc(supporters.name), asc(supporters.email))
    .limit(10);
}

export async function supporterForGift(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await getDb().select({ id: supporters.id, name: supporters.name, email: supporters.email, postcode: supporters.postcode }).from(supporters).where(eq(supporters.id, id));
  return row ?? null;
}

/** The offline gifts and collections recorded last, the latest first. */
export function recentOfflineGifts(limit = 50) {
  return getDb()
    .select({
      id: donations.id,
      reference: donations.reference,
      amount_pence: donations.amount_pence,
      status: donations.status,
      email: donations.email,
      cause_title: donations.cause_title,
      method: offlineGifts.method,
      collected_as: offlineGifts.collected_as,
      place: offlineGifts.place,
      received_on: offlineGifts.received_on,
      recorded_by: offlineGifts.recorded_by,
      declared: sql<boolean>`${donations.declaration_id} is not null`,
      made_how: declarationRecords.made_how,
      record_sent_on: declarationRecords.record_sent_on,
      declaration_id: donations.declaration_id,
      donor: sql<string>`coalesce(nullif(trim(${giftAidDeclarations.first_name} || ' ' || ${giftAidDeclarations.last_name}), ''), nullif(${supporters.name}, ''), ${donations.email})`,
    })
    .from(offlineGifts)
    .innerJoin(donations, eq(donations.id, offlineGifts.donation_id))
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .leftJoin(declarationRecords, eq(declarationRecords.declaration_id, donations.declaration_id))
    .leftJoin(supporters, eq(supporters.id, donations.supporter_id))
    .orderBy(desc(offlineGifts.created_at))
    .limit(limit);
}

/** Records that a spoken declaration's written record was sent on a day; false when it is not a spoken one waiting for it. */
export async function markRecordSent(declarationId: string, sentOn: string, actor: AuditActor): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(declarationId)) return false;
  const rows = await getDb()
    .update(declarationRecords)
    .set({ record_sent_on: sentOn })
    .where(and(eq(declarationRecords.declaration_id, declarationId), eq(declarationRecords.made_how, "spoken"), sql`${declarationRecords.record_sent_on} is null`))
    .returning({ id: declarationRecords.declaration_id });
  if (rows.length === 0) return false;
  await recordAudit(actor, "gift_aid.record_sent", { entity: "gift_aid_declaration", entityId: declarationId, details: { sent_on: sentOn } });
  return true;
}

export interface SmallDonationsYearSummary extends SmallDonationsClaim {
  taxYear: number;
  collectedPence: number;
  collections: number;
  claimedPence: number;
  unclaimedPence: number;
  giftAidClaimedPence: number;
  /** Gift Aid donations of the year that could be claimed but are not yet (claiming them raises the limit). */
  giftAidUnclaimedPence: number;
}

type Executor = Pick<ReturnType<typeof getDb>, "execute">;

/** The Small Donations Scheme, tax year by tax year (newest first), for the years with collections. */
export async function smallDonationsYears(today: string = ukDate(new Date()), db: Executor = getDb()): Promise<SmallDonationsYearSummary[]> {
  const collected = await db.execute<{ tax_year: number; pence: string; n: number }>(sql`
    select (extract(year from o.received_on - interval '3 months 5 days'))::int as tax_year, sum(d.amount_pence)::text as pence, count(*)::int as n
    from ${offlineGifts} o join ${donations} d on d.id = o.donation_id
    where o.method = 'collection' and d.status = 'paid'
    group by 1`);
  const years = collected.rows.map((r) => r.tax_year);
  if (years.length === 0) return [];
  const claimed = await db.execute<{ tax_year: number; pence: string }>(sql`
    select tax_year, sum(donations_pence)::text as pence from ${smallDonationClaims} group by tax_year`);
  // Ordinary Gift Aid donations by the tax year of the gift (claimed, and eligible but not yet claimed).
  const giftAid = await db.execute<{ tax_year: number; claimed: string; unclaimed: string }>(sql`
    select (extract(year from ((d.paid_at at time zone 'Europe/London')::date - interval '3 months 5 days')))::int as tax_year,
      coalesce(sum(d.amount_pence) filter (where d.claim_id is not null), 0)::text as claimed,
      coalesce(sum(d.amount_pence) filter (where d.claim_id is null), 0)::text as unclaimed
    from ${donations} d join ${giftAidDeclarations} g on g.id = d.declaration_id
    where d.status = 'paid' and (g.cancelled_at is null or g.cancelled_at > d.paid_at)
    group by 1`);
  const pick = <T extends { tax_year: number }>(rows: T[], year: number) => rows.find((r) => r.tax_year === year);
  return years
    .sort((a, b) => b - a)
    .map((taxYear) => {
      const c = pick(collected.rows, taxYear)!;
      const collectedPence = Number(c.pence);
      const claimedPence = Number(pick(claimed.rows, taxYear)?.pence ?? 0);
      const ga = giftAid.rows.find((r) => r.tax_year === taxYear);
      const giftAidClaimedPence = Number(ga?.claimed ?? 0);
      const unclaimedPence = Math.max(0, collectedPence - claimedPence);
      return {
        taxYear,
        collectedPence,
        collections: c.n,
        claimedPence,
        unclaimedPence,
        giftAidClaimedPence,
        giftAidUnclaimedPence: Number(ga?.unclaimed ?? 0),
        ...smallDonationsClaim({ taxYear, unclaimedPence, claimedPence, giftAidClaimedPence, today }),
      };
    });
}

/** The tax years' small-donations claims made, newest first. */
export function listSmallDonationClaims() {
  return getDb().select().from(smallDonationClaims).orderBy(desc(smallDonationClaims.created_at)).limit(100);
}

/**
 * Records a Small Donations Scheme claim for a tax year: what can be claimed now, worked out
 * again inside the transaction with the claims table locked, so two staff pressing at once
 * never claim past the limits. Null when nothing can be claimed.
 */
export async function claimSmallDonations(taxYear: number, actor: AuditActor & { email: string }, today: string = ukDate(new Date())) {
  if (!Number.isInteger(taxYear) || taxYear < 2013 || taxYear > 3000) return null;
  const claim = await getDb().transaction(async (tx) => {
    await tx.execute(sql`lock table ${smallDonationClaims} in share row exclusive mode`);
    const year = (await smallDonationsYears(today, tx)).find((y) => y.taxYear === taxYear);
    if (!year || !year.allowed) return null;
    const [row] = await tx
      .insert(smallDonationClaims)
      .values({ tax_year: taxYear, donations_pence: year.claimablePence, top_up_pence: year.topUpPence, claimed_by: actor.email })
      .returning();
    await recordAudit(actor, "gift_aid.small_donations_claimed", { entity: "small_donation_claim", entityId: row.id, details: { tax_year: taxYear, donations_pence: row.donations_pence, top_up_pence: row.top_up_pence } }, tx);
    return row;
  });
  return claim;
}


/** The Small Donations Scheme beside the Gift Aid claim: each tax year with collections not yet claimed on. */
export async function smallDonationsSummary() {
  const years = await smallDonationsYears();
  return years
    .filter((y) => y.unclaimedPence > 0)
    .map((y) => ({ taxYear: y.taxYear, label: taxYearLabel(y.taxYear), claimable: formatPenceExact(y.claimablePence), topUp: formatPenceExact(y.topUpPence) }));
}
