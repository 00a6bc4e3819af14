/**
 * The retention registry (server part): the saved period of each kind (retention_periods,
 * or the kind's default), and each kept kind's rule: which records have outlived it and
 * whether they are deleted or anonymised (kept, without the person, where reports and
 * accounts need them). Applied by the daily retention job (runRetention), which audits
 * each run. A kind in retention-kinds.ts with `kept: true` must have a rule here.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { donations, giftAidClaims, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { deleteIdleSupporters, deleteWithdrawnConsent } from "../supporters/index.ts";
import { deleteOldRecipientRows } from "../newsletters/index.ts";
import { eraseIdleVolunteers, lastVolunteeringOf } from "../volunteering/index.ts";
import { RETENTION_KINDS, retentionField, RetentionKindsSchema, type RetentionKind } from "./retention-kinds.ts";
import { dpComplaints, dpRequests, retentionPeriods } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

/** Gift Aid records are kept this long after the claim that used them, whatever the setting (HMRC). */
const GIFT_AID_CLAIM_YEARS = 6;

export type RetentionPeriods = Record<string, number>;

/** Every registry kind's period in months: the saved one, or its default. */
export async function getRetentionPeriods(): Promise<RetentionPeriods> {
  const rows = await getDb().select().from(retentionPeriods);
  const saved = new Map(rows.map((r) => [r.kind, r.months]));
  return Object.fromEntries(RETENTION_KINDS.map((k) => [k.kind, saved.get(k.kind) ?? k.defaultMonths]));
}

/** Saves the periods of the retention table's registry rows (`retention_<kind>` fields); audited when any changed. */
export async function updateRetentionPeriods(input: Record<string, unknown>, actor: AuditActor): Promise<RetentionPeriods> {
  const value = RetentionKindsSchema.parse(input);
  const before = await getRetentionPeriods();
  const after = Object.fromEntries(RETENTION_KINDS.map((k) => [k.kind, value[retentionField(k.kind)]]));
  const changed = RETENTION_KINDS.filter((k) => before[k.kind] !== after[k.kind]);
  if (changed.length === 0) return after;
  await getDb().transaction(async (tx) => {
    for (const k of changed) {
      await tx
        .insert(retentionPeriods)
        .values({ kind: k.kind, months: after[k.kind] })
        .onConflictDoUpdate({ target: retentionPeriods.kind, set: { months: after[k.kind], updated_at: new Date() } });
    }
    const from = Object.fromEntries(changed.map((k) => [k.kind, before[k.kind]]));
    const to = Object.fromEntries(changed.map((k) => [k.kind, after[k.kind]]));
    await recordAudit(actor, "settings.retention_periods", { entity: "retention_periods", details: { from, to } }, tx);
  });
  // The privacy notice shows the periods: its cached page is refreshed.
  publishChange("settings");
  return after;
}

/** One kind's rule: applies `months` at `now` (`periods`: every kind's), returns how many records it deleted or anonymised. */
type RetentionRule = (months: number, now: Date, periods: RetentionPeriods) => Promise<number>;

/** `now` less a number of months, as PostgreSQL counts them (the end of a month clamps). */
async function monthsBefore(now: Date, months: number): Promise<Date> {
  const result = await getDb().execute<{ at: string }>(sql`select ${cutoff(now, months)} as at`);
  return new Date(result.rows[0].at);
}

const cutoff = (now: Date, months: number): SQL => sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;
const dayCutoff = (now: Date, months: number): SQL => sql`(${ukDate(now)}::date - make_interval(months => ${months}))::date`;
const erasedEmail = (id: SQL) => sql`'erased-' || ${id} || '@erased.invalid'`;
const ERASED = "(erased)";

