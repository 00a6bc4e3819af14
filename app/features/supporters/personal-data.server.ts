/**
 * Supporters in the data protection tools (find, export, erase by email): the record, its
 * staff notes, tags, consent events, timeline entries (merges, emails sent) and any
 * pending newsletter signup. A supporter merged from two addresses is one person: erasing
 * either address reaches the other's gifts, bookings and forms too (`linkedAddresses`).
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { consentEvents, subscriptionRequests, supporterActivity, supporterNotes, supporters, supporterTags } from "./table.ts";
import { normaliseEmail } from "./consent.ts";
import type { Executor } from "./supporters.server.ts";

export async function findSupporterData(rawEmail: string, db: Executor = getDb()) {
  const email = normaliseEmail(rawEmail);
  const [record] = await db.select().from(supporters).where(eq(supporters.email, email));
  const pending = await db.select({ email: subscriptionRequests.email, created_at: subscriptionRequests.created_at }).from(subscriptionRequests).where(eq(subscriptionRequests.email, email));
  if (!record) return { record: null, notes: [], tags: [], consent: [], activity: [], otherAddresses: [], pending };
  const [notes, tags, consent, activity, otherAddresses] = await Promise.all([
    db.select().from(supporterNotes).where(eq(supporterNotes.supporter_id, record.id)).orderBy(asc(supporterNotes.created_at)),
    db.select().from(supporterTags).where(eq(supporterTags.supporter_id, record.id)).orderBy(asc(supporterTags.tag)),
    db.select().from(consentEvents).where(eq(consentEvents.supporter_id, record.id)).orderBy(asc(consentEvents.at), asc(consentEvents.id)),
    db.select().from(supporterActivity).where(eq(supporterActivity.supporter_id, record.id)).orderBy(asc(supporterActivity.at)),
    linkedAddresses(db, record.id, email),
  ]);
  return { record, notes, tags, consent, activity, otherAddresses, pending };
}

export type SupporterData = Awaited<ReturnType<typeof findSupporterData>>;

/** Other addresses on rows linked to this supporter (after a merge), normalised. */
async function linkedAddresses(db: Executor, supporterId: string, except: string): Promise<string[]> {
  const result = await db.execute<{ email: string }>(sql`
    select distinct lower(btrim(email)) as email from (
      select email from donations where supporter_id = ${supporterId}
      union all select email from monthly_gifts where supporter_id = ${supporterId}
      union all select email from gift_aid_declarations where supporter_id = ${supporterId}
      union all select email from bookings where supporter_id = ${supporterId}
      union all select email from form_submissions where supporter_id = ${supporterId}
      union all select email from waitlist_entries where supporter_id = ${supporterId}
      union all select email from volunteer_signups where supporter_id = ${supporterId} and email is not null
    ) t where lower(btrim(email)) <> ${except}`);
  return result.rows.map((r) => r.email).sort();
}

/** The addresses an erasure of `email` must cover: it and every other address of the same supporter. */
export async function addressesOfPerson(db: Executor, rawEmail: string): Promise<string[]> {
  const email = normaliseEmail(rawEmail);
  const [record] = await db.select({ id: supporters.id }).from(supporters).where(eq(supporters.email, email));
  return record ? [email, ...(await linkedAddresses(db, record.id, email))] : [email];
}

export function supporterDataExport(found: SupporterData) {
  if (!found.record && found.pending.length === 0) return null;
  return {
    record: found.record && {
      email: found.record.email,
      name: found.record.name,
      postcode: found.record.postcode,
      supporter_since: found.record.created_at.toISOString(),
      other_addresses_merged_in: found.otherAddresses,
      address_refused_by_mail_server: found.record.email_refused_at?.toISOString() ?? null,
    },
    email_consent: found.consent.map((c) => ({ given: c.given, at: c.at.toISOString(), how: c.source, wording: c.wording })),
    staff_notes: found.notes.map((n) => ({ at: n.created_at.toISOString(), by: n.author_email, note: n.body })),
    tags: found.tags.map((t) => t.tag),
    history: found.activity.map((a) => ({ at: a.at.toISOString(), kind: a.kind, what: a.summary })),
    pending_newsletter_signups: found.pending.map((p) => ({ asked: p.created_at.toISOString() })),
  };
}

/**
 * Deletes the supporter (their notes, tags, consent events and timeline entries go with it)
 * and any pending signup. Gifts kept for Gift Aid stay, without a supporter.
 */
