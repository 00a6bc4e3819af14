/**
 * Page texts, stored: one row per text staff have saved; a text with no row reads as its
 * default (page-texts.ts). Saving a page validates every field, stores the changed ones,
 * records a revision of the whole page, writes the audit log and announces "page-texts"
 * so the public pages and caches refresh. A refused save changes nothing.
 */
import { like, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { pageTexts } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { pageDefaults, pageFields, pageTextsSchema, type PageKey, type PageTexts } from "./page-texts.ts";
import { firstIssues } from "../../lib/form-submission.ts";

async function readPage<P extends PageKey>(page: P): Promise<PageTexts<P>> {
  const rows = await getDb()
    .select({ key: pageTexts.key, value: pageTexts.value })
    .from(pageTexts)
    .where(like(pageTexts.key, `${page}.%`));
  const texts: Record<string, string> = { ...pageDefaults(page) };
  const known = new Set(pageFields(page).map((f) => f.key));
  for (const row of rows) {
    const key = row.key.slice(page.length + 1);
    if (known.has(key)) texts[key] = row.value;
  }
  return texts as PageTexts<P>;
}

/** One page's texts for the public site (cached; the defaults when the read fails). */
export async function getPageTexts<P extends PageKey>(page: P): Promise<PageTexts<P>> {
  try {
    return await cachedRead("page-texts", page, () => readPage(page));
  } catch (error) {
    logger.error({ err: error, page }, "page texts could not be read; showing the built-in texts");
    return pageDefaults(page);
  }
}

/** One page's texts for the admin screen (never cached). */
export const getPageTextsForAdmin = readPage;

export type SavePageTextsResult = { ok: true; changed: string[] } | { ok: false; errors: Record<string, string> };

/** Saves one page's texts from the submitted values; field errors change nothing. */
export async function savePageTexts(page: PageKey, values: Record<string, unknown>, actor: AuditActor): Promise<SavePageTextsResult> {
  const parsed = pageTextsSchema(page).safeParse(values);
  if (!parsed.success) return { ok: false, errors: firstIssues(parsed.error) };
  const next = parsed.data as Record<string, string>;
  const before = (await readPage(page)) as Record<string, string>;
  const changed = pageFields(page)
    .map((f) => f.key)
    .filter((key) => next[key] !== before[key]);
  if (changed.length === 0) return { ok: true, changed };
  await getDb().transaction(async (tx) => {
    await tx
      .insert(pageTexts)
      .values(changed.map((key) => ({ key: `${page}.${key}`, value: next[key] })))
      .onConflictDoUpdate({ target: pageTexts.key, set: { value: sql`excluded.value`, updated_at: sql`now()` } });
  });
  await recordRevision("page", page, next, actor, { original: before });
  publishChange("page-texts");
  await recordAudit(actor, "page_texts.updated", { entity: "page", entityId: page, details: { changed } });
  return { ok: true, changed };
}

/** A text with its {placeholders} filled in ("{venue}"); a placeholder with no value stays as written. */
export function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
