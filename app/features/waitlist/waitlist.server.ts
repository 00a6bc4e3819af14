/**
 * The waitlist of a sold-out event, and the offers that refill it. When places come back
 * (a cancellation, an expired hold, staff raising the capacity), refillWaitlist offers
 * them to the first people in line whose wanted places fit, holds them until the offer
 * runs out (a setting, 12 hours by default, never past the event's sales cut-off), and
 * emails each a link to book. An offer nobody books lapses and its places pass on; the
 * "waitlist" job sweeps every minute, so that happens however the places came back.
 *
 * Everything that offers or counts places locks the event's row first (the same lock as
 * every sale), and counts with placesTaken, so an offer and a sale can never both have
 * the same place. Booking from an offer is a sale (takeTickets with its waitlistOffer).
 */
import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { PageCount } from "../../lib/paging.ts";
import { events, type EventRow } from "../events/table.ts";
import { givingSettings } from "../giving/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { longDate, shortTime, placesLeft, placesTaken, salesCloseAt, salesOpen } from "../bookings/index.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { CONSENT_WORDING, linkFromForm } from "../supporters/index.ts";
import { waitlistEntries, type WaitlistEntryRow } from "./table.ts";
import { WAITLIST_SHOWN, type WaitlistShown } from "./shown.ts";
import { formatUk, ukParts } from "../../lib/uk-time.ts";

export const WAITLIST_JOB = "waitlist";
const DEFAULT_OFFER_HOURS = 12;
const CHARITY_NAME = "Millbrook Community Foundation";

type Executor = Transaction | ReturnType<typeof getDb>;

/** How long an offer holds its places (hours, a setting). */
export async function offerHours(db: Executor = getDb()): Promise<number> {
  const [row] = await db.select({ hours: givingSettings.waitlist_offer_hours }).from(givingSettings).limit(1);
  return row?.hours ?? DEFAULT_OFFER_HOURS;
}

/** The address of an offer's page (its token is only in the email). */
function offerPath(entryId: string, token: string): string {
  return `/waitlist/${entryId}/${token}`;
}

/** "Saturday 5 December at 9:30pm", in Millbrook time. */
function londonMoment(at: Date): string {
  const p = ukParts(at);
  const [day] = formatUk(at, "weekday-time").split(",");
  return `${day} at ${shortTime(`${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`)}`;
}

async function lockEvent(tx: Transaction, eventId: number): Promise<EventRow | undefined> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return event;
}

export interface JoinRequest {
  eventId: number;
  name: string;
  email: string;
  places: number;
  emailConsent?: boolean;
}

export type JoinOutcome =
  | { ok: true; entry: WaitlistEntryRow; position: number }
  | { ok: false; reason: "not-found" | "closed" | "places-left" | "already-waiting"; left?: number };

/**
 * Puts a person on an event's waitlist: only while the event cannot sell them the places
 * they want (sold out, or fewer left), once per email (a second request finds the first).
 */
export async function joinWaitlist(request: JoinRequest, now: Date = new Date()): Promise<JoinOutcome> {
  const email = request.email.trim().toLowerCase();
  return getDb().transaction(async (tx): Promise<JoinOutcome> => {
    const event = await lockEvent(tx, request.eventId);
    if (!event || !event.is_active || event.is_past || (event.booking_mode !== "free" && event.booking_mode !== "paid")) return { ok: false, reason: "not-found" };
    if (!salesOpen(event, now)) return { ok: false, reason: "closed" };
    const [already] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.event_id, event.id), sql`lower(${waitlistEntries.email}) = ${email}`, inArray(waitlistEntries.status, ["waiting", "offered"])));
    if (already) return { ok: false, reason: "already-waiting" };
    const left = placesLeft(event, await placesTaken(tx, event.id, now));
    if (left === null || left >= request.places) return { ok: false, reason: "places-left", left: left ?? undefined };
    const supporterId = await linkFromForm(tx, {
      email,
      name: request.name,
      consent: request.emailConsent ? { wording: CONSENT_WORDING, source: `Waitlist (${event.title})` } : null,
    });
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({ event_id: event.id, name: request.name, email, places: request.places, supporter_id: supporterId, created_at: now, updated_at: now })
      .returning();
    const [ahead] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.event_id, event.id), eq(waitlistEntries.status, "waiting")));
    return { ok: true, entry, position: ahead?.n ?? 1 };
  });
}

