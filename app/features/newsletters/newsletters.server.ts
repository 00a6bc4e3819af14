/**
 * Newsletters: drafts, the audience and its count, a test to the writer, sending now or
 * at a set time, the counts of a sent one, and the public archive. The sending itself is
 * sending.server.ts (a job per newsletter).
 */
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import { donations, monthlyGifts } from "../giving/table.ts";
import { bookings } from "../bookings/table.ts";
import { formSubmissions } from "../submissions/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { getContactDetails } from "../contact/index.ts";
import { sanitiseRichHtml } from "../../lib/rich-html.server.ts";
import { slugify } from "../news/index.ts";
import { getSiteSettings } from "../settings/index.ts";
import { enqueue } from "../../jobs/queue.server.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { sendMail, type MailResult } from "../../mail/mailer.server.ts";
import { consentEvents, supporters } from "../supporters/table.ts";
import type { Audience } from "./audience.ts";
import type { NewsletterFormData } from "./newsletters.schema.ts";
import { personalise, renderTemplate, type Sender } from "./render.server.ts";
import { newsletterRecipients, newsletters } from "./table.ts";

/** The job that sends one newsletter (jobs.server.ts). */
export const NEWSLETTER_JOB = "newsletter-send";

export type NewsletterRow = typeof newsletters.$inferSelect;

const s = supporters;
/** Subscribed now: the supporter's latest consent event gives consent (kept on the supporter by a trigger on consent_events). */
export const subscribedNow = sql`${s.subscribed}`;

/** The supporters an audience means (subscribed, address not refused, in the segment), on `supporters`. */
export function audienceWhere(audience: Audience): SQL {
  const segment = (() => {
    switch (audience.kind) {
      case "all":
        return sql`true`;
      case "given-12m":
        return sql`exists (select 1 from ${donations} d where d.supporter_id = ${s.id} and d.status = 'paid' and d.paid_at > now() - interval '12 months')`;
      case "monthly":
        return sql`exists (select 1 from ${monthlyGifts} m where m.supporter_id = ${s.id} and m.status = 'active')`;
      case "booked-event":
        return sql`exists (select 1 from ${bookings} b where b.supporter_id = ${s.id} and b.status = 'confirmed' and b.event_id = ${audience.eventId})`;
      case "volunteers":
        return sql`(exists (select 1 from ${formSubmissions} v where v.supporter_id = ${s.id} and v.kind = 'volunteer')
          or exists (select 1 from volunteer_signups vs where vs.supporter_id = ${s.id}))`;
    }
  })();
  return sql`${s.email_refused_at} is null and ${subscribedNow} and ${segment}`;
}

