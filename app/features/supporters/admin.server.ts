/**
 * The Supporters screens' reads and writes: the filtered, paged list and its CSV, one
 * supporter's timeline (paged), notes, tags and merging two supporters.
 */
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { formSubmissions } from "../submissions/table.ts";
import { containsPattern } from "../../db/like.ts";
import { countLimit, pageCount, type PageCount } from "../../lib/paging.ts";
import { formatPence } from "../../lib/money.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { consentEvents, supporterActivity, supporterNotes, supporters, supporterTags } from "./table.ts";
import { recordActivity, recordConsent, type Executor } from "./supporters.server.ts";
import { NOTE_MAX, TAG_MAX, type SupporterFilters } from "./filters.ts";
import { moveSignupsToSupporter, volunteeringTimelineSql } from "../volunteering/index.ts";
import { waitlistEntries } from "../waitlist/table.ts";

const PAGE_SIZE = 50;
const TIMELINE_PAGE_SIZE = 30;
export { parseSupporterFilters, type SupporterFilters } from "./filters.ts";

const s = supporters;
const subscribedNow = sql`${s.subscribed}`;

function conditions(f: SupporterFilters): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(sql`(lower(${s.name}) || ' ' || ${s.email} || ' ' || lower(${s.postcode})) like ${containsPattern(f.q.toLowerCase())}`);
  if (f.given === "ever") where.push(sql`exists (select 1 from ${donations} d where d.supporter_id = ${s.id} and d.status = 'paid')`);
  if (f.given === "12m") where.push(sql`exists (select 1 from ${donations} d where d.supporter_id = ${s.id} and d.status = 'paid' and d.paid_at > now() - interval '12 months')`);
  if (f.monthly) where.push(sql`exists (select 1 from ${monthlyGifts} m where m.supporter_id = ${s.id} and m.status = 'active')`);
  if (f.giftAid) where.push(sql`exists (select 1 from ${giftAidDeclarations} g where g.supporter_id = ${s.id} and g.cancelled_at is null)`);
  if (f.booked) where.push(sql`exists (select 1 from ${bookings} b where b.supporter_id = ${s.id} and b.status = 'confirmed')`);
  if (f.volunteers) where.push(sql`exists (select 1 from ${formSubmissions} v where v.supporter_id = ${s.id} and v.kind = 'volunteer')`);
  if (f.subscribed === "yes") where.push(sql`${subscribedNow}`);
  if (f.subscribed === "no") where.push(sql`not ${subscribedNow}`);
  if (f.tag) where.push(sql`exists (select 1 from ${supporterTags} t where t.supporter_id = ${s.id} and t.tag = ${f.tag})`);
  return where;
}

const listColumns = {
  id: s.id,
  email: s.email,
  name: s.name,
  postcode: s.postcode,
  created_at: s.created_at,
  email_refused_at: s.email_refused_at,
  subscribed: sql<boolean>`${subscribedNow}`,
};

/** The list's two queries: the capped count and the page's rows. */
function listQueries(f: SupporterFilters) {
  const where = and(...conditions(f));
  const limit = countLimit(f.page, PAGE_SIZE);
  return { count: sql`select count(*)::int as n from (select 1 from ${s} where ${where ?? sql`true`} limit ${limit}) t`, page: pageRows(where, f.page) };
}

