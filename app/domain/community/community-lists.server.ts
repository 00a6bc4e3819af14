/**
 * Public reads of the built-in community content that has no admin screen yet:
 * award winners. Each falls back
 * to the sample content by the rule in app/content/sample-fallback.server.ts.
 */
import { asc, desc } from "drizzle-orm";
import {
  SAMPLE_AWARD_WINNERS,
  type SampleAwardWinner,
} from "../../content/sample-content.ts";
import { getDb } from "../../db/client.server.ts";
import { awardWinners } from "../../db/schema.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";

export function listAwardWinners() {
  return withSampleFallback<SampleAwardWinner>(
    "award winners",
    () =>
      getDb()
        .select({
          year: awardWinners.year,
          category: awardWinners.category,
          name: awardWinners.name,
          achievement: awardWinners.achievement,
          image: awardWinners.image,
        })
        .from(awardWinners)
        .orderBy(desc(awardWinners.year), asc(awardWinners.id)),
    () => SAMPLE_AWARD_WINNERS,
  );
}

/** Groups rows by year, newest year first. */
export function groupByYear<T extends { year: number }>(rows: T[]): { year: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.year, [...(groups.get(row.year) ?? []), row]);
  return [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([year, items]) => ({ year, items }));
}
