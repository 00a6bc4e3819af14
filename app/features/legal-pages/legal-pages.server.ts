/**
 * Legal pages (privacy notice, volunteer and stallholder terms, accessibility and cookie
 * statements): a fixed set of pages whose title and text staff edit. Every save is audited,
 * keeps a revision and is announced on the "legal-pages" topic. When a read fails (or a page has no row), the
 * starting text is shown.
 */
import { asc, eq, sql } from "drizzle-orm";
import { LEGAL_PAGES, type LegalSlug } from "../../content/legal-pages.ts";
import { LEGAL_STARTING_TEXT } from "./starting-text.ts";
import { getDb } from "../../db/client.server.ts";
import { legalPages } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import type { LegalPageFormData } from "./legal-pages.schema.ts";

export interface LegalPage {
  slug: LegalSlug;
  path: string;
  title: string;
  body: string;
  updated_at: Date | null;
}

export const isLegalSlug = (value: unknown): value is LegalSlug => LEGAL_PAGES.some((p) => p.slug === value);

function starting(slug: LegalSlug): LegalPage {
  const page = LEGAL_PAGES.find((p) => p.slug === slug)!;
  return { slug, path: page.path, title: page.title, body: LEGAL_STARTING_TEXT[slug], updated_at: null };
}

export async function getLegalPage(slug: LegalSlug): Promise<LegalPage> {
  try {
    const row = await cachedRead("legal-pages", slug, async () => {
      const [found] = await getDb().select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1);
      return found ?? null;
    });
    return row ? { ...starting(slug), title: row.title, body: row.body, updated_at: row.updated_at } : starting(slug);
  } catch (error) {
    logger.error({ err: error, section: "legal pages" }, "public read failed; showing starting text");
    return starting(slug);
  }
}

export async function listLegalPagesForAdmin(): Promise<LegalPage[]> {
  const rows = await getDb().select().from(legalPages).orderBy(asc(legalPages.slug));
  return LEGAL_PAGES.map((p) => {
    const row = rows.find((r) => r.slug === p.slug);
    return row ? { ...starting(p.slug), title: row.title, body: row.body, updated_at: row.updated_at } : starting(p.slug);
  });
}

export async function updateLegalPage(slug: LegalSlug, input: LegalPageFormData, actor: AuditActor): Promise<void> {
  const before = await getDb().select().from(legalPages).where(eq(legalPages.slug, slug)).limit(1);
  await getDb()
    .insert(legalPages)
    .values({ slug, ...input })
    .onConflictDoUpdate({ target: legalPages.slug, set: { ...input, updated_at: sql`now()` } });
  const changed = (["title", "body"] as const).filter((f) => before[0]?.[f] !== input[f]);
  publishChange("legal-pages");
  const original = before[0] ?? starting(slug);
  await recordRevision("legal-page", slug, { title: input.title, body: input.body }, actor, { original: { title: original.title, body: original.body } });
  await recordAudit(actor, "legal_page.updated", { entity: "legal_page", entityId: slug, details: { title: input.title, changed } });
}