export async function listSupporters(f: SupporterFilters): Promise<{ items: Awaited<ReturnType<typeof pageRows>>; count: PageCount }> {
  const queries = listQueries(f);
  const [[{ n }], items] = await Promise.all([getDb().execute<{ n: number }>(queries.count).then((r) => r.rows), queries.page]);
  return { items, count: pageCount(n, f.page, PAGE_SIZE) };
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of the list's two queries for these filters (`BENCH_EXPLAIN=1 npm run bench:supporters` prints them). */
export async function explainSupporterList(f: SupporterFilters): Promise<{ count: string; page: string }> {
  const queries = listQueries(f);
  const explain = async (query: SQLWrapper) => (await getDb().execute(sql`explain (analyze, buffers, costs off) ${query}`)).rows.map((r) => Object.values(r)[0]).join("\n");
  return { count: await explain(queries.count), page: await explain(queries.page) };
}

/** The page's ids first (skipped rows cost an index step each), then their columns and consent for those 50 only. */
function pageRows(where: SQL | undefined, page: number) {
  const ids = getDb()
    .select({ id: s.id })
    .from(s)
    .where(where)
    .orderBy(sql`lower(${s.name})`, asc(s.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return getDb()
    .select(listColumns)
    .from(s)
    .where(inArray(s.id, ids))
    .orderBy(sql`lower(${s.name})`, asc(s.id));
}

/** The filtered list as CSV rows, read in batches by keyset. */
export async function* supportersCsvRows(f: SupporterFilters): AsyncGenerator<unknown[][]> {
  const where = conditions(f);
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? sql`(lower(${s.name}), ${s.id}) > (${after.name}, ${after.id})` : undefined;
    const rows: { id: string; email: string; name: string; postcode: string; created_at: Date; subscribed: boolean; lname: string }[] = await getDb()
      .select({ ...listColumns, lname: sql<string>`lower(${s.name})` })
      .from(s)
      .where(and(...where, keyset))
      .orderBy(sql`lower(${s.name})`, asc(s.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows.map((r) => [r.name, r.email, r.postcode, r.subscribed ? "Yes" : "No", r.created_at]);
    if (rows.length < 1000) return;
    after = { name: rows[rows.length - 1].lname, id: rows[rows.length - 1].id };
  }
}
export const SUPPORTERS_CSV_HEADER = ["Name", "Email", "Postcode", "Subscribed to news", "Supporter since"];

export interface TimelineEntry {
  kind: "gift" | "declaration" | "declaration-cancelled" | "monthly" | "booking" | "form" | "consent" | "note" | "merged" | "email" | "shift" | "volunteered" | "waitlist";
  at: string;
  title: string;
  detail: string;
}

/** One page of a supporter's timeline, newest first. */
export async function supporterTimeline(id: string, page: number): Promise<{ entries: TimelineEntry[]; more: boolean }> {
  // Amounts leave the database as whole pence in a marker, written by app/lib/money.ts below.
  const money = (column: SQL) => sql`'{pence:' || ${column} || '}'`;
  const result = await getDb().execute<{ kind: TimelineEntry["kind"]; at: Date; title: string; detail: string }>(sql`
    select kind, at, title, detail from (
      select 'gift' as kind, d.paid_at as at, d.id::text as key,
        'Gave ' || ${money(sql`d.amount_pence`)} || case when d.mode = 'monthly' then ' (monthly)' else '' end
          || case when d.status = 'refunded' then ', refunded' else '' end as title,
        coalesce(d.cause_title, 'Where it is needed most') || ' · ' || d.reference || case when d.declaration_id is not null then ' · Gift Aid' else '' end as detail
        from ${donations} d where d.supporter_id = ${id}
      union all
      select 'monthly', m.started_at, m.id::text, 'Started a monthly gift of ' || ${money(sql`m.amount_pence`)},
        m.reference || case when m.ended_at is not null then ' · stopped ' || to_char(m.ended_at at time zone 'Europe/London', 'DD Mon YYYY') else '' end
        from ${monthlyGifts} m where m.supporter_id = ${id}
      union all
      select 'declaration', g.made_at, g.id::text, 'Made a Gift Aid declaration', g.title || ' ' || g.first_name || ' ' || g.last_name || ', ' || g.house || ', ' || g.postcode
        from ${giftAidDeclarations} g where g.supporter_id = ${id}
      union all
      select 'declaration-cancelled', g.cancelled_at, g.id::text, 'Gift Aid declaration cancelled', 'Made ' || to_char(g.made_at at time zone 'Europe/London', 'DD Mon YYYY')
        from ${giftAidDeclarations} g where g.supporter_id = ${id} and g.cancelled_at is not null
      union all
      select 'booking', b.created_at, b.id::text, 'Booked ' || b.quantity || case when b.quantity = 1 then ' place' else ' places' end || ' for ' || e.title,
        b.reference || coalesce(' · ' || (select string_agg(l.quantity || ' ' || l.name, ', ' order by l.id) from booking_lines l where l.booking_id = b.id), '') || ' · ' || b.status
        from ${bookings} b join events e on e.id = b.event_id where b.supporter_id = ${id}
      union all
      select 'form', f.created_at, f.id::text,
        case f.kind when 'volunteer' then 'Offered to volunteer' when 'stall_application' then 'Applied for a craft fair stall' else 'Sent a nomination' end,
        f.reference || ' · ' || replace(f.status, '_', ' ')
        from ${formSubmissions} f where f.supporter_id = ${id}
      union all
      select 'consent', c.at, c.id::text, case when c.given then 'Agreed to email news' else 'Stopped email news' end,
        c.source || case when c.wording <> '' then ' · "' || c.wording || '"' else '' end
        from ${consentEvents} c where c.supporter_id = ${id}
      union all
      select 'note', n.created_at, n.id::text, 'Note' || coalesce(' by ' || n.author_email, ''), n.body
        from ${supporterNotes} n where n.supporter_id = ${id}
      union all
      select a.kind, a.at, a.id::text, a.summary, coalesce(a.details->>'detail', '')
        from ${supporterActivity} a where a.supporter_id = ${id}
      union all
      select 'waitlist', w.created_at, w.id::text,
        'Joined the waitlist for ' || e.title || ' (' || w.places || case when w.places = 1 then ' place)' else ' places)' end,
        case w.status when 'waiting' then 'Waiting' when 'offered' then 'Offered places' when 'booked' then 'Booked from an offer'
          when 'lapsed' then 'Offer ran out' else 'Removed' end
        from waitlist_entries w join events e on e.id = w.event_id where w.supporter_id = ${id}      union all
      ${volunteeringTimelineSql(id)}
    ) t
    order by at desc, kind, key
    limit ${TIMELINE_PAGE_SIZE + 1} offset ${(page - 1) * TIMELINE_PAGE_SIZE}`);
  const rows = result.rows;
  return {
    entries: rows.slice(0, TIMELINE_PAGE_SIZE).map((r) => ({
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      title: r.kind === "gift" || r.kind === "monthly" ? r.title.replace(/\{pence:(-?\d+)\}/, (_, pence: string) => formatPence(Number(pence), "exact")) : r.title,
      detail: r.detail,
    })),
    more: rows.length > TIMELINE_PAGE_SIZE,
  };
}

export async function tagsOf(id: string): Promise<string[]> {
  const rows = await getDb().select({ tag: supporterTags.tag }).from(supporterTags).where(eq(supporterTags.supporter_id, id)).orderBy(supporterTags.tag);
  return rows.map((r) => r.tag);
}

/** What the supporter page shows above the timeline. */
export async function supporterSummary(id: string) {
  const result = await getDb().execute<{ gifts: number; given: number; monthly: boolean; gift_aid: boolean; bookings: number; forms: number }>(sql`
    select
      (select count(*) from ${donations} where supporter_id = ${id} and status = 'paid')::int as gifts,
      (select coalesce(sum(amount_pence), 0) from ${donations} where supporter_id = ${id} and status = 'paid')::int as given,
      exists (select 1 from ${monthlyGifts} where supporter_id = ${id} and status = 'active') as monthly,
      exists (select 1 from ${giftAidDeclarations} where supporter_id = ${id} and cancelled_at is null) as gift_aid,
      (select count(*) from ${bookings} where supporter_id = ${id} and status = 'confirmed')::int as bookings,
      (select count(*) from ${formSubmissions} where supporter_id = ${id})::int as forms`);
  return result.rows[0];
}


export async function addNote(id: string, body: string, actor: AuditActor): Promise<boolean> {
  const text = body.trim();
  if (!text || text.length > NOTE_MAX) return false;
  await getDb().transaction(async (tx) => {
    await tx.insert(supporterNotes).values({ supporter_id: id, body: text, author_email: actor.email ?? null });
    await recordAudit(actor, "supporters.note", { entity: "supporter", entityId: id }, tx);
  });
  return true;
}

function cleanTag(raw: string): string | null {
  const tag = raw.trim().replace(/\s+/g, " ").toLowerCase();
  return tag && tag.length <= TAG_MAX ? tag : null;
}

export async function addTag(id: string, raw: string, actor: AuditActor): Promise<boolean> {
  const tag = cleanTag(raw);
  if (!tag) return false;
  await getDb().transaction(async (tx) => {
    await tx.insert(supporterTags).values({ supporter_id: id, tag }).onConflictDoNothing();
    await recordAudit(actor, "supporters.tag", { entity: "supporter", entityId: id, details: { tag } }, tx);
  });
  return true;
}

export async function removeTag(id: string, tag: string, actor: AuditActor): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx.delete(supporterTags).where(and(eq(supporterTags.supporter_id, id), eq(supporterTags.tag, tag)));
    await recordAudit(actor, "supporters.untag", { entity: "supporter", entityId: id, details: { tag } }, tx);
  });
}

export type MergeResult = { ok: true } | { ok: false; reason: string };

/**
 * Merges `otherId` into `keepId` (one person with two addresses): every gift, declaration, volunteer sign-up,
 * booking, form, consent event, note, tag and timeline entry moves to the one kept, the
 * other is deleted, and the merge is audited and shown on the kept supporter's timeline.
 */
export async function mergeSupporters(keepId: string, otherId: string, actor: AuditActor): Promise<MergeResult> {
  if (keepId === otherId) return { ok: false, reason: "Choose a different supporter to merge." };
  return getDb().transaction(async (tx): Promise<MergeResult> => {
    const rows = await tx
      .select()
      .from(supporters)
      .where(sql`${supporters.id} in (${keepId}, ${otherId})`)
      .orderBy(supporters.id)
      .for("update");
    const keep = rows.find((r) => r.id === keepId);
    const other = rows.find((r) => r.id === otherId);
    if (!keep || !other) return { ok: false, reason: "One of the two supporters no longer exists (perhaps merged already)." };
    const moved: Record<string, number> = {};
    for (const [label, table] of [
      ["gifts", donations],
      ["monthlyGifts", monthlyGifts],
      ["declarations", giftAidDeclarations],
      ["bookings", bookings],
      ["forms", formSubmissions],
      ["waitlists", waitlistEntries],
    ] as const) {
      const r = await tx.update(table).set({ supporter_id: keepId }).where(eq(table.supporter_id, otherId)).returning({ id: table.id });
      moved[label] = r.length;
    }
    moved.shifts = await moveSignupsToSupporter(tx, otherId, keepId);
    await moveChildren(tx, otherId, keepId);
    await tx
      .update(supporters)
      .set({
        name: keep.name || other.name,
        postcode: keep.postcode || other.postcode,
        updated_at: new Date(),
      })
      .where(eq(supporters.id, keepId));
    await tx.delete(supporters).where(eq(supporters.id, otherId));
    await recordActivity(tx, {
      supporterId: keepId,
      kind: "merged",
      summary: `Merged with ${other.email}${other.name ? ` (${other.name})` : ""}`,
      details: { detail: `By ${actor.email ?? "staff"}: ${describeMoved(moved)} moved here`, email: other.email, moved },
    });
    await recordAudit(actor, "supporters.merge", { entity: "supporter", entityId: keepId, details: { merged: otherId, moved } }, tx);
    return { ok: true };
  });
}

async function moveChildren(tx: Executor, from: string, to: string) {
  await tx.update(consentEvents).set({ supporter_id: to }).where(eq(consentEvents.supporter_id, from));
  await tx.update(supporterNotes).set({ supporter_id: to }).where(eq(supporterNotes.supporter_id, from));
  await tx.update(supporterActivity).set({ supporter_id: to }).where(eq(supporterActivity.supporter_id, from));
  await tx.execute(sql`insert into ${supporterTags} (supporter_id, tag, created_at) select ${to}, tag, created_at from ${supporterTags} where supporter_id = ${from} on conflict do nothing`);
}

function describeMoved(moved: Record<string, number>): string {
  const labels: Record<string, string> = { gifts: "gifts", monthlyGifts: "monthly gifts", declarations: "declarations", bookings: "bookings", forms: "forms", waitlists: "waitlist entries", shifts: "volunteer shifts" };
  const parts = Object.entries(moved)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${labels[k]}`);
  return parts.length ? parts.join(", ") : "nothing but the record";
}

/** A staff member records that the supporter asked to stop email news (by phone, letter...). */
export async function staffUnsubscribe(id: string, actor: AuditActor): Promise<void> {
  await getDb().transaction(async (tx) => {
    await recordConsent(tx, { supporterId: id, given: false, source: `Staff (${actor.email ?? "staff"}), at the supporter's request`, wording: "" });
    await recordAudit(actor, "supporters.unsubscribe", { entity: "supporter", entityId: id }, tx);
  });
}
