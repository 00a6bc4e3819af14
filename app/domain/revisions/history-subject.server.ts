/**
 * What the History screen needs for one kind of content: the item's name, where it is
 * edited, its current version (as a revision would keep it), the labels of its fields, and
 * how to restore a revision through the owning code (which records a new revision). The
 * layered types' subjects are in app/routes/admin/history.server.ts; a feature folder
 * exports its own from `history.server.ts` as `historySubjects`.
 */
import type { ZodType } from "zod";
import type { AuditActor } from "../audit/audit.server.ts";
import { formValues } from "../listings/listing-fields.schema.ts";

export interface HistorySubject {
  name: string;
  editPath: string;
  current: Record<string, unknown>;
  labels: Record<string, string>;
  restore: (data: Record<string, unknown>, actor: AuditActor) => Promise<boolean>;
}

/** A type's subject: the item named by a history address (`numeric`: the id as a number, 0 when it is not one). */
export type HistorySubjectOf = (id: string, numeric: number) => Promise<HistorySubject | null>;

/**
 * A restore through the item's own form: the revision's values as the form would send them
 * (with `extra` for fields the revision does not keep), checked by the form's schema, then
 * saved by `save`. False when they no longer pass the checks or the item is gone.
 */
export async function throughForm<T>(
  schema: ZodType<T>,
  fields: readonly string[],
  data: Record<string, unknown>,
  save: (input: T) => Promise<unknown>,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  const parsed = schema.safeParse(formValues({ ...data, ...extra }, fields));
  if (!parsed.success) return false;
  const saved = await save(parsed.data);
  return saved !== null && saved !== false;
}

