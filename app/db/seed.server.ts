/**
 * First-start seed: when the site_settings row (id 1) does not exist yet, the built-in
 * sample content is written in one transaction. Later starts change nothing, so staff
 * edits and deletions are never undone.
 */
import { sql } from "drizzle-orm";
import {
  DEFAULT_SETTINGS,
  SAMPLE_AWARD_WINNERS,
  SAMPLE_CAUSES,
  SAMPLE_CRAFT_FAIRS,
  SAMPLE_EVENTS,
  SAMPLE_FUND_RECIPIENTS,
  SAMPLE_HERO_SUBTITLE,
  SAMPLE_TRUSTEES,
} from "../content/sample-content.ts";
import { SAMPLE_NEWS } from "../content/sample-news.ts";
import type { Database } from "./client.server.ts";
import * as t from "./schema.ts";

export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts.
    await tx.execute(sql`lock table site_settings in exclusive mode`);
    const existing = await tx.select({ id: t.siteSettings.id }).from(t.siteSettings).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(t.siteSettings).values({ ...DEFAULT_SETTINGS, hero_subtitle: SAMPLE_HERO_SUBTITLE });
    await tx.insert(t.events).values(SAMPLE_EVENTS);
    await tx.insert(t.craftFairs).values(SAMPLE_CRAFT_FAIRS);
    await tx.insert(t.causes).values(SAMPLE_CAUSES.map((c, i) => ({ ...c, sort_order: i })));
    await tx.insert(t.trustees).values(SAMPLE_TRUSTEES.map((c, i) => ({ ...c, sort_order: i })));
    await tx.insert(t.awardWinners).values(SAMPLE_AWARD_WINNERS);
    await tx.insert(t.fundRecipients).values(SAMPLE_FUND_RECIPIENTS);
    await tx.insert(t.newsPosts).values(
      SAMPLE_NEWS.map(({ daysAgo, ...post }) => ({ ...post, status: "published", published_at: new Date(Date.now() - daysAgo * 86_400_000) })),
    );
    // Explicit ids were inserted: move the sequences past them.
    for (const table of ["events", "craft_fairs"]) {
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
      );
    }
    return true;
  });
}