/** How many would get it now. */
export async function audienceCount(audience: Audience): Promise<number> {
  const result = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from ${s} where ${audienceWhere(audience)}`);
  return result.rows[0].n;
}

/** Events someone booked (the "booked a given event" choice), newest first. */
export async function bookedEvents(): Promise<{ id: number; title: string; date: string }[]> {
  return getDb()
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(sql`exists (select 1 from ${bookings} b where b.event_id = ${events.id} and b.status = 'confirmed')`)
    .orderBy(desc(events.date), desc(events.id))
    .limit(200);
}

export async function eventTitle(id: number): Promise<string | null> {
  const [row] = await getDb().select({ title: events.title }).from(events).where(eq(events.id, id));
  return row?.title ?? null;
}

/** The charity as the footer names it, and the site's address for links. */
export async function senderDetails(): Promise<Sender> {
  const [settings, contact] = await Promise.all([getSiteSettings(), getContactDetails()]);
  return { charity: settings.site_name, charityNumber: settings.charity_number ?? "", address: contact.address ?? "", origin: siteOrigin() };
}

export async function listNewsletters() {
  return getDb()
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      status: newsletters.status,
      send_at: newsletters.send_at,
      sent_at: newsletters.sent_at,
      published_at: newsletters.published_at,
      updated_at: newsletters.updated_at,
    })
    .from(newsletters)
    .orderBy(desc(newsletters.updated_at), desc(newsletters.id))
    .limit(200);
}

export async function getNewsletter(id: number): Promise<NewsletterRow | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await getDb().select().from(newsletters).where(eq(newsletters.id, id));
  return row ?? null;
}

export async function createNewsletter(input: NewsletterFormData, actor: AuditActor): Promise<number> {
  const [row] = await getDb()
    .insert(newsletters)
    .values({ subject: input.subject, preview_text: input.preview_text, body: sanitiseRichHtml(input.body) })
    .returning({ id: newsletters.id });
  await recordAudit(actor, "newsletter.create", { entity: "newsletter", entityId: row.id });
  return row.id;
}

/** Only a draft or a scheduled newsletter (which keeps its time) can be changed; false otherwise. */
export async function updateNewsletter(id: number, input: NewsletterFormData, actor: AuditActor): Promise<boolean> {
  const rows = await getDb()
    .update(newsletters)
    .set({ subject: input.subject, preview_text: input.preview_text, body: sanitiseRichHtml(input.body), updated_at: new Date() })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
    .returning({ id: newsletters.id });
  if (rows.length === 0) return false;
  await recordAudit(actor, "newsletter.update", { entity: "newsletter", entityId: id });
  return true;
}

export async function deleteDraft(id: number, actor: AuditActor): Promise<boolean> {
  const rows = await getDb()
    .delete(newsletters)
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
    .returning({ id: newsletters.id });
  if (rows.length === 0) return false;
  await recordAudit(actor, "newsletter.delete", { entity: "newsletter", entityId: id });
  return true;
}

/** The newsletter as it will arrive (its links lead to the signup page, as in a test). */
export async function previewOf(newsletter: NewsletterRow) {
  const sender = await senderDetails();
  const message = personalise(await renderTemplate(newsletter, sender), sender.origin, null);
  return { html: message.html, text: message.text };
}

/** Sends the newsletter to the staff member at once, marked as a test. */
export async function sendTest(newsletter: NewsletterRow, to: string, actor: AuditActor): Promise<MailResult> {
  const sender = await senderDetails();
  const message = personalise(await renderTemplate(newsletter, sender), sender.origin, null);
  const result = await sendMail({ to, subject: `[Test] ${message.subject}`, text: message.text, html: message.html });
  if (result.sent) await recordAudit(actor, "newsletter.test", { entity: "newsletter", entityId: newsletter.id });
  return result;
}

export type SendChoice = { when: "now" } | { when: "later"; at: Date };

/**
 * Sends (or schedules) a draft to an audience. A newsletter is sent once: only a draft or
 * a scheduled one moves on, so a second press changes nothing. Returns false when it had
 * already gone.
 */
export async function startSending(id: number, audience: Audience, choice: SendChoice, actor: AuditActor): Promise<boolean> {
  const now = choice.when === "now";
  const rows = await getDb()
    .update(newsletters)
    .set({ audience, status: now ? "sending" : "scheduled", send_at: now ? new Date() : choice.at, sent_by: actor.email ?? null, updated_at: new Date() })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "scheduled"])))
    .returning({ id: newsletters.id });
  if (rows.length === 0) return false;
  await recordAudit(actor, now ? "newsletter.send" : "newsletter.schedule", {
    entity: "newsletter",
    entityId: id,
    details: { audience, ...(now ? {} : { at: choice.at.toISOString() }) },
  });
  if (now) await queueSend(id);
  return true;
}

export async function unschedule(id: number, actor: AuditActor): Promise<boolean> {
  const rows = await getDb()
    .update(newsletters)
    .set({ status: "draft", send_at: null, updated_at: new Date() })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "scheduled")))
    .returning({ id: newsletters.id });
  if (rows.length === 0) return false;
  await recordAudit(actor, "newsletter.unschedule", { entity: "newsletter", entityId: id });
  return true;
}

/** One job per newsletter (the queue keeps one queued or running per key). */
function queueSend(id: number) {
  return enqueue(NEWSLETTER_JOB, { newsletterId: id }, { singletonKey: `newsletter-${id}` });
}

/**
 * The sweep (every minute): scheduled newsletters whose time has come start sending, and
 * every newsletter still sending has its job (after a restart, or if queueing failed).
 */
export async function sweepNewsletters(now: Date = new Date()): Promise<number> {
  const db = getDb();
  await db
    .update(newsletters)
    .set({ status: "sending", updated_at: now })
    .where(and(eq(newsletters.status, "scheduled"), sql`${newsletters.send_at} <= ${now.toISOString()}::timestamptz`));
  const sending = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.status, "sending"));
  for (const { id } of sending) await queueSend(id);
  return sending.length;
}

export interface NewsletterCounts {
  listed: number;
  sent: number;
  failed: number;
  refused: number;
  skipped: number;
  waiting: number;
  /** Recipients who unsubscribed after it was sent to them. */
  unsubscribed: number;
}

export async function newsletterCounts(id: number): Promise<NewsletterCounts> {
  const result = await getDb().execute<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from ${newsletterRecipients} where newsletter_id = ${id} group by status`);
  const by = Object.fromEntries(result.rows.map((r) => [r.status, r.n])) as Record<string, number>;
  // Those sent it who withdrew after their copy went and are still unsubscribed. Read from
  // the withdrawals since the send started (the recipients were listed then, and every copy
  // went after): a lookup per withdrawal since, rather than every recipient against every
  // withdrawal ever made.
  const unsub = await getDb().execute<{ n: number }>(sql`
    select count(*)::int as n from ${newsletterRecipients} r join ${supporters} on ${supporters.id} = r.supporter_id
    where r.newsletter_id = ${id} and r.status = 'sent' and not ${subscribedNow}
      and r.supporter_id = any (array(
        select w.supporter_id from ${consentEvents} w, ${newsletters} n
        where n.id = ${id} and not w.given and w.at >= coalesce(n.listed_at, '-infinity')))
      and exists (select 1 from ${consentEvents} c where c.supporter_id = r.supporter_id and not c.given and c.at >= r.sent_at)`);
  const n = (k: string) => by[k] ?? 0;
  return {
    listed: Object.values(by).reduce((a, b) => a + b, 0),
    sent: n("sent"),
    failed: n("failed") + n("interrupted"),
    refused: n("refused"),
    skipped: n("skipped"),
    waiting: n("pending") + n("sending"),
    unsubscribed: unsub.rows[0].n,
  };
}

