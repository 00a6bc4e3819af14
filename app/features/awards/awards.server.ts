/**
 * The Community Awards: the current round (dates, venue, categories) and the past winners
 * by year, edited by staff. Every write is audited, keeps a revision (not deletions) and is
 * announced on the "awards" topic.
 * Nominations are taken only between the round's opening and closing dates (UK dates);
 * the public form and the server both follow `nominationsState`.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { SAMPLE_AWARD_WINNERS, startingAwardRound } from "./sample.server.ts";
import { getDb } from "../../db/client.server.ts";
import { awardRound, awardWinners, type AwardWinnerRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { withImageDetails } from "../media/index.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { categoriesText, parseCategories, type AwardRoundFormData, type AwardWinnerFormData } from "./awards.schema.ts";
import type { AwardCategory } from "./nominations.ts";

export interface AwardRound {
  nominations_open: string;
  nominations_close: string;
  ceremony_date: string;
  ceremony_time: string;
  venue: string;
  categories: AwardCategory[];
}

export async function getAwardRound(): Promise<AwardRound> {
  try {
    const row = await cachedRead("awards", "round", async () => {
      const [found] = await getDb().select().from(awardRound).where(eq(awardRound.id, 1)).limit(1);
      return found ?? null;
    });
    if (row) {
      const { id: _id, created_at: _c, updated_at: _u, ...round } = row;
      return round;
    }
  } catch (error) {
    logger.error({ err: error, section: "awards round" }, "public read failed; showing the starting round");
  }
  return startingAwardRound();
}

/** What a revision of the round keeps: its form (categories as "Title: description" lines). */
export const awardRoundRevisionData = (round: AwardRound) => ({
  nominations_open: round.nominations_open,
  nominations_close: round.nominations_close,
  ceremony_date: round.ceremony_date,
  ceremony_time: round.ceremony_time,
  venue: round.venue,
  categories: categoriesText(round.categories),
});

/** What a revision of a winner keeps: everything staff edit (and which photo it had). */
export const awardWinnerRevisionData = (row: AwardWinnerRow) => ({
  year: row.year,
  category: row.category,
  name: row.name,
  achievement: row.achievement,
  image: row.image,
});

export async function saveAwardRound(input: AwardRoundFormData, actor: AuditActor): Promise<void> {
  const before = await getAwardRound();
  const values = { ...input, categories: parseCategories(input.categories, before.categories) };
  await getDb()
    .insert(awardRound)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: awardRound.id, set: { ...values, updated_at: sql`now()` } });
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]));
  publishChange("awards");
  await recordRevision("award-round", "current", awardRoundRevisionData(values), actor, { original: awardRoundRevisionData(before) });
  await recordAudit(actor, "award_round.updated", { entity: "award_round", entityId: 1, details: { changed } });
}

export function listAwardWinners() {
  return withSampleFallback(
    "award winners",
    () =>
      cachedRead("awards", "winners", () =>
        getDb()
          .select({ year: awardWinners.year, category: awardWinners.category, name: awardWinners.name, achievement: awardWinners.achievement, image: awardWinners.image })
          .from(awardWinners)
          .orderBy(desc(awardWinners.year), asc(awardWinners.id))
          .then(withImageDetails),
      ),
    () => SAMPLE_AWARD_WINNERS.map((w) => ({ ...w, image_alt: "" }) as typeof w & { image_alt: string; image_focal?: string }),
  );
}

export function listWinnersForAdmin(): Promise<AwardWinnerRow[]> {
  return getDb().select().from(awardWinners).orderBy(desc(awardWinners.year), asc(awardWinners.id));
}

export async function getWinner(id: number): Promise<AwardWinnerRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(awardWinners).where(eq(awardWinners.id, id)).limit(1);
  return row ?? null;
}

/** A winner's fields with the photo: a URL, null for none, or (when updating) undefined to keep it. */
type WinnerInput = AwardWinnerFormData & { image?: string | null };
const winnerValues = (input: WinnerInput) => ({ ...input, year: Number(input.year) });

export async function createWinner(input: WinnerInput, actor: AuditActor) {
  const [row] = await getDb().insert(awardWinners).values(winnerValues(input)).returning();
  publishChange("awards");
  await recordRevision("award-winner", row.id, awardWinnerRevisionData(row), actor);
  await recordAudit(actor, "award_winner.created", { entity: "award_winner", entityId: row.id, details: { name: row.name, year: row.year } });
  return row;
}

export async function updateWinner(id: number, input: WinnerInput, actor: AuditActor) {
  const before = await getWinner(id);
  if (!before) return null;
  const [row] = await getDb().update(awardWinners).set(winnerValues(input)).where(eq(awardWinners.id, id)).returning();
  if (!row) return null;
  publishChange("awards");
  await recordRevision("award-winner", row.id, awardWinnerRevisionData(row), actor);
  await recordAudit(actor, "award_winner.updated", { entity: "award_winner", entityId: id, details: { name: row.name, year: row.year } });
  return row;
}

export async function deleteWinner(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(awardWinners).where(eq(awardWinners.id, id)).returning();
  if (!row) return false;
  publishChange("awards");
  await recordAudit(actor, "award_winner.deleted", { entity: "award_winner", entityId: id, details: { name: row.name, year: row.year } });
  return true;
}
