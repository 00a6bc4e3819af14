/**
 * The supporter record and email consent: find-or-create by normalised email inside the
 * caller's transaction, and consent recorded as events.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, type Database } from "../../db/client.server.ts";
import { consentEvents, supporterActivity, supporters } from "./table.ts";
import { normaliseEmail } from "./consent.ts";

export type Executor = Pick<Database, "insert" | "select" | "update" | "delete" | "execute">;

export interface SupporterDetails {
  email: string;
  /** Full name as given; an empty name never overwrites a known one. */
  name?: string | null;
  postcode?: string | null;
}

/**
 * The supporter for this address, made if new (in the same transaction as the gift,
 * booking or form that names them). A name or postcode given now replaces the one held:
 * the latest a person told us is the one kept. Returns null for an empty address.
 */
export async function linkSupporter(tx: Executor, details: SupporterDetails): Promise<string | null> {
  const email = normaliseEmail(details.email);
  if (!email) return null;
  const name = (details.name ?? "").trim().slice(0, 200);
  const postcode = (details.postcode ?? "").trim().toUpperCase().slice(0, 12);
  const [row] = await tx
    .insert(supporters)
    .values({ email, name, postcode })
    .onConflictDoUpdate({
      target: supporters.email,
      set: {
        name: sql`case when excluded.name <> '' then excluded.name else ${supporters.name} end`,
        postcode: sql`case when excluded.postcode <> '' then excluded.postcode else ${supporters.postcode} end`,
        updated_at: sql`case when excluded.name <> '' or excluded.postcode <> '' then now() else ${supporters.updated_at} end`,
      },
    })
    .returning({ id: supporters.id });
  return row.id;
}

export interface ConsentChange {
  supporterId: string;
  given: boolean;
  /** How: the form, page or staff action. */
  source: string;
  /** The exact words the person saw. */
  wording: string;
  at?: Date;
}

/** Records a consent event (given or withdrawn). */
export async function recordConsent(tx: Executor, change: ConsentChange): Promise<void> {
  await tx.insert(consentEvents).values({
    supporter_id: change.supporterId,
    given: change.given,
    source: change.source,
    wording: change.wording,
    at: change.at ?? new Date(),
  });
}

export interface ConsentState {
  subscribed: boolean;
  since: Date | null;
  source: string | null;
}

/** The current state: the latest event, or not subscribed when there is none. */
export async function currentConsent(supporterId: string, db: Executor = getDb()): Promise<ConsentState> {
  const [latest] = await db
    .select({ given: consentEvents.given, at: consentEvents.at, source: consentEvents.source })
    .from(consentEvents)
    .where(eq(consentEvents.supporter_id, supporterId))
    .orderBy(desc(consentEvents.at), desc(consentEvents.id))
    .limit(1);
  return latest ? { subscribed: latest.given, since: latest.at, source: latest.source } : { subscribed: false, since: null, source: null };
}

/**
 * Links the person and, when they ticked the consent box, records it with its wording.
 * The one call a public form makes.
 */
export async function linkFromForm(
  tx: Executor,
  details: SupporterDetails & { consent?: { wording: string; source: string } | null },
): Promise<string | null> {
  const id = await linkSupporter(tx, details);
  if (id && details.consent) await recordConsent(tx, { supporterId: id, given: true, ...details.consent });
  return id;
}

/** An entry on a supporter's timeline that no other table holds (a merge, an email sent). */
export async function recordActivity(
  tx: Executor,
  entry: { supporterId: string; kind: "merged" | "email"; summary: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(supporterActivity).values({ supporter_id: entry.supporterId, kind: entry.kind, summary: entry.summary, details: entry.details ?? {} });
}

/** The supporter with this (normalised) address, or null. */
export async function supporterByEmail(email: string, db: Executor = getDb()) {
  const [row] = await db.select().from(supporters).where(eq(supporters.email, normaliseEmail(email))).limit(1);
  return row ?? null;
}

export async function supporterById(id: string, db: Executor = getDb()) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(supporters).where(eq(supporters.id, id)).limit(1);
  return row ?? null;
}

export async function supporterByPreferencesToken(token: string, db: Executor = getDb()) {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const [row] = await db.select().from(supporters).where(and(eq(supporters.preferences_token, token))).limit(1);
  return row ?? null;
}

/** Clears the "address refused" mark (staff checked the address works again). */
export async function clearRefusal(id: string, db: Executor = getDb()): Promise<void> {
  await db.update(supporters).set({ email_refused_at: null, email_refused_reason: null }).where(eq(supporters.id, id));
}
