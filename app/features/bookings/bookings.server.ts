/**
 * Ticket bookings for events. Every booking that takes tickets locks its event's row
 * (`SELECT ... FOR UPDATE`) and counts what is taken inside the same transaction, so two
 * buyers can never both get the last ticket. What counts against the capacity (confirmed
 * and held bookings, and places held for waitlist offers) is placesTaken (places.server.ts).
 *
 * - free events: createBooking confirms at once;
 * - paid events: holdForCheckout holds the tickets and opens a Stripe Checkout session;
 *   only the webhook confirms (confirmFromWebhook), an expired session or the sweep
 *   (releaseExpired) releases the hold;
 * - the buyer's link (reference + token, only the token's hash is kept) shows the booking
 *   and cancels it up to the sales cut-off (cancelByToken).
 *
 * Lock order, everywhere: the event row first, then booking rows.
 */
import { createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, lte, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { addressBucket } from "../../auth/throttle.server.ts";
import { getDb } from "../../db/client.server.ts";
import { events, type EventRow } from "../events/table.ts";
import { donations, giftAidDeclarations, givingSettings } from "../giving/table.ts";
import { bookings, type BookingRow } from "./table.ts";
import { logger } from "../../lib/logger.server.ts";
import { siteSecret } from "../../lib/site-secrets.server.ts";
import { enqueue, queueRunning } from "../../jobs/queue.server.ts";
import { hashToken, newToken } from "../../lib/tokens.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { mailConfigured } from "../../mail/mailer.server.ts";
import { paymentsConfigured, stripeClient } from "../../payments/stripe.server.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { hitCounter } from "../../lib/rate-counters.server.ts";
import { sendBookingConfirmation, sendConfirmLink } from "./booking-mail.server.ts";
import { placesLeft, placesTaken, type PlacesTaken } from "./places.server.ts";
import { waitlistEntries } from "../waitlist/table.ts";
import { refillWaitlist } from "../waitlist/index.ts";
import { DEFAULT_MAX_TICKETS_PER_CLIENT } from "../giving/index.ts";
import { CONSENT_WORDING, linkFromForm } from "../supporters/index.ts";
import { CHECKOUT_HOLD_MINUTES, CONFIRM_LINK_MINUTES, MAX_TICKETS_PER_BOOKING, normaliseReference, salesOpen, type TicketOffer } from "./sales.ts";
import { bookingLines, type TicketTypeRow } from "../event-tickets/table.ts";
import { checkCode, ensureTicketTypes, ticketTypesFor } from "../event-tickets/index.ts";
import { orderTotals } from "./pricing.ts";
import { newDonationReference } from "../giving/index.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

/** Stripe's session lasts at least 30 minutes from creation: a minute's margin for clocks. */
const STRIPE_SESSION_MS = (CHECKOUT_HOLD_MINUTES + 1) * 60_000;
/**
 * The hold outlasts the Checkout session a little, so a payment made in its last second
 * is confirmed before the sweep can release its tickets. Stripe's
 * checkout.session.expired releases at once.
 */
const HOLD_GRACE_MS = 5 * 60_000;

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A reference a person can read out or type at the door: MCF-7K3Q-9XPD (no 0/O, 1/I). */
function newBookingReference(): string {
  const chars = [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `MCF-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export interface Availability extends Omit<PlacesTaken, "byType"> {
  /** tickets_available, or null when the event sets no limit. */
  limit: number | null;
  /** Places left (placesLeft), or null without a limit. */
  left: number | null;
}

function availabilityOf(event: Pick<EventRow, "tickets_available">, taken: PlacesTaken): Availability {
  return { limit: event.tickets_available, sold: taken.sold, held: taken.held, offered: taken.offered, left: placesLeft(event, taken) };
}

/** Tickets sold, held and left for an event (null when the event does not exist). */
export async function availability(eventId: number, now: Date = new Date()): Promise<Availability | null> {
  const db = getDb();
  const [event] = await db.select({ tickets_available: events.tickets_available }).from(events).where(eq(events.id, eventId));
  if (!event) return null;
  return availabilityOf(event, await placesTaken(db, eventId, now));
}

/** The ticket box of an event with a booking mode; null for mode "none". */
export async function ticketOffer(
  event: Pick<EventRow, "id" | "date" | "time" | "booking_mode" | "ticket_price" | "ticket_price_pence" | "booking_url" | "tickets_available" | "attendee_names">,
  now: Date = new Date(),
): Promise<TicketOffer | null> {
  if (event.booking_mode === "none") return null;
  if (event.booking_mode === "external") {
    return { mode: "external", pricePence: 0, left: null, state: "open", bookingUrl: event.booking_url, priceText: event.ticket_price, types: [], attendeeNames: false };
  }
  const [taken, types] = await Promise.all([placesTaken(getDb(), event.id, now), ticketTypesFor(getDb(), event)]);
  const { left } = availabilityOf(event, taken);
  const state = !salesOpen(event, now)
    ? "closed"
    : left !== null && left <= 0
      ? "sold-out"
      : event.booking_mode === "paid" && !paymentsConfigured()
        ? "unavailable"
        : "open";
  return {
    mode: event.booking_mode,
    pricePence: event.booking_mode === "paid" ? (event.ticket_price_pence ?? 0) : 0,
    left,
    state,
    bookingUrl: null,
    priceText: null,
    types: types.map((type) => {
      const typeLeft = type.ticket_limit === null ? null : Math.max(0, type.ticket_limit - (taken.byType.get(type.id) ?? 0));
      const fitting = left === null ? null : Math.floor(left / type.places_per_ticket);
      return {
        id: type.id,
        name: type.name,
        description: type.description,
        pricePence: event.booking_mode === "paid" ? type.price_pence : 0,
        placesPerTicket: type.places_per_ticket,
        left: typeLeft === null ? fitting : fitting === null ? typeLeft : Math.min(typeLeft, fitting),
      };
    }),
    attendeeNames: event.attendee_names,
  };
}

/** Booking attempts per address in 10 minutes: a family retrying is fine, a script holding every ticket is not. */
export const BOOKING_ATTEMPTS_PER_WINDOW = 10;

/** Counts a booking attempt from an address (one atomic statement); false when over the limit. */
export async function countBookingAttempt(ip: string): Promise<boolean> {
  const hit = await hitCounter(`booking:${addressBucket(ip)}`, 10 * 60);
  if (hit.count > BOOKING_ATTEMPTS_PER_WINDOW) logger.warn({ ip }, "booking rate limit reached");
  return hit.count <= BOOKING_ATTEMPTS_PER_WINDOW;
}

/**
 * The client key of an address: a keyed hash (HMAC with a site secret) of its bucket (IPv6
 * by its /64), so the table never holds an address and a stolen copy cannot be reversed
 * by trying the four billion IPv4 addresses.
 */
export async function clientKey(ip: string): Promise<string> {
  return createHmac("sha256", await siteSecret("booking-client")).update(addressBucket(ip)).digest("base64url");
}

export interface BookingRequest {
  eventId: number;
  name: string;
  email: string;
  quantity: number;
  /** clientKey() of the buyer's address; without it only the email is counted. */
  client?: string | null;
  /**
   * The form's request key (random, made in the buyer's browser, kept while the form is
   * open): the same request sent again with it finds the booking it made.
   */
  key?: string;
  /** The buyer ticked "Email me news of the foundation's work". */
  emailConsent?: boolean;
  /**
   * Booking places offered from the waitlist (the offer's id and the token of its emailed
   * link): the offer's own places are not counted as taken, and it becomes "booked" in the
   * same transaction.
   */
  waitlistOffer?: { entryId: string; token: string };
  /**
   * Tickets of each type (type id 0: the event's only type when it has none stored), with
   * attendees' names when the event asks for them. Without it: `quantity` tickets of the
   * event's first type.
   */
  lines?: OrderLineRequest[];
  /** A discount code typed by the buyer. */
  code?: string | null;
  /** A donation added to a paid order, in pence. */
  donationPence?: number;
  /** The Gift Aid declaration for the donation part (never for the tickets). */
  giftAid?: GiftAidDetails | null;
}

export interface OrderLineRequest {
  typeId: number;
  quantity: number;
  names?: string[];
}

interface GiftAidDetails {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  declarationText: string;
}

const REQUEST_KEY_RE = /^[A-Za-z0-9_-]{16,100}$/;

/**
 * What a request key stands for. Only hashes are stored: the key's (to find the booking
 * again) and the link token's, which is derived from the key, so a repeated request can
 * answer with the same link and nobody reading the database can make one.
 */
function fromRequestKey(key: string | undefined): { keyHash: string; token: string } | null {
  if (!key || !REQUEST_KEY_RE.test(key)) return null;
  return { keyHash: hashToken(`booking-request:${key}`), token: hashToken(`booking-link:${key}`) };
}

export type BookingRefusal =
  /** No such active, upcoming event. */
  | { ok: false; reason: "not-found" }
  /** The event does not take this kind of booking (or online payments are off). */
  | { ok: false; reason: "not-bookable" }
  /** Sales closed 24 hours before the start. */
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "sold-out" }
  /** Fewer tickets left than asked for. */
  | { ok: false; reason: "not-enough"; left: number }
  /** Fewer tickets of one type left than asked for (its own limit). */
  | { ok: false; reason: "type-not-enough"; type: string; left: number }
  /** The discount code cannot be used: why, in words for the buyer. */
  | { ok: false; reason: "code"; message: string }
  /**
   * One client (an address or an email) would hold or have booked more than the most one
   * client may for this event: `left` more are allowed.
   */
  | { ok: false; reason: "client-limit"; limit: number; left: number }
  /** Stripe could not open a Checkout session: nothing is held. */
  | { ok: false; reason: "payment-unavailable" }
  /** The link to confirm a free booking could not be queued (mail to that address is limited): nothing is held. */
  | { ok: false; reason: "confirm-not-sent" }
  /** A waitlist offer that was booked already, ran out or was withdrawn. */
  | { ok: false; reason: "offer-ended" };

/** What the buyer is told when a booking is refused. */
export function refusalMessage(refusal: BookingRefusal): string {
  switch (refusal.reason) {
    case "not-found":
    case "not-bookable":
      return "Tickets for this event cannot be booked online.";
    case "closed":
      return "Ticket sales for this event have closed.";
    case "sold-out":
      return "Sorry, this event is sold out.";
    case "not-enough":
      return `Sorry, only ${refusal.left} ${refusal.left === 1 ? "place is" : "places are"} left.`;
    case "type-not-enough":
      return refusal.left > 0
        ? `Sorry, only ${refusal.left} ${refusal.type} ${refusal.left === 1 ? "ticket is" : "tickets are"} left.`
        : `Sorry, ${refusal.type} tickets are sold out.`;
    case "code":
      return refusal.message;
    case "client-limit":
      return refusal.left > 0
        ? `Sorry, one person can book up to ${refusal.limit} tickets for this event, so you can book ${refusal.left} more.`
        : `Sorry, one person can book up to ${refusal.limit} tickets for this event, and you already have them.`;
    case "confirm-not-sent":
      return "Sorry, we couldn't send the confirmation email just now, so nothing has been booked. Please try again later.";
    case "payment-unavailable":
      return "Sorry, we couldn't start the payment just now. Nothing has been charged. Please try again in a few minutes.";
    case "offer-ended":
      return "Sorry, this offer has ended, so its places are no longer held for you.";
  }
}

interface NewBooking {
  ok: true;
  booking: BookingRow;
  /** The secret of the buyer's link (only its hash is stored). */
  token: string;
  /** The same request was made before: this is the booking it made (nothing new was taken). */
  repeated?: boolean;
}

/** The most tickets one client may hold or book for one event (a setting, 10 by default). */
async function maxTicketsPerClient(db: Executor): Promise<number> {
  const [row] = await db.select({ max: givingSettings.max_tickets_per_client }).from(givingSettings).limit(1);
  return row?.max ?? DEFAULT_MAX_TICKETS_PER_CLIENT;
}

/**
 * Tickets a client already has for an event: confirmed bookings and holds not yet expired,
 * made from the same address or to the same email (whichever is more).
 */
async function clientTickets(db: Executor, eventId: number, client: string | null, email: string, now: Date): Promise<number> {
  const live = and(
    eq(bookings.event_id, eventId),
    or(eq(bookings.status, "confirmed"), and(eq(bookings.status, "held"), sql`${bookings.hold_expires_at} > ${now}`)),
  );
  const sum = (where: ReturnType<typeof and>) =>
    db
      .select({ n: sql<number>`coalesce(sum(${bookings.quantity}), 0)::int` })
      .from(bookings)
      .where(where)
      .then(([row]) => row?.n ?? 0);
  const [byEmail, byClient] = await Promise.all([
    sum(and(live, sql`lower(${bookings.email}) = ${email.trim().toLowerCase()}`)),
    client ? sum(and(live, eq(bookings.client_hash, client))) : Promise.resolve(0),
  ]);
  return Math.max(byEmail, byClient);
}

/**
 * Locks the event, checks the mode, the cut-off, what is left and what this client already
 * has, and inserts the booking, all in one transaction (the lock on the event row makes
 * the per-client count as exact as the count of what is left). A booking with `holdUntil`
 * is held until then (Checkout, or a free booking waiting for its emailed link).
 */
async function takeTickets(
  request: BookingRequest,
  mode: "free" | "paid",
  now: Date,
  holdUntil: Date | null,
): Promise<NewBooking | BookingRefusal> {
  const wanted: OrderLineRequest[] = request.lines ?? [{ typeId: -1, quantity: request.quantity }];
  const tickets = wanted.reduce((sum, l) => sum + l.quantity, 0);
  if (wanted.length === 0 || wanted.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1) || tickets > MAX_TICKETS_PER_BOOKING) {
    return { ok: false, reason: "not-bookable" };
  }
  if (new Set(wanted.map((l) => l.typeId)).size !== wanted.length) return { ok: false, reason: "not-bookable" };
  const donationPence = mode === "paid" ? Math.max(0, Math.floor(request.donationPence ?? 0)) : 0;
  let requestKey = fromRequestKey(request.key);
  const result = await getDb().transaction(async (tx): Promise<NewBooking | BookingRefusal> => {
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.id, request.eventId), eq(events.is_active, true)))
      .for("update");
    if (!event || event.is_past) return { ok: false, reason: "not-found" };
    if (event.booking_mode !== mode) return { ok: false, reason: "not-bookable" };
    const types = await ensureTicketTypes(tx, event);
    const chosen: { type: TicketTypeRow; quantity: number; names: string[] }[] = [];
    for (const line of wanted) {
      const type = line.typeId === -1 || line.typeId === 0 ? types[0] : types.find((t) => t.id === line.typeId);
      if (!type) return { ok: false, reason: "not-bookable" };
      const names = event.attendee_names ? (line.names ?? []).slice(0, line.quantity).map((n) => n.trim().slice(0, 100)) : [];
      chosen.push({ type, quantity: line.quantity, names });
    }
    const places = chosen.reduce((sum, l) => sum + l.quantity * l.type.places_per_ticket, 0);
    // The same request again (after an error, or a second press): its booking, as it is now.
    // (Under the event's lock, so two copies of one request cannot both insert.)
    if (requestKey) {
      const [earlier] = await tx.select().from(bookings).where(eq(bookings.request_key_hash, requestKey.keyHash));
      if (earlier) {
        const same = earlier.event_id === event.id && earlier.email === request.email && earlier.name === request.name && earlier.quantity === places;
        // A hold that was released (its payment never started or ran out) is not kept: book afresh.
        if (same && earlier.status !== "expired") return { ok: true, booking: earlier, token: requestKey.token, repeated: true };
        requestKey = null; // another request under the same key: a booking of its own
      }
    }
    const token = requestKey?.token ?? newToken();
    if (!salesOpen(event, now)) return { ok: false, reason: "closed" };
    const offer = request.waitlistOffer;
    if (offer) {
      const [entry] = await tx
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.id, offer.entryId), eq(waitlistEntries.event_id, event.id), eq(waitlistEntries.offer_token_hash, hashToken(offer.token))))
        .for("update");
      if (!entry || entry.status !== "offered" || !entry.offer_expires_at || entry.offer_expires_at <= now) return { ok: false, reason: "offer-ended" };
      if (places > entry.places) return { ok: false, reason: "not-enough", left: entry.places };
    }
    const taken = await placesTaken(tx, event.id, now, { exceptOffer: offer?.entryId });
    const { left } = availabilityOf(event, taken);
    if (left !== null && left <= 0) return { ok: false, reason: "sold-out" };
    if (left !== null && places > left) return { ok: false, reason: "not-enough", left };
    for (const { type, quantity } of chosen) {
      if (type.ticket_limit === null) continue;
      const typeLeft = Math.max(0, type.ticket_limit - (taken.byType.get(type.id) ?? 0));
      if (quantity > typeLeft) return { ok: false, reason: "type-not-enough", type: type.name, left: typeLeft };
    }
    const limit = await maxTicketsPerClient(tx);
    const already = await clientTickets(tx, event.id, request.client ?? null, request.email, now);
    if (already + places > limit) return { ok: false, reason: "client-limit", limit, left: Math.max(0, limit - already) };
    // The code's row is locked after the event's: its uses are counted as exactly as the places.
    let code: { id: number; discount: { kind: "percent" | "fixed"; amount: number } } | null = null;
    if (request.code?.trim()) {
      const checked = await checkCode(tx, request.code, event.id, request.email, now, { lock: true });
      if (!checked.ok) return { ok: false, reason: "code", message: checked.message };
      code = { id: checked.code.id, discount: checked.discount };
    }
    const giftAid = donationPence > 0 ? (request.giftAid ?? null) : null;
    const totals = orderTotals(
      chosen.map((l) => ({ unitPence: mode === "paid" ? l.type.price_pence : 0, quantity: l.quantity, placesPerTicket: l.type.places_per_ticket })),
      code?.discount ?? null,
      donationPence,
      giftAid !== null,
    );
    const supporterId = await linkFromForm(tx, {
      email: request.email,
      name: request.name,
      consent: request.emailConsent ? { wording: CONSENT_WORDING, source: `Booking form (${event.title})` } : null,
    });
    let declarationId: string | null = null;
    if (giftAid) {
      const [declaration] = await tx
        .insert(giftAidDeclarations)
        .values({
          email: request.email,
          title: giftAid.title,
          first_name: giftAid.firstName,
          last_name: giftAid.lastName,
          house: giftAid.house,
          postcode: giftAid.postcode,
          declaration_text: giftAid.declarationText,
          made_at: now,
          supporter_id: supporterId,
        })
        .returning({ id: giftAidDeclarations.id });
      declarationId = declaration.id;
    }
    // A paid order that costs nothing (free types only, or a code for all of it) needs no Checkout.
    const hold = mode === "paid" && totals.totalPence === 0 ? null : holdUntil;
    for (let attempt = 0; ; attempt++) {
      const [booking] = await tx
        .insert(bookings)
        .values({
          reference: newBookingReference(),
          event_id: event.id,
          name: request.name,
          email: request.email,
          quantity: places,
          amount_pence: mode === "paid" ? totals.totalPence : 0,
          discount_code_id: code?.id ?? null,
          discount_pence: totals.discountPence,
          donation_pence: totals.donationPence,
          gift_aid_declaration_id: declarationId,
          status: hold ? "held" : "confirmed",
          hold_expires_at: hold,
          confirmed_at: hold ? null : now,
          client_hash: request.client ?? null,
          cancel_token_hash: hashToken(token),
          request_key_hash: requestKey?.keyHash ?? null,
          supporter_id: supporterId,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing({ target: bookings.reference })
        .returning();
      if (booking) {
        if (offer) {
          await tx
            .update(waitlistEntries)
            .set({ status: "booked", booking_id: booking.id, offer_expires_at: null, updated_at: now })
            .where(eq(waitlistEntries.id, offer.entryId));
        }
        await tx.insert(bookingLines).values(
          chosen.map((l) => ({
            booking_id: booking.id,
            ticket_type_id: l.type.id,
            name: l.type.name,
            quantity: l.quantity,
            unit_pence: mode === "paid" ? l.type.price_pence : 0,
            places_per_ticket: l.type.places_per_ticket,
            attendee_names: l.names,
          })),
        );
        return { ok: true, booking, token };
      }
      if (attempt > 5) throw new Error("could not find a free booking reference");
    }
  });
  if (result.ok && !result.repeated) publishChange("events");
  return result;
}

/** The lines of a booking (each ticket type bought), in the order they were chosen. */
export function linesOf(bookingId: string) {
  return getDb().select().from(bookingLines).where(eq(bookingLines.booking_id, bookingId)).orderBy(bookingLines.id);
}

/**
 * The donation part of a confirmed order, in the ledger like any gift (with its Gift Aid
 * declaration, if one was made for it): one gift per Checkout session.
 */
async function recordOrderDonation(tx: Transaction, booking: BookingRow, paidAt: Date): Promise<void> {
  if (booking.donation_pence <= 0) return;
  await tx
    .insert(donations)
    .values({
      reference: newDonationReference(),
      amount_pence: booking.donation_pence,
      mode: "one-off",
      email: booking.email,
      declaration_id: booking.gift_aid_declaration_id,
      supporter_id: booking.supporter_id,
      stripe_checkout_session_id: booking.stripe_checkout_session_id,
      stripe_payment_intent_id: booking.stripe_payment_intent_id,
      paid_at: paidAt,
    })
    .onConflictDoNothing();
}

/** Whether tickets and confirmation links go out by email (mail is configured). */
export function ticketsAreMailed(): boolean {
  return mailConfigured();
}

export interface FreeBooking extends NewBooking {
  /**
   * True when the booking waits for the buyer to follow the link emailed to them (mail is
   * configured): its tickets are held until `booking.hold_expires_at`, then released.
   */
  pending: boolean;
}

/**
 * A free booking. With mail configured its tickets are held for CONFIRM_LINK_MINUTES and a
 * link to confirm it is emailed (so a made-up address holds nothing for long); without
 * mail it is confirmed at once and the per-client limit alone applies.
 */
export async function createBooking(
  request: BookingRequest,
  options: { now?: Date; confirmByEmail?: boolean } = {},
): Promise<FreeBooking | BookingRefusal> {
  const now = options.now ?? new Date();
  const confirmByEmail = options.confirmByEmail ?? mailConfigured();
  const holdUntil = confirmByEmail ? new Date(now.getTime() + CONFIRM_LINK_MINUTES * 60_000) : null;
  const result = await takeTickets(request, "free", now, holdUntil);
  if (!result.ok) return result;
  // The same request sent again (its request key): the booking it made, nothing new sent.
  if (result.repeated) return { ...result, pending: result.booking.status === "held" };
  if (confirmByEmail) {
    const queued = await sendConfirmLink(result.booking.id, result.token).catch((error: unknown) => {
      logger.warn({ err: error, booking: result.booking.reference }, "booking confirmation link not queued");
      return false;
    });
    if (!queued) {
      await getDb()
        .update(bookings)
        .set({ status: "expired", hold_expires_at: null, updated_at: new Date() })
        .where(and(eq(bookings.id, result.booking.id), eq(bookings.status, "held")));
      publishChange("events");
      return { ok: false, reason: "confirm-not-sent" };
    }
    return { ...result, pending: true };
  }
  await sendBookingConfirmation(result.booking.id, result.token).catch((error: unknown) =>
    logger.warn({ err: error, booking: result.booking.reference }, "booking confirmation not mailed"),
  );
  return { ...result, pending: false };
}

export type ConfirmLinkOutcome =
  | { outcome: "confirmed"; booking: BookingRow }
  | { outcome: "already-confirmed"; booking: BookingRow }
  /** The link was followed after the hold ended: the tickets were released. */
  | { outcome: "expired" }
  | { outcome: "not-found" };

/**
 * The buyer followed the emailed link of a free booking and pressed Confirm: the held
 * booking is confirmed if its hold has not ended, and the confirmation (ticket) mailed.
 */
export async function confirmByLink(reference: string, token: string, options: { now?: Date } = {}): Promise<ConfirmLinkOutcome> {
  const now = options.now ?? new Date();
  const found = await bookingByLink(reference, token);
  if (!found || found.booking.amount_pence > 0 || found.booking.stripe_checkout_session_id) return { outcome: "not-found" };
  const outcome = await getDb().transaction(async (tx): Promise<ConfirmLinkOutcome> => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, found.event.id)).for("update");
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.booking.id)).for("update");
    if (booking.status === "confirmed") return { outcome: "already-confirmed", booking };
    if (booking.status !== "held" || !booking.hold_expires_at || booking.hold_expires_at <= now) return { outcome: "expired" };
    const [updated] = await tx
      .update(bookings)
      .set({ status: "confirmed", confirmed_at: now, hold_expires_at: null, updated_at: now })
      .where(eq(bookings.id, booking.id))
      .returning();
    return { outcome: "confirmed", booking: updated };
  });
  if (outcome.outcome === "confirmed") {
    publishChange("events");
    await sendBookingConfirmation(outcome.booking.id, token).catch((error: unknown) =>
      logger.warn({ err: error, booking: outcome.booking.reference }, "booking confirmation not mailed"),
    );
  }
  return outcome;
}

export interface HeldBooking extends NewBooking {
  /** Stripe Checkout, where the buyer pays. */
  checkoutUrl: string;
}

/**
 * A paid booking: holds the tickets, then opens a Stripe Checkout session for quantity ×
 * price that expires when the hold does. The webhook confirms it; if Stripe cannot be
 * reached the hold is released at once.
 */
export async function holdForCheckout(
  request: BookingRequest,
  options: { origin: string; now?: Date },
): Promise<HeldBooking | BookingRefusal> {
  if (!paymentsConfigured()) return { ok: false, reason: "not-bookable" };
  const now = options.now ?? new Date();
  const sessionExpires = new Date(now.getTime() + STRIPE_SESSION_MS);
  const held = await takeTickets(request, "paid", now, new Date(sessionExpires.getTime() + HOLD_GRACE_MS));
  if (!held.ok) return held;
  const { booking, token } = held;
  if (booking.status === "confirmed" && !held.repeated) {
    // Nothing to pay (free types, or a code for all of it): confirmed already.
    await sendBookingConfirmation(booking.id, token).catch((error: unknown) =>
      logger.warn({ err: error, booking: booking.reference }, "booking confirmation not mailed"),
    );
    return { ok: true, booking, token, checkoutUrl: `${options.origin}/bookings/${booking.reference}/${token}` };
  }
  if (held.repeated) {
    // Already paid (or settled since): the booking's own page. Still held with a Checkout
    // session: that session while it is open. Otherwise the session is made below (Stripe
    // answers the one made before, by its idempotency key).
    const bookingPage = `${options.origin}/bookings/${booking.reference}/${token}`;
    if (booking.status !== "held") return { ok: true, booking, token, checkoutUrl: bookingPage, repeated: true };
    if (booking.stripe_checkout_session_id) {
      const session = await (await stripeClient()).checkout.sessions.retrieve(booking.stripe_checkout_session_id);
      return { ok: true, booking, token, checkoutUrl: session.status === "open" && session.url ? session.url : bookingPage, repeated: true };
    }
  }
  const [event] = await getDb().select({ title: events.title, date: events.date }).from(events).where(eq(events.id, booking.event_id));
  const metadata = { kind: "booking", booking: booking.reference };
  const lines = await linesOf(booking.id);
  // The code's reduction, as a one-off coupon for this session (it takes off the ticket part only: never more than it).
  const coupon =
    booking.discount_pence > 0
      ? await (await stripeClient()).coupons
          .create({ amount_off: booking.discount_pence, currency: "gbp", duration: "once", name: "Discount code" }, { idempotencyKey: `booking-coupon-${booking.id}` })
          .catch((error: unknown) => {
            logger.warn({ err: error, booking: booking.reference }, "could not make the discount's coupon");
            return "failed" as const;
          })
      : null;
  if (coupon === "failed") {
    await getDb()
      .update(bookings)
      .set({ status: "expired", hold_expires_at: null, updated_at: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "held")));
    publishChange("events");
    return { ok: false, reason: "payment-unavailable" };
  }
  // The link's secret comes back with the webhook, for the confirmation email (Stripe
  // already has it in success_url); it never goes to the payment itself.
  const sessionMetadata = { ...metadata, link: token };
  try {
    const session = await (await stripeClient()).checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          ...lines
            .filter((line) => line.unit_pence > 0)
            .map((line) => ({
              quantity: line.quantity,
              price_data: { currency: "gbp", unit_amount: line.unit_pence, product_data: { name: `${line.name}: ${event.title}` } },
            })),
          ...(booking.donation_pence > 0
            ? [{ quantity: 1, price_data: { currency: "gbp", unit_amount: booking.donation_pence, product_data: { name: "Donation to the foundation" } } }]
            : []),
        ],
        ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        customer_email: booking.email,
        client_reference_id: booking.reference,
        metadata: sessionMetadata,
        payment_intent_data: { metadata },
        expires_at: Math.floor(sessionExpires.getTime() / 1000),
        success_url: `${options.origin}/bookings/${booking.reference}/${token}`,
        cancel_url: `${options.origin}/bookings/${booking.reference}/${token}?checkout=cancelled`,
      },
      { idempotencyKey: `booking-${booking.id}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
    const [updated] = await getDb()
      .update(bookings)
      .set({ stripe_checkout_session_id: session.id, updated_at: new Date() })
      .where(eq(bookings.id, booking.id))
      .returning();
    return { ok: true, booking: updated, token, checkoutUrl: session.url };
  } catch (error) {
    logger.warn({ err: error, booking: booking.reference }, "could not open Stripe Checkout: hold released");
    await getDb()
      .update(bookings)
      .set({ status: "expired", hold_expires_at: null, updated_at: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "held")));
    publishChange("events");
    return { ok: false, reason: "payment-unavailable" };
  }
}