interface MadeOffer {
  entry: WaitlistEntryRow;
  token: string;
}

/** Marks an entry offered (its places held until `until`); the token goes in the email only. */
async function makeOffer(tx: Transaction, entry: WaitlistEntryRow, until: Date, now: Date): Promise<MadeOffer> {
  const token = newToken();
  const [offered] = await tx
    .update(waitlistEntries)
    .set({ status: "offered", offered_at: now, offer_expires_at: until, offer_token_hash: hashToken(token), offer_mailed_at: null, offers: entry.offers + 1, updated_at: now })
    .where(eq(waitlistEntries.id, entry.id))
    .returning();
  return { entry: offered, token };
}

/** Offers lapse when their time is up: their places are free again (they already stopped counting). */
async function lapseOffers(tx: Executor, eventId: number, now: Date): Promise<number> {
  const lapsed = await tx
    .update(waitlistEntries)
    .set({ status: "lapsed", offer_token_hash: null, updated_at: now })
    .where(and(eq(waitlistEntries.event_id, eventId), eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offer_expires_at, now)))
    .returning({ id: waitlistEntries.id });
  return lapsed.length;
}

/** When an offer made now ends: after the offer's hours, but never after sales close. */
function offerEnds(event: EventRow, hours: number, now: Date): Date {
  return new Date(Math.min(now.getTime() + hours * 3_600_000, salesCloseAt(event).getTime()));
}

/**
 * Offers an event's free places to the first people in line whose wanted places fit
 * (someone wanting more than is free is passed over, and stays first for the next
 * places), after lapsing offers whose time is up. Returns the offers made (each emailed).
 */
export async function refillWaitlist(eventId: number, now: Date = new Date()): Promise<WaitlistEntryRow[]> {
  const { made, changed } = await getDb().transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) return { made: [] as MadeOffer[], changed: false };
    const lapsed = await lapseOffers(tx, eventId, now);
    if (!event.is_active || event.is_past || !salesOpen(event, now)) return { made: [], changed: lapsed > 0 };
    let left = placesLeft(event, await placesTaken(tx, eventId, now));
    const waiting = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.event_id, eventId), eq(waitlistEntries.status, "waiting")))
      .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id));
    const hours = await offerHours(tx);
    const offers: MadeOffer[] = [];
    for (const entry of waiting) {
      if (left !== null && left <= 0) break;
      if (left !== null && entry.places > left) continue;
      offers.push(await makeOffer(tx, entry, offerEnds(event, hours, now), now));
      if (left !== null) left -= entry.places;
    }
    return { made: offers, changed: lapsed > 0 || offers.length > 0 };
  });
  if (changed) publishChange("events");
  for (const offer of made) await mailOffer(offer, now);
  return made.map((m) => m.entry);
}

/** The "waitlist" job (every minute): lapses offers whose time is up and refills every upcoming event with someone waiting. */
export async function sweepWaitlists(now: Date = new Date()): Promise<number> {
  const rows = await getDb()
    .selectDistinct({ eventId: waitlistEntries.event_id })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.event_id))
    .where(and(inArray(waitlistEntries.status, ["waiting", "offered"]), sql`${events.date} >= (${now}::timestamptz at time zone 'Europe/London')::date - 1`));
  let offered = 0;
  for (const { eventId } of rows) {
    try {
      offered += (await refillWaitlist(eventId, now)).length;
    } catch (error) {
      logger.warn({ err: error, event: eventId }, "waitlist could not be refilled");
    }
  }
  return offered;
}