const RULES: Record<string, RetentionRule> = {
  // Bookings: the buyer's name and email go; tickets and amounts stay. Held bookings are left to the hold's expiry.
  bookings: async (months, now) => {
    const rows = await getDb()
      .update(bookings)
      .set({ name: ERASED, email: erasedEmail(sql`${bookings.id}`), updated_at: new Date() })
      .where(
        sql`${bookings.status} <> 'held' and ${bookings.email} not like '%@erased.invalid'
          and exists (select 1 from ${events} where ${events.id} = ${bookings.event_id} and ${events.date}::date < ${dayCutoff(now, months)})`,
      )
      .returning({ id: bookings.id });
    return rows.length;
  },
  // Gifts, ended monthly gifts and Gift Aid declarations: the donor goes, the amounts stay;
  // anything a Gift Aid claim of the last 6 years used, or a running monthly gift, is kept.
  gifts: async (months, now) => {
    const claimKept = sql`(${now.toISOString()}::timestamptz - make_interval(years => ${GIFT_AID_CLAIM_YEARS}))`;
    return getDb().transaction(async (tx) => {
      const gifts = await tx
        .update(donations)
        .set({ email: erasedEmail(sql`${donations.id}`) })
        .where(
          sql`${donations.paid_at} < ${cutoff(now, months)} and ${donations.email} not like '%@erased.invalid'
            and not exists (select 1 from ${giftAidClaims} c where c.id = ${donations.claim_id} and c.created_at >= ${claimKept})
            and not exists (select 1 from ${monthlyGifts} m where m.id = ${donations.monthly_gift_id} and m.status = 'active')`,
        )
        .returning({ id: donations.id });
      const monthly = await tx
        .update(monthlyGifts)
        .set({ email: erasedEmail(sql`${monthlyGifts.id}`) })
        .where(
          sql`${monthlyGifts.status} = 'ended' and coalesce(${monthlyGifts.ended_at}, ${monthlyGifts.started_at}) < ${cutoff(now, months)}
            and ${monthlyGifts.email} not like '%@erased.invalid'
            and not exists (select 1 from ${donations} d where d.monthly_gift_id = ${monthlyGifts.id} and d.email not like '%@erased.invalid')`,
        )
        .returning({ id: monthlyGifts.id });
      const declarations = await tx
        .update(giftAidDeclarations)
        .set({ email: erasedEmail(sql`${giftAidDeclarations.id}`), first_name: ERASED, last_name: ERASED, house: ERASED, postcode: ERASED })
        .where(
          sql`${giftAidDeclarations.made_at} < ${cutoff(now, months)} and ${giftAidDeclarations.email} not like '%@erased.invalid'
            and not exists (select 1 from ${donations} d where d.declaration_id = ${giftAidDeclarations.id} and d.email not like '%@erased.invalid')
            and not exists (select 1 from ${monthlyGifts} m where m.declaration_id = ${giftAidDeclarations.id} and m.email not like '%@erased.invalid')`,
        )
        .returning({ id: giftAidDeclarations.id });
      return gifts.length + monthly.length + declarations.length;
    });
  },
  complaints: async (months, now) => {
    const rows = await getDb()
      .delete(dpComplaints)
      .where(
        sql`${dpComplaints.status} in ('answered', 'closed')
          and coalesce(${dpComplaints.closed_at}, ${dpComplaints.outcome_sent_at}, ${dpComplaints.updated_at}) < ${cutoff(now, months)}`,
      )
      .returning({ id: dpComplaints.id });
    return rows.length;
  },
  requests: async (months, now) => {
    const rows = await getDb()
      .delete(dpRequests)
      .where(sql`${dpRequests.answered_on} is not null and ${dpRequests.answered_on} < ${dayCutoff(now, months)}`)
      .returning({ id: dpRequests.id });
    return rows.length;
  },
  // Supporters: deleted after the period since their last contact, and only once their consent
  // records' own period has run too; never while they give monthly, hold a Gift Aid
  // declaration or a gift claimed in the last 6 years, or are subscribed.
  supporters: async (months, now, periods) =>
    deleteIdleSupporters({
      lastContactBefore: await monthsBefore(now, months),
      consentBefore: await monthsBefore(now, periods.consent),
      claimKeptSince: await monthsBefore(now, GIFT_AID_CLAIM_YEARS * 12),
    }, [lastVolunteeringOf]),
  // Consent records: deleted the period after the supporter withdrew it (subscribed people keep theirs).
  consent: async (months, now) => deleteWithdrawnConsent(await monthsBefore(now, months)),
  // Newsletters: who received each one, deleted the period after it was sent (the newsletter stays).
  newsletters: async (months, now) => deleteOldRecipientRows(await monthsBefore(now, months)),
  // Volunteers: erased the period after their last shift; their hours stay without their name.
  volunteers: async (months, now) => {
    const erased = await eraseIdleVolunteers(ukDate(now), months);
    return erased.volunteers + erased.signups;
  },
};

/** The registry's kinds this site keeps records of, with a rule (the others wait for their feature). */
export const keptKinds = (): RetentionKind[] => RETENTION_KINDS.filter((k) => k.kept && RULES[k.kind]);

/** Applies every kept kind's rule at `now`: how many records each deleted or anonymised. */
export async function applyRetentionRules(now: Date = new Date()): Promise<Record<string, number>> {
  const periods = await getRetentionPeriods();
  const counts: Record<string, number> = {};
  for (const k of keptKinds()) counts[k.kind] = await RULES[k.kind](periods[k.kind], now, periods);
  return counts;
}

/** Kinds marked kept without a rule, or with a rule but not marked kept: a test keeps the two lists in step. */
export function registryMismatches(): string[] {
  const kept = RETENTION_KINDS.filter((k) => k.kept).map((k) => k.kind);
  return [...kept.filter((k) => !RULES[k]), ...Object.keys(RULES).filter((k) => !kept.includes(k))];
}