export type ConfirmOutcome =
  | { outcome: "confirmed"; booking: BookingRow }
  | { outcome: "already-confirmed"; booking: BookingRow }
  /** Paid after its hold was released and the tickets went to someone else: to be refunded. */
  | { outcome: "refund-late-payment"; booking: BookingRow }
  | { outcome: "ignored"; reason: string };

type PaidSession = Pick<Stripe.Checkout.Session, "id" | "payment_status" | "amount_total" | "currency" | "metadata" | "client_reference_id"> & {
  payment_intent: string | { id: string } | null;
};

/**
 * checkout.session.completed for a booking. Idempotent: a repeated delivery (or a
 * repeated call) finds the booking confirmed and changes nothing.
 */
export async function confirmFromWebhook(tx: Transaction, session: PaidSession, now: Date = new Date()): Promise<ConfirmOutcome> {
  const reference = session.metadata?.booking ?? session.client_reference_id;
  if (session.payment_status !== "paid") return { outcome: "ignored", reason: "not paid" };
  const [found] = await tx
    .select({ id: bookings.id, event_id: bookings.event_id })
    .from(bookings)
    .where(reference ? or(eq(bookings.reference, reference), eq(bookings.stripe_checkout_session_id, session.id)) : eq(bookings.stripe_checkout_session_id, session.id));
  if (!found) return { outcome: "ignored", reason: "unknown booking" };
  const [event] = await tx.select().from(events).where(eq(events.id, found.event_id)).for("update");
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for("update");
  if (session.amount_total !== booking.amount_pence || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
    logger.warn({ booking: booking.reference, session: session.id }, "paid amount differs from the booking's");
  }
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  if (booking.status === "confirmed" || booking.status === "refunded" || booking.status === "cancelled") {
    return { outcome: "already-confirmed", booking };
  }
  let fits = true;
  if (booking.status === "expired" && event.tickets_available !== null) {
    const { left } = availabilityOf(event, await placesTaken(tx, event.id, now));
    fits = left !== null && left >= booking.quantity;
    // A code's uses and a type's own limit are not checked again: the buyer paid for what they were offered.
  }
  const [updated] = await tx
    .update(bookings)
    .set(
      fits
        ? { status: "confirmed", confirmed_at: now, hold_expires_at: null, stripe_payment_intent_id: paymentIntent, stripe_checkout_session_id: session.id, updated_at: now }
        : {
            status: "refunded",
            cancelled_at: now,
            hold_expires_at: null,
            stripe_payment_intent_id: paymentIntent,
            stripe_checkout_session_id: session.id,
            refund_owed_since: now,
            updated_at: now,
          },
    )
    .where(eq(bookings.id, booking.id))
    .returning();
  if (fits) await recordOrderDonation(tx, updated, now);
  return fits ? { outcome: "confirmed", booking: updated } : { outcome: "refund-late-payment", booking: updated };
}