/** Emails an offer its link; notes when it was queued (staff see an offer whose email could not be). */
async function mailOffer({ entry, token }: MadeOffer, now: Date): Promise<boolean> {
  const [event] = await getDb().select().from(events).where(eq(events.id, entry.event_id));
  if (!event || !entry.offer_expires_at) return false;
  const origin = siteOrigin().replace(/\/+$/, "");
  const places = entry.places === 1 ? "1 place" : `${entry.places} places`;
  const queued = await queueMail({
    to: entry.email,
    subject: `Places for ${event.title} are yours to book`,
    text: [
      `Hello ${entry.name},`,
      "",
      `Places have come up for ${event.title} (${longDate(event.date)}, ${shortTime(event.time)}), and you are next on the waitlist.`,
      `We are holding ${places} for you until ${londonMoment(entry.offer_expires_at)}. To book them, open this link:`,
      `${origin}${offerPath(entry.id, token)}`,
      "",
      "If you no longer want them, do nothing: when the time is up they go to the next person waiting.",
      "",
      CHARITY_NAME,
    ].join("\n"),
  }).catch((error: unknown) => {
    logger.warn({ err: error, entry: entry.id }, "waitlist offer not mailed");
    return false;
  });
  if (queued) await getDb().update(waitlistEntries).set({ offer_mailed_at: now }).where(eq(waitlistEntries.id, entry.id));
  return queued;
}

/** The offer an emailed link names, with its event; null when the link is wrong. */
export async function offerByLink(entryId: string, token: string): Promise<{ entry: WaitlistEntryRow; event: EventRow } | null> {
  if (!/^[0-9a-f-]{36}$/.test(entryId) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await getDb()
    .select({ entry: waitlistEntries, event: events })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.event_id))
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.offer_token_hash, hashToken(token))));
  return row ?? null;
}

/** Whether an offer still holds its places at `now`. */
export function offerOpen(entry: Pick<WaitlistEntryRow, "status" | "offer_expires_at">, now: Date = new Date()): boolean {
  return entry.status === "offered" && !!entry.offer_expires_at && entry.offer_expires_at > now;
}

// ---- Staff ----------------------------------------------------------------------------

/** An event's waitlist in line order (removed rows last). */
export function waitlistForEvent(eventId: number): Promise<WaitlistEntryRow[]> {
  return getDb()
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.event_id, eventId))
    .orderBy(sql`${waitlistEntries.status} = 'removed'`, asc(waitlistEntries.created_at), asc(waitlistEntries.id));
}

export const WAITLIST_PAGE_SIZE = 50;

/** The entries shown as `status` at `now` (an open offer is "offered"; one past its hold, "lapsed"). */
function shownAs(status: WaitlistShown | "", now: Date): SQL | undefined {
  const w = waitlistEntries;
  if (status === "offered") return and(eq(w.status, "offered"), gt(w.offer_expires_at, now));
  if (status === "lapsed") return or(eq(w.status, "lapsed"), and(eq(w.status, "offered"), lte(w.offer_expires_at, now)));
  return status ? eq(w.status, status) : undefined;
}

/**
 * One page of an event's waitlist for staff, in line order (removed rows last), all or
 * only those shown as `status` or matching `q` (name or email), with the count of each status for the summary and filter.
 */
