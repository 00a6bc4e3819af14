/**
 * Public reads of the built-in community content that has no admin screen yet:
 * local causes and Community Fund recipients. Each falls back
 * to the sample content by the rule in app/content/sample-fallback.server.ts.
 */
import { asc, desc, sql } from "drizzle-orm";
import {
  SAMPLE_CAUSES,
  SAMPLE_FUND_RECIPIENTS,
  type SampleCause,
  type SampleFundRecipient,
} from "../../content/sample-content.ts";
import { getDb } from "../../db/client.server.ts";
import { causes, fundRecipients } from "../../db/schema.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";

export function listCauses() {
  return withSampleFallback<SampleCause>(
    "causes",
    () =>
      getDb()
        .select({
          title: causes.title,
          description: causes.description,
          image: causes.image,
          // Staff's figure for money raised off the site, plus the paid gifts given to this cause.
          // (Table names written out: Drizzle leaves them off the columns of a one-table select.)
          raised: sql<number>`("causes"."raised" + coalesce((select sum(d.amount_pence) from donations d where d.cause_id = "causes"."id" and d.status = 'paid'), 0) / 100)::int`,
          goal: causes.goal,
        })
        .from(causes)
        .orderBy(asc(causes.sort_order), asc(causes.id)),
    () => SAMPLE_CAUSES,
  );
}

export function listFundRecipients() {
  return withSampleFallback<SampleFundRecipient>(
    "fund recipients",
    () =>
      getDb()
        .select({ year: fundRecipients.year, name: fundRecipients.name, purpose: fundRecipients.purpose, amount: fundRecipients.amount })
        .from(fundRecipients)
        .orderBy(desc(fundRecipients.year), asc(fundRecipients.id)),
    () => SAMPLE_FUND_RECIPIENTS,
  );
}

/** Groups rows by year, newest year first. */
export function groupByYear<T extends { year: number }>(rows: T[]): { year: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.year, [...(groups.get(row.year) ?? []), row]);
  return [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([year, items]) => ({ year, items }));
}