/** checkout.session.expired: the buyer never paid, the tickets go back on sale. */
export async function releaseCheckout(tx: Executor, sessionId: string, now: Date = new Date()): Promise<number> {
  const released = await tx
    .update(bookings)
    .set({ status: "expired", hold_expires_at: null, updated_at: now })
    .where(and(eq(bookings.stripe_checkout_session_id, sessionId), eq(bookings.status, "held")))
    .returning({ id: bookings.id });
  return released.length;
}

/** The sweep: holds past their time are marked expired (they already stopped counting). */
export async function releaseExpired(now: Date = new Date()): Promise<number> {
  const released = await getDb()
    .update(bookings)
    .set({ status: "expired", updated_at: now })
    .where(and(eq(bookings.status, "held"), lte(bookings.hold_expires_at, now)))
    .returning({ id: bookings.id });
  if (released.length > 0) publishChange("events");
  return released.length;
}

export interface BookingWithEvent {
  booking: BookingRow;
  event: EventRow;
}

/** The booking a buyer's link names (reference and token), with its event; null when either is wrong. */
export async function bookingByLink(reference: string, token: string): Promise<BookingWithEvent | null> {
  const ref = normaliseReference(reference);
  if (!ref || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await getDb()
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(and(eq(bookings.reference, ref), eq(bookings.cancel_token_hash, hashToken(token))));
  return row ?? null;
}

/**
 * A buyer who left Checkout without paying: "resume" finds the Checkout page again while
 * its session is open; "release" ends the session at Stripe (no payment can follow) and
 * gives the tickets back at once. Null when the link is wrong or the booking is not held.
 */
export async function resumeOrRelease(reference: string, token: string, what: "resume" | "release"): Promise<{ checkoutUrl: string | null } | null> {
  const found = await bookingByLink(reference, token);
  if (!found || found.booking.status !== "held" || !found.booking.stripe_checkout_session_id) return null;
  const sessionId = found.booking.stripe_checkout_session_id;
  if (what === "resume") {
    const session = await (await stripeClient()).checkout.sessions.retrieve(sessionId);
    return { checkoutUrl: session.status === "open" ? session.url : null };
  }
  try {
    await (await stripeClient()).checkout.sessions.expire(sessionId);
  } catch (error) {
    // Already expired or paid: the webhook decides; nothing is released here.
    logger.info({ err: error, booking: found.booking.reference }, "checkout session could not be expired");
    return { checkoutUrl: null };
  }
  if ((await releaseCheckout(getDb(), sessionId)) > 0) {
    publishChange("events");
    await offerFreedPlaces(found.event.id);
  }
  return { checkoutUrl: null };
}

/**
 * Places came back (a cancellation, a released hold): offered at once to the waitlist. A
 * failure here is logged, not the buyer's: the "waitlist" job offers them within a minute.
 */
export async function offerFreedPlaces(eventId: number, now: Date = new Date()): Promise<void> {
  await refillWaitlist(eventId, now).catch((error: unknown) => logger.warn({ err: error, event: eventId }, "waitlist not refilled"));
}

export type CancelOutcome =
  | { outcome: "cancelled"; booking: BookingRow }
  | { outcome: "refunded"; booking: BookingRow }
  | { outcome: "not-found" }
  /** After the cut-off (24 hours before the start). */
  | { outcome: "too-late" }
  /** Already cancelled or refunded, or still waiting for payment. */
  | { outcome: "not-cancellable"; booking: BookingRow }
  /** Stripe refused or could not be reached: nothing changed. */
  | { outcome: "refund-failed" };

/**
 * The buyer cancels through their link, up to the cut-off. A free booking is cancelled
 * and its tickets go back on sale; a paid one is refunded in full through Stripe at once
 * (docs/decisions/071-paid-cancellations-refunded-at-once.md), then marked refunded.
 */
export async function cancelByToken(reference: string, token: string, options: { now?: Date } = {}): Promise<CancelOutcome> {
  const now = options.now ?? new Date();
  const found = await bookingByLink(reference, token);
  if (!found) return { outcome: "not-found" };
  const { booking, event } = found;
  if (booking.status !== "confirmed") return { outcome: "not-cancellable", booking };
  if (!salesOpen(event, now)) return { outcome: "too-late" };
  if (booking.amount_pence > 0) {
    if (!booking.stripe_payment_intent_id) return { outcome: "refund-failed" };
    try {
      await (await stripeClient()).refunds.create(
        { payment_intent: booking.stripe_payment_intent_id, metadata: { kind: "booking", booking: booking.reference } },
        { idempotencyKey: `booking-refund-${booking.id}` },
      );
    } catch (error) {
      logger.warn({ err: error, booking: booking.reference }, "refund of a cancelled booking failed");
      return { outcome: "refund-failed" };
    }
  }
  const status = booking.amount_pence > 0 ? "refunded" : "cancelled";
  const [updated] = await getDb()
    .update(bookings)
    .set({ status, cancelled_at: now, updated_at: now })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, "confirmed")))
    .returning();
  if (!updated) {
    // Stripe's charge.refunded can arrive before this update and mark it refunded first.
    const [current] = await getDb().select().from(bookings).where(eq(bookings.id, booking.id));
    if (status === "refunded" && current.status === "refunded") return { outcome: "refunded", booking: current };
    return { outcome: "not-cancellable", booking: current };
  }
  publishChange("events");
  await offerFreedPlaces(event.id, now);
  return status === "refunded" ? { outcome: "refunded", booking: updated } : { outcome: "cancelled", booking: updated };
}

