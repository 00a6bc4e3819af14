/**
 * Waitlists in the data protection tools: find the entries made with an email address,
 * export them, and erase the person from them. As with bookings, an erased entry keeps
 * its event, places, status and times (the waitlist's history still adds up) and loses
 * the name, the address, the supporter link and any offer link; an entry still in line
 * (waiting, offered or lapsed) is taken out of it ("removed"), so places held for it
 * pass to the next person waiting (docs/decisions/293-waitlist-erasure.md).
 */
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { events } from "../events/table.ts";
import type { Transaction } from "../../payments/webhooks.server.ts";
import { waitlistEntries, type WaitlistEntryRow } from "./table.ts";
import { refillWaitlist } from "./waitlist.server.ts";

type Executor = Transaction | ReturnType<typeof getDb>;

const ERASED_NAME = "(erased)";

export type WaitlistEntryWithEvent = WaitlistEntryRow & { eventTitle: string; eventDate: string };

const byAddresses = (addresses: string[]): SQL =>
  or(...addresses.map((a) => sql`lower(${waitlistEntries.email}) = ${a.trim().toLowerCase()}`)) as SQL;

/** The waitlist entries made with this address (any case), oldest first, with their event. */
export async function findWaitlistEntries(email: string, db: Executor = getDb()): Promise<WaitlistEntryWithEvent[]> {
  const rows = await db
    .select({ entry: waitlistEntries, eventTitle: events.title, eventDate: events.date })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.event_id))
    .where(byAddresses([email]))
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id));
  return rows.map((r) => ({ ...r.entry, eventTitle: r.eventTitle, eventDate: r.eventDate }));
}

/** The waitlist part of the subject-access export. */
export function waitlistDataExport(rows: WaitlistEntryWithEvent[]) {
  return rows.map((e) => ({
    event: e.eventTitle,
    event_date: e.eventDate,
    name: e.name,
    email: e.email,
    places: e.places,
    status: e.status,
    joined: e.created_at.toISOString(),
    offered: e.offered_at?.toISOString() ?? null,
    offer_held_until: e.offer_expires_at?.toISOString() ?? null,
    times_offered: e.offers,
  }));
}

/**
 * Removes the name and address from every waitlist entry made with these addresses and
 * takes those still in line out of it. Returns how many entries, and the events whose
 * line changed (refill them after the transaction commits: `refillAfterErasure`).
 */
export async function eraseWaitlistEntries(tx: Executor, addresses: string[]): Promise<{ entries: number; events: number[] }> {
  if (addresses.length === 0) return { entries: 0, events: [] };
  const now = new Date();
  const inLine = await tx
    .update(waitlistEntries)
    .set({ status: "removed", offer_expires_at: null })
    .where(and(byAddresses(addresses), inArray(waitlistEntries.status, ["waiting", "offered", "lapsed"])))
    .returning({ event_id: waitlistEntries.event_id });
  const rows = await tx
    .update(waitlistEntries)
    .set({
      name: ERASED_NAME,
      email: sql`'erased-' || ${waitlistEntries.id} || '@erased.invalid'`,
      supporter_id: null,
      offer_token_hash: null,
      updated_at: now,
    })
    .where(byAddresses(addresses))
    .returning({ id: waitlistEntries.id });
  return { entries: rows.length, events: [...new Set(inLine.map((r) => r.event_id))] };
}

/** After an erasure took people out of line: offers the places they held to the next in line. */
export async function refillAfterErasure(eventIds: number[]): Promise<void> {
  for (const id of eventIds) await refillWaitlist(id);
}
