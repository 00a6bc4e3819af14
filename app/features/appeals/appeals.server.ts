/**
 * Appeals: a cause run for a limited time. What an appeal raised is the paid gifts to its
 * cause (card, offline and collections alike) on its days (Europe/London); a matcher adds
 * the gifts of the matched window again, up to the cap, worked out here and never written
 * into the gifts. Writes are audited and published on the "appeals" topic.
 */
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";
import { causes } from "../causes/table.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { appealState, matchedPence, matchRunning, type AppealState } from "./rules.ts";
import { appealUpdates, appeals } from "./table.ts";

export interface AppealInput {
  goalPence: number;
  startsOn: string;
  endsOn: string;
  match: { matcherName: string; from: string; to: string; capPence: number } | null;
}

export interface PublicAppeal {
  id: number;
  causeId: number;
  title: string;
  description: string;
  goalPence: number;
  startsOn: string;
  endsOn: string;
  state: AppealState;
  raisedPence: number;
  gifts: number;
  match: { matcherName: string; from: string; to: string; capPence: number; matchedPence: number; running: boolean } | null;
  updates: { id: number; body: string; postedAt: string }[];
}

const londonDay = sql`(${donations.paid_at} at time zone 'Europe/London')::date`;

async function figures(causeId: number, from: string, to: string) {
  const [row] = await getDb()
    .select({ pence: sql<string>`coalesce(sum(${donations.amount_pence}), 0)::text`, gifts: sql<number>`count(*)::int` })
    .from(donations)
    .where(and(eq(donations.cause_id, causeId), eq(donations.status, "paid"), sql`${londonDay} between ${from}::date and ${to}::date`));
  return { pence: Number(row!.pence), gifts: row!.gifts };
}

type AppealRow = typeof appeals.$inferSelect;

async function shape(row: AppealRow & { title: string; description: string }, today: string): Promise<PublicAppeal> {
  const raised = await figures(row.cause_id, row.starts_on, row.ends_on);
  let match: PublicAppeal["match"] = null;
  if (row.match_from && row.match_to && row.match_cap_pence) {
    // Only the window's days inside the appeal count.
    const from = row.match_from > row.starts_on ? row.match_from : row.starts_on;
    const to = row.match_to < row.ends_on ? row.match_to : row.ends_on;
    const windowGifts = from <= to ? (await figures(row.cause_id, from, to)).pence : 0;
    match = { matcherName: row.matcher_name, from: row.match_from, to: row.match_to, capPence: row.match_cap_pence, matchedPence: matchedPence(windowGifts, row.match_cap_pence), running: matchRunning(row, today) };
  }
  const updates = await getDb().select().from(appealUpdates).where(eq(appealUpdates.appeal_id, row.id)).orderBy(desc(appealUpdates.posted_at)).limit(20);
  return {
    id: row.id,
    causeId: row.cause_id,
    title: row.title,
    description: row.description,
    goalPence: row.goal_pence,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    state: appealState(row, today),
    raisedPence: raised.pence,
    gifts: raised.gifts,
    match,
    updates: updates.map((u) => ({ id: u.id, body: u.body, postedAt: u.posted_at.toISOString() })),
  };
}

const withCause = { ...getTableColumns(appeals), title: causes.title, description: causes.description };

/** One appeal of a visible cause, for its public page. Null when there is none. */
export async function publicAppeal(id: number, today: string): Promise<PublicAppeal | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await getDb().select(withCause).from(appeals).innerJoin(causes, eq(causes.id, appeals.cause_id)).where(and(eq(appeals.id, id), eq(causes.is_visible, true)));
  return row ? shape(row, today) : null;
}

/** Every appeal of a visible cause: open ones first (ending soonest), then upcoming, then closed (latest first). */
export async function listPublicAppeals(today: string): Promise<PublicAppeal[]> {
  const rows = await getDb().select(withCause).from(appeals).innerJoin(causes, eq(causes.id, appeals.cause_id)).where(eq(causes.is_visible, true)).orderBy(asc(appeals.ends_on));
  const all = await Promise.all(rows.map((r) => shape(r, today)));
  const rank = { open: 0, upcoming: 1, closed: 2 } as const;
  return all.sort((a, b) => rank[a.state] - rank[b.state] || (a.state === "closed" ? b.endsOn.localeCompare(a.endsOn) : a.endsOn.localeCompare(b.endsOn)));
}

/** The appeal of a cause (staff), or null. */
export async function appealOfCause(causeId: number, today: string): Promise<PublicAppeal | null> {
  if (!Number.isSafeInteger(causeId) || causeId < 1) return null;
  const [row] = await getDb().select(withCause).from(appeals).innerJoin(causes, eq(causes.id, appeals.cause_id)).where(eq(appeals.cause_id, causeId));
  return row ? shape(row, today) : null;
}

export async function causeForAppeal(causeId: number) {
  if (!Number.isSafeInteger(causeId) || causeId < 1) return null;
  const [row] = await getDb().select({ id: causes.id, title: causes.title }).from(causes).where(eq(causes.id, causeId));
  return row ?? null;
}

/** Starts or changes the appeal of a cause. */
export async function saveAppeal(causeId: number, input: AppealInput, actor: AuditActor) {
  const values = {
    goal_pence: input.goalPence,
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    matcher_name: input.match?.matcherName ?? "",
    match_from: input.match?.from ?? null,
    match_to: input.match?.to ?? null,
    match_cap_pence: input.match?.capPence ?? null,
  };
  const [row] = await getDb()
    .insert(appeals)
    .values({ cause_id: causeId, ...values })
    .onConflictDoUpdate({ target: appeals.cause_id, set: values })
    .returning();
  publishChange("appeals");
  await recordAudit(actor, "appeal.saved", { entity: "appeal", entityId: row!.id, details: { cause_id: causeId, goal_pence: input.goalPence, ends_on: input.endsOn, matched: Boolean(input.match) } });
  return row!;
}

/** Posts a short update on an appeal (shown newest first). */
export async function postAppealUpdate(appealId: number, body: string, actor: AuditActor) {
  const [row] = await getDb().insert(appealUpdates).values({ appeal_id: appealId, body }).returning();
  publishChange("appeals");
  await recordAudit(actor, "appeal.update_posted", { entity: "appeal", entityId: appealId, details: { update: row!.id } });
  return row!;
}