/**
 * charge.refunded (a refund made here or in Stripe's dashboard): a fully refunded
 * payment marks its confirmed booking refunded and releases its tickets, and a refund
 * owed for a late payment is no longer owed.
 */
export async function markRefundedByPaymentIntent(tx: Transaction, paymentIntentId: string, now: Date = new Date()): Promise<number> {
  await tx
    .update(bookings)
    .set({ refund_owed_since: null, refund_error: null, updated_at: now })
    .where(and(eq(bookings.stripe_payment_intent_id, paymentIntentId), sql`${bookings.refund_owed_since} is not null`));
  const rows = await tx
    .update(bookings)
    .set({ status: "refunded", cancelled_at: now, updated_at: now })
    .where(and(eq(bookings.stripe_payment_intent_id, paymentIntentId), eq(bookings.status, "confirmed")))
    .returning({ id: bookings.id });
  return rows.length;
}

// ---- Reads for staff screens -------------------------------------------------------

/** Every booking of an event, newest first. */
export function bookingsForEvent(eventId: number): Promise<BookingRow[]> {
  return getDb().select().from(bookings).where(eq(bookings.event_id, eventId)).orderBy(desc(bookings.created_at));
}

/** A booking by its reference, typed any way ("mcf 7k3q9xpd"), with its event; null when unknown. */
export async function findByReference(input: string): Promise<BookingWithEvent | null> {
  const reference = normaliseReference(input);
  if (!reference) return null;
  const [row] = await getDb()
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(eq(bookings.reference, reference));
  return row ?? null;
}

