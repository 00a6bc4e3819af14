/**
 * The FAQ shown on the Support page: questions and answers in the order staff give them,
 * each shown or hidden. Every write is audited and announced on the "faqs" topic. When the
 * read fails, the starting questions are shown.
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, eq, max, sql } from "drizzle-orm";
import { STARTING_FAQS } from "./sample.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { faqs, type FaqRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import type { FaqFormData } from "./faqs.schema.ts";

export function listPublicFaqs() {
  return withSampleFallback<{ question: string; answer: string }>(
    "faqs",
    () =>
      cachedRead("faqs", "visible", () =>
        getDb()
          .select({ question: faqs.question, answer: faqs.answer })
          .from(faqs)
          .where(eq(faqs.is_visible, true))
          .orderBy(asc(faqs.sort_order), asc(faqs.id)),
      ),
    () => STARTING_FAQS,
  );
}

export function listFaqsForAdmin(): Promise<FaqRow[]> {
  return getDb().select().from(faqs).orderBy(asc(faqs.sort_order), asc(faqs.id));
}

export async function getFaq(id: number): Promise<FaqRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(faqs).where(eq(faqs.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a question keeps: everything staff edit. */
export const faqRevisionData = (row: FaqRow) => ({ question: row.question, answer: row.answer, is_visible: row.is_visible });

/** Announces a change and audits it; a change to the question itself (`row`) also keeps a revision. */
async function changed(actor: AuditActor, action: AuditAction, id: number, details: Record<string, unknown>, row?: FaqRow) {
  publishChange("faqs");
  if (row) await recordRevision("faq", id, faqRevisionData(row), actor);
  return recordAudit(actor, action, { entity: "faq", entityId: id, details });
}

export async function createFaq(input: FaqFormData, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(faqs.sort_order) }).from(faqs);
    const [created] = await tx
      .insert(faqs)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await changed(actor, "faq.created", row.id, { question: row.question }, row);
  return row;
}

export async function updateFaq(id: number, input: FaqFormData, actor: AuditActor) {
  const before = await getFaq(id);
  if (!before) return null;
  const [row] = await getDb()
    .update(faqs)
    .set({ ...input, updated_at: sql`now()` })
    .where(eq(faqs.id, id))
    .returning();
  if (!row) return null;
  const fields = (["question", "answer", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await changed(actor, "faq.updated", id, { question: row.question, changed: fields }, row);
  return row;
}

export async function setFaqVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(faqs).set({ is_visible: visible, updated_at: sql`now()` }).where(eq(faqs.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "faq.shown" : "faq.hidden", id, { question: row.question }, row);
  return row;
}

/** Swaps a question with its neighbour above or below; false when it is already first or last (or missing). */
export async function moveFaq(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getFaq(id);
  if (!row || !(await moveInOrder("faqs", id, direction))) return false;
  await changed(actor, "faq.moved", id, { question: row.question, direction });
  return true;
}

export async function deleteFaq(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(faqs).where(eq(faqs.id, id)).returning();
  if (!row) return false;
  await changed(actor, "faq.deleted", id, { question: row.question });
  return true;
}