export async function eraseSupporter(tx: Executor, addresses: string[]): Promise<{ supporters: number; notes: number; consentEvents: number }> {
  const list = sql.join(addresses.map((a) => sql`${a}`), sql`, `);
  const counts = await tx.execute<{ notes: number; consent: number }>(sql`
    select (select count(*) from ${supporterNotes} n join ${supporters} s on s.id = n.supporter_id where s.email in (${list}))::int as notes,
           (select count(*) from ${consentEvents} c join ${supporters} s on s.id = c.supporter_id where s.email in (${list}))::int as consent`);
  await tx.delete(subscriptionRequests).where(sql`${subscriptionRequests.email} in (${list})`);
  const deleted = await tx.delete(supporters).where(sql`${supporters.email} in (${list})`).returning({ id: supporters.id });
  return { supporters: deleted.length, notes: counts.rows[0].notes, consentEvents: counts.rows[0].consent };
}

/**
 * Retention (the daily job, through index.ts): deletes the supporters whose last contact
 * with us (the record made or changed, a gift, monthly gift, declaration, booking and its
 * event, form, consent change, note or timeline entry, and `otherContact`) is before `lastContactBefore`, and
 * who have no consent event since `consentBefore` (their consent records are kept for
 * their own period). Never deleted while they still give monthly, hold a Gift Aid
 * declaration not cancelled, gave a gift a Gift Aid claim since `claimKeptSince` used, or
 * are subscribed to email news. Their gifts and bookings stay, unlinked (their own rules
 * apply); notes, tags and consent events go with the record.
 */
export async function deleteIdleSupporters(
  cutoffs: { lastContactBefore: Date; consentBefore: Date; claimKeptSince: Date },
  /** Other features' latest contact with the supporter whose id is the given column (volunteering's shifts). */
  otherContact: ((supporterId: SQL) => SQL)[] = [],
  db: Executor = getDb(),
): Promise<number> {
  const { lastContactBefore, consentBefore, claimKeptSince } = cutoffs;
  const others = otherContact.map((of) => sql`, ${of(sql`s.id`)}`);
  const result = await db.execute<{ id: string }>(sql`
    delete from ${supporters} s
    where greatest(s.created_at, s.updated_at,
        (select max(d.paid_at) from donations d where d.supporter_id = s.id),
        (select max(greatest(m.started_at, m.ended_at)) from monthly_gifts m where m.supporter_id = s.id),
        (select max(greatest(g.made_at, g.cancelled_at)) from gift_aid_declarations g where g.supporter_id = s.id),
        (select max(greatest(b.created_at, e.date::timestamptz)) from bookings b join events e on e.id = b.event_id where b.supporter_id = s.id),
        (select max(f.created_at) from form_submissions f where f.supporter_id = s.id),
        (select max(c.at) from ${consentEvents} c where c.supporter_id = s.id),
        (select max(n.created_at) from ${supporterNotes} n where n.supporter_id = s.id),
        (select max(a.at) from ${supporterActivity} a where a.supporter_id = s.id)
        ${sql.join(others)}
      ) < ${lastContactBefore.toISOString()}::timestamptz
      and not exists (select 1 from ${consentEvents} c where c.supporter_id = s.id and c.at >= ${consentBefore.toISOString()}::timestamptz)
      and coalesce((select c.given from ${consentEvents} c where c.supporter_id = s.id order by c.at desc, c.id desc limit 1), false) = false
      and not exists (select 1 from monthly_gifts m where m.supporter_id = s.id and m.status <> 'ended')
      and not exists (select 1 from gift_aid_declarations g where g.supporter_id = s.id and g.cancelled_at is null and g.email not like '%@erased.invalid')
      and not exists (select 1 from donations d join gift_aid_claims gc on gc.id = d.claim_id where d.supporter_id = s.id and gc.created_at >= ${claimKeptSince.toISOString()}::timestamptz)
    returning s.id`);
  return result.rows.length;
}

/**
 * Retention of consent records: a supporter's consent events are deleted once the latest
 * is a withdrawal and none is newer than `before` (kept till then to show what they agreed
 * to and when they stopped). Subscribed supporters keep theirs.
 */
export async function deleteWithdrawnConsent(before: Date, db: Executor = getDb()): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    delete from ${consentEvents} c
    where not exists (select 1 from ${consentEvents} n where n.supporter_id = c.supporter_id and n.at >= ${before.toISOString()}::timestamptz)
      and (select l.given from ${consentEvents} l where l.supporter_id = c.supporter_id order by l.at desc, l.id desc limit 1) = false
    returning c.id`);
  return result.rows.length;
}
