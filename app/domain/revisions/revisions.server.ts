/**
 * Revisions: every saved version of a piece of staff-edited content, keyed by content
 * type ("page", "cause", "trustee") and the item's id within that type, with who saved
 * it and when. The owning domain records a revision after each change (the new state);
 * restoring one is done by the owning domain's update, which records a new revision.
 * Each item keeps its newest `REVISIONS_KEPT` versions, the ones History lists; the
 * housekeeping job deletes older ones (`pruneRevisions`), so the table grows with the
 * number of items, not with every save.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { contentRevisions, type ContentRevisionRow } from "../../db/schema.ts";
import { REGISTERED_REVISION_TYPES, type RegisteredRevisionType } from "../../lib/content-types.ts";
import type { AuditActor } from "../audit/audit.server.ts";

/** The content types History keeps, from the registry (app/lib/content-types.ts: `revision`). */
export const REVISION_TYPES = REGISTERED_REVISION_TYPES;
export type RevisionType = RegisteredRevisionType;

/** How many revisions of one item are kept, and listed by the History screen. */
export const REVISIONS_KEPT = 50;

/**
 * Records the item's new state. `original`: the item as it was before this change; kept
 * first, as the original, when the item has no revision yet (its first edit), so History
 * can always go back to the words the item started with.
 */
export async function recordRevision(
  type: RevisionType,
  id: string | number,
  data: Record<string, unknown>,
  actor: AuditActor,
  options: { original?: Record<string, unknown> } = {},
) {
  await getDb().transaction(async (tx) => {
    if (options.original) {
      await tx.execute(sql`
        insert into ${contentRevisions} (content_type, content_id, data, actor_email, is_original)
        select ${type}, ${String(id)}, ${JSON.stringify(options.original)}::jsonb, null, true
        where not exists (
          select 1 from ${contentRevisions} where content_type = ${type} and content_id = ${String(id)}
        )`);
    }
    await tx.insert(contentRevisions).values({ content_type: type, content_id: String(id), data, actor_email: actor.email ?? null });
  });
}

/** The revisions of one item, newest first. */
export function listRevisions(type: RevisionType, id: string | number): Promise<ContentRevisionRow[]> {
  return getDb()
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.content_type, type), eq(contentRevisions.content_id, String(id))))
    .orderBy(desc(contentRevisions.id))
    .limit(REVISIONS_KEPT);
}

/** One revision of one item; null when it does not exist or belongs to another item. */
export async function getRevision(type: RevisionType, id: string | number, revisionId: number): Promise<ContentRevisionRow | null> {
  if (!Number.isSafeInteger(revisionId) || revisionId < 1 || revisionId > 2_147_483_647) return null;
  const [row] = await getDb()
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.content_type, type), eq(contentRevisions.content_id, String(id))))
    .limit(1);
  return row ?? null;
}

/** Deletes every revision older than its item's newest `REVISIONS_KEPT`; how many went. */
export async function pruneRevisions(): Promise<number> {
  const ranked = sql`select id from (
      select id, row_number() over (partition by content_type, content_id order by id desc) as newer
      from ${contentRevisions}
    ) ranked where newer > ${REVISIONS_KEPT}`;
  const result = await getDb().delete(contentRevisions).where(sql`${contentRevisions.id} in (${ranked})`);
  return result.rowCount ?? 0;
}
