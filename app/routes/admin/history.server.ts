/**
 * What the history screen needs for each kind of content: the item's name, where it is
 * edited, its current version (as a revision would keep it), the labels of its fields,
 * and how to restore a revision through the owning feature (which records a new revision).
 * A restored version goes through the item's form checks again, as if staff had typed it.
 * Restoring brings back texts, figures and show/hide; an image or file stays as it is now,
 * because a replaced one is not kept.
 */
import type { HistorySubject, HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import type { RevisionType } from "../../domain/revisions/revisions.server.ts";

/** Every revisioned type's subject comes from its feature folder's `history.server.ts` (`export const historySubjects`), found here by itself. */
const FEATURE_SUBJECTS = Object.values(import.meta.glob<{ historySubjects: Partial<Record<RevisionType, HistorySubjectOf>> }>("../../features/*/history.server.ts", { eager: true })).map((module) => module.historySubjects);
const SUBJECTS: Partial<Record<RevisionType, HistorySubjectOf>> = Object.assign({}, ...FEATURE_SUBJECTS);

/** The revision types with a subject (every one the registry declares; tests/integration/revisions.test.ts checks it). */
export const historyTypes = () => Object.keys(SUBJECTS) as RevisionType[];

/** The item a history address names; null when there is no such item (or no subject for the type). */
export async function historySubject(type: RevisionType, id: string): Promise<HistorySubject | null> {
  const numeric = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (await SUBJECTS[type]?.(id, numeric)) ?? null;
}