export async function waitlistPage(
  eventId: number,
  filter: { status: WaitlistShown | ""; q?: string; page: number },
  now: Date = new Date(),
): Promise<PageCount & { items: WaitlistEntryRow[]; counts: Record<WaitlistShown, number> }> {
  const w = waitlistEntries;
  const where = and(
    eq(w.event_id, eventId),
    shownAs(filter.status, now),
    filter.q ? sql`(lower(${w.name}) || ' ' || lower(${w.email})) like ${containsPattern(filter.q.toLowerCase())}` : undefined,
  );
  const [page, byStatus] = await Promise.all([
    readPage(w, where, filter.page, WAITLIST_PAGE_SIZE, (offset) =>
      getDb()
        .select()
        .from(w)
        .where(where)
        .orderBy(sql`${w.status} = 'removed'`, asc(w.created_at), asc(w.id))
        .limit(WAITLIST_PAGE_SIZE)
        .offset(offset),
    ),
    getDb()
      .select({
        status: sql<WaitlistShown>`case when ${w.status} = 'offered' and ${w.offer_expires_at} <= ${now} then 'lapsed' else ${w.status} end`,
        n: sql<number>`count(*)::int`,
      })
      .from(w)
      .where(eq(w.event_id, eventId))
      .groupBy(sql`1`),
  ]);
  const counts = Object.fromEntries(WAITLIST_SHOWN.map((s) => [s, 0])) as Record<WaitlistShown, number>;
  for (const row of byStatus) counts[row.status] += row.n;
  return { ...page, counts };
}

/** One entry of an event's waitlist (null when the id is not one of that event's entries). */
export async function waitlistEntryOf(eventId: number, entryId: string): Promise<WaitlistEntryRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(entryId)) return null;
  const [row] = await getDb()
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.event_id, eventId), eq(waitlistEntries.id, entryId)));
  return row ?? null;
}

export type HandOfferOutcome = { ok: true; entry: WaitlistEntryRow } | { ok: false; reason: "not-found" | "not-waiting" | "closed" | "not-enough"; left?: number };

/** Staff offer places to one person out of turn (waiting, or whose offer lapsed), if their places are free. */
export async function offerByHand(entryId: string, actor: AuditActor, now: Date = new Date()): Promise<HandOfferOutcome> {
  const [found] = await getDb().select({ eventId: waitlistEntries.event_id }).from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
  if (!found) return { ok: false, reason: "not-found" };
  const result = await getDb().transaction(async (tx): Promise<{ outcome: HandOfferOutcome; made?: MadeOffer }> => {
    const event = await lockEvent(tx, found.eventId);
    if (!event) return { outcome: { ok: false, reason: "not-found" } };
    await lapseOffers(tx, event.id, now);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update");
    if (entry.status !== "waiting" && entry.status !== "lapsed") return { outcome: { ok: false, reason: "not-waiting" } };
    if (!event.is_active || !salesOpen(event, now)) return { outcome: { ok: false, reason: "closed" } };
    const left = placesLeft(event, await placesTaken(tx, event.id, now));
    if (left !== null && entry.places > left) return { outcome: { ok: false, reason: "not-enough", left } };
    const made = await makeOffer(tx, entry, offerEnds(event, await offerHours(tx), now), now);
    await recordAudit(actor, "waitlist.offered", { entity: "event", entityId: String(event.id), details: { entry: entry.id, places: entry.places } }, tx);
    return { outcome: { ok: true, entry: made.entry }, made };
  });
  if (result.made) {
    publishChange("events");
    await mailOffer(result.made, now);
  }
  return result.outcome;
}

/** Staff take someone off a waitlist; places held for their offer go to the next in line. */
export async function removeFromWaitlist(entryId: string, actor: AuditActor, now: Date = new Date()): Promise<boolean> {
  const [removed] = await getDb()
    .update(waitlistEntries)
    .set({ status: "removed", offer_token_hash: null, offer_expires_at: null, updated_at: now })
    .where(and(eq(waitlistEntries.id, entryId), inArray(waitlistEntries.status, ["waiting", "offered", "lapsed"])))
    .returning();
  if (!removed) return false;
  await recordAudit(actor, "waitlist.removed", { entity: "event", entityId: String(removed.event_id), details: { entry: removed.id } });
  await refillWaitlist(removed.event_id, now);
  return true;
}