export type CheckInOutcome =
  | { outcome: "checked-in"; booking: BookingRow; arrived: number }
  /** Everyone of the party has arrived already: when the first came. */
  | { outcome: "already-checked-in"; booking: BookingRow; at: Date }
  /** Held, cancelled, refunded or expired: not a valid ticket. */
  | { outcome: "not-valid"; booking: BookingRow }
  | { outcome: "not-found" };

/**
 * Group check-in: marks people of a confirmed booking's party as arrived, all of those
 * not yet in (by default) or `arriving` of them ("3 of 5 arrived", the rest later). One
 * statement, so two door staff scanning the same ticket never count more than the party.
 */
export async function checkIn(input: string, options: { now?: Date; arriving?: number } = {}): Promise<CheckInOutcome> {
  const reference = normaliseReference(input);
  if (!reference) return { outcome: "not-found" };
  const now = options.now ?? new Date();
  const arriving = options.arriving;
  if (arriving !== undefined && (!Number.isInteger(arriving) || arriving < 1)) return { outcome: "not-found" };
  const next = arriving === undefined ? sql`${bookings.quantity}` : sql`least(${bookings.quantity}, ${bookings.checked_in_count} + ${arriving})`;
  const [updated] = await getDb()
    .update(bookings)
    .set({ checked_in_count: next, checked_in_at: sql`coalesce(${bookings.checked_in_at}, ${now})`, updated_at: now })
    .where(and(eq(bookings.reference, reference), eq(bookings.status, "confirmed"), sql`${bookings.checked_in_count} < ${bookings.quantity}`))
    .returning();
  if (updated) return { outcome: "checked-in", booking: updated, arrived: updated.checked_in_count };
  const [booking] = await getDb().select().from(bookings).where(eq(bookings.reference, reference));
  if (!booking) return { outcome: "not-found" };
  if (booking.status === "confirmed" && booking.checked_in_at) return { outcome: "already-checked-in", booking, at: booking.checked_in_at };
  return { outcome: "not-valid", booking };
}

