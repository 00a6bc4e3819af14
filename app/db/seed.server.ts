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
  sampleCraftFairs,
  sampleEvents,
  SAMPLE_FUND_RECIPIENTS,
  SAMPLE_HERO_SUBTITLE,
  SAMPLE_TRUSTEES,
} from "../content/sample-content.ts";
import { SAMPLE_NEWS } from "../content/sample-news.ts";
import { LEGAL_PAGES, LEGAL_STARTING_TEXT, STARTING_CONTACT, STARTING_FAQS, startingAwardRound } from "../content/starting-content.ts";
import type { Database } from "./client.server.ts";
import * as t from "./schema.ts";

export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts.
    await tx.execute(sql`lock table site_settings in exclusive mode`);
    const existing = await tx.select({ id: t.siteSettings.id }).from(t.siteSettings).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(t.siteSettings).values({ ...DEFAULT_SETTINGS, hero_subtitle: SAMPLE_HERO_SUBTITLE });
    await tx.insert(t.events).values(sampleEvents());
    await tx.insert(t.craftFairs).values(sampleCraftFairs());
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

/**
 * Sections added after the first release: each gets its starting content the first time
 * the site starts with it (a fresh install or an upgrade), recorded in content_seeded so it
 * is never written again, even when staff empty the section.
 */
export async function seedNewSections(db: Database): Promise<string[]> {
  const sections: Record<string, (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<unknown>> = {
    "legal-pages": (tx) =>
      tx
        .insert(t.legalPages)
        .values(LEGAL_PAGES.map((p) => ({ slug: p.slug, title: p.title, body: LEGAL_STARTING_TEXT[p.slug] })))
        .onConflictDoNothing(),
    faqs: (tx) => tx.insert(t.faqs).values(STARTING_FAQS.map((f, i) => ({ ...f, sort_order: i }))),
    "contact-details": (tx) => tx.insert(t.contactDetails).values(STARTING_CONTACT).onConflictDoNothing(),
    "award-round": (tx) => tx.insert(t.awardRound).values(startingAwardRound()).onConflictDoNothing(),
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table content_seeded in exclusive mode`);
    const done = new Set((await tx.select({ section: t.contentSeeded.section }).from(t.contentSeeded)).map((r) => r.section));
    const written: string[] = [];
    for (const [section, write] of Object.entries(sections)) {
      if (done.has(section)) continue;
      await write(tx);
      await tx.insert(t.contentSeeded).values({ section });
      written.push(section);
    }
    return written;
  });
}