// ---------------------------------------------------------------------------
// The public archive
// ---------------------------------------------------------------------------

/** Publishes a sent newsletter at /newsletters/<slug> (made from its subject once). */
export async function publishNewsletter(id: number, actor: AuditActor): Promise<string | null> {
  const newsletter = await getNewsletter(id);
  if (!newsletter || newsletter.status !== "sent") return null;
  const slug = newsletter.slug ?? `${slugify(newsletter.subject).slice(0, 70) || "newsletter"}-${id}`;
  await getDb().update(newsletters).set({ slug, published_at: new Date() }).where(eq(newsletters.id, id));
  await recordAudit(actor, "newsletter.publish", { entity: "newsletter", entityId: id });
  publishChange("newsletters");
  return slug;
}

export async function unpublishNewsletter(id: number, actor: AuditActor): Promise<void> {
  await getDb().update(newsletters).set({ published_at: null }).where(eq(newsletters.id, id));
  await recordAudit(actor, "newsletter.unpublish", { entity: "newsletter", entityId: id });
  publishChange("newsletters");
}

export interface ArchivedNewsletter {
  slug: string;
  subject: string;
  preview_text: string;
  sent_at: string;
}

/** Newsletters on one page of the archive. */
export const ARCHIVE_PAGE_SIZE = 20;

/** One page of the published newsletters, newest first, and how many there are. */
export function publishedNewsletters(page = 1): Promise<{ items: ArchivedNewsletter[]; total: number }> {
  return cachedRead("newsletters", `archive:${page}`, async () => {
    const rows = await getDb()
      .select({
        slug: newsletters.slug,
        subject: newsletters.subject,
        preview_text: newsletters.preview_text,
        sent_at: newsletters.sent_at,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(newsletters)
      .where(and(isNotNull(newsletters.published_at), eq(newsletters.status, "sent")))
      .orderBy(desc(newsletters.sent_at), desc(newsletters.id))
      .limit(ARCHIVE_PAGE_SIZE)
      .offset((page - 1) * ARCHIVE_PAGE_SIZE);
    return {
      items: rows.map((r) => ({ slug: r.slug!, subject: r.subject, preview_text: r.preview_text, sent_at: (r.sent_at ?? new Date()).toISOString() })),
      total: rows[0]?.total ?? 0,
    };
  });
}

export function publishedNewsletter(slug: string) {
  if (!/^[a-z0-9-]{1,90}$/.test(slug)) return Promise.resolve(null);
  return cachedRead("newsletters", `issue:${slug}`, async () => {
    const [row] = await getDb()
      .select({ subject: newsletters.subject, preview_text: newsletters.preview_text, body: newsletters.body, sent_at: newsletters.sent_at })
      .from(newsletters)
      .where(and(eq(newsletters.slug, slug), isNotNull(newsletters.published_at), eq(newsletters.status, "sent")));
    return row ? { subject: row.subject, preview_text: row.preview_text, body: sanitiseRichHtml(row.body), sent_at: (row.sent_at ?? new Date()).toISOString() } : null;
  });
}