// ---- Refunds owed for late payments -------------------------------------------------

/** The job that refunds a late payment, retried with growing waits (app/jobs/jobs.server.ts). */
export const BOOKING_REFUND_JOB = "booking-refund";

/**
 * Refunds an owed late payment in full (one refund per booking: Stripe's idempotency key).
 * Throws when Stripe refuses or cannot be reached, after noting why on the booking, so
 * the job tries again; nothing to do when the refund is no longer owed.
 */
export async function refundLatePayment(bookingId: string): Promise<"refunded" | "not-owed"> {
  const [booking] = await getDb().select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.refund_owed_since) return "not-owed";
  try {
    if (!booking.stripe_payment_intent_id) throw new Error("the payment has no Stripe payment id");
    await (await stripeClient()).refunds.create(
      { payment_intent: booking.stripe_payment_intent_id, metadata: { kind: "booking", booking: booking.reference } },
      { idempotencyKey: `booking-refund-${booking.id}` },
    );
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    await getDb().update(bookings).set({ refund_error: reason, updated_at: new Date() }).where(eq(bookings.id, booking.id));
    logger.warn({ booking: booking.reference, err: reason }, "refund of a late payment failed: it will be tried again");
    throw error;
  }
  await getDb().update(bookings).set({ refund_owed_since: null, refund_error: null, updated_at: new Date() }).where(eq(bookings.id, booking.id));
  logger.info({ booking: booking.reference }, "late payment refunded");
  return "refunded";
}

/** Queues the refund of a late payment (in a process without a queue, tries it once now: it stays owed if that fails). */
export async function queueLatePaymentRefund(bookingId: string): Promise<void> {
  if (queueRunning()) {
    await enqueue(BOOKING_REFUND_JOB, { bookingId }, { singletonKey: `booking-refund-${bookingId}` });
    return;
  }
  await refundLatePayment(bookingId).catch(() => {});
}

export interface OwedRefund {
  reference: string;
  name: string;
  email: string;
  amountPence: number;
  eventId: number;
  eventTitle: string;
  since: Date;
  error: string | null;
}

/** Refunds still owed for late payments, oldest first (for staff: Diagnostics and the event's bookings). */
export async function owedRefunds(options: { eventId?: number } = {}): Promise<OwedRefund[]> {
  const rows = await getDb()
    .select({ booking: bookings, eventTitle: events.title })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.event_id))
    .where(and(sql`${bookings.refund_owed_since} is not null`, options.eventId === undefined ? undefined : eq(bookings.event_id, options.eventId)))
    .orderBy(bookings.refund_owed_since);
  return rows.map(({ booking, eventTitle }) => ({
    reference: booking.reference,
    name: booking.name,
    email: booking.email,
    amountPence: booking.amount_pence,
    eventId: booking.event_id,
    eventTitle,
    since: booking.refund_owed_since!,
    error: booking.refund_error,
  }));
}
