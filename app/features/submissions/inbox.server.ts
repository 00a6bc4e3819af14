/**
 * The staff side of form submissions (the public side is submissions.server.ts): the
 * inbox list with its filters, one submission with its private files, status and note
 * changes (audited) and the spreadsheet-safe CSV export.
 */
import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { readPage } from "../../db/count.server.ts";
import { containsPattern } from "../../db/like.ts";
import type { PageCount } from "../../lib/paging.ts";
import { formSubmissions, type SubmissionKind } from "./table.ts";
import { inBatches } from "../../lib/csv.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import {
  FIELD_LABELS,
  KIND_LABELS,
  STATUS_LABELS,
  SUBMISSION_KINDS,
  displayValue,
  isKind,
  isStatus,
  NOTE_MAX,
  type InboxFilters,
  type StaffChoices,
  type SubmissionStatus,
} from "./submission-labels.ts";
import { listVolunteerRolesForAdmin } from "../volunteer-roles/index.ts";
import { getAwardRound } from "../awards/index.ts";
import { privateStore } from "../../storage/file-store.server.ts";

export {   type InboxFilters } from "./submission-labels.ts";

export type SubmissionRow = typeof formSubmissions.$inferSelect;

const INBOX_PAGE_SIZE = 25;


/** The titles of the volunteer roles and award categories staff keep, for reading stored choices. */
export async function staffChoices(): Promise<StaffChoices> {
  const [roles, round] = await Promise.all([listVolunteerRolesForAdmin(), getAwardRound()]);
  return {
    interests: Object.fromEntries(roles.map((r) => [r.slug, r.title])),
    category: Object.fromEntries(round.categories.map((c) => [c.id, c.title])),
  };
}

/** Filters from the query string; anything unknown is ignored rather than an error. */
export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  const kind = params.get("kind");
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    kind: isKind(kind) ? kind : null,
    status: isStatus(status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

function whereOf(filters: Pick<InboxFilters, "kind" | "status" | "q">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.kind) conditions.push(eq(formSubmissions.kind, filters.kind));
  if (filters.status) conditions.push(eq(formSubmissions.status, filters.status));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(formSubmissions.name, pattern), ilike(formSubmissions.email, pattern), ilike(formSubmissions.reference, pattern)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type InboxItem = Pick<SubmissionRow, "id" | "reference" | "kind" | "status" | "name" | "email" | "created_at" | "updated_at">;

/**
 * One page of the inbox, newest first, with how many match (counted up to the cap,
 * app/lib/paging.ts). The page's ids are read from the list order's index alone, then
 * their rows, so a far page skips index entries rather than rows.
 */
export async function listSubmissions(filters: InboxFilters, pageSize = INBOX_PAGE_SIZE): Promise<PageCount & { items: InboxItem[] }> {
  const where = whereOf(filters);
  const db = getDb();
  const order = [desc(formSubmissions.created_at), desc(formSubmissions.id)];
  return readPage(formSubmissions, where, filters.page, pageSize, (offset) =>
    db
      .select({
        id: formSubmissions.id,
        reference: formSubmissions.reference,
        kind: formSubmissions.kind,
        status: formSubmissions.status,
        name: formSubmissions.name,
        email: formSubmissions.email,
        created_at: formSubmissions.created_at,
        updated_at: formSubmissions.updated_at,
      })
      .from(formSubmissions)
      .where(inArray(formSubmissions.id, db.select({ id: formSubmissions.id }).from(formSubmissions).where(where).orderBy(...order).limit(pageSize).offset(offset)))
      .orderBy(...order),
  );
}

/** Every submission matching the filters (no paging), newest first: for the export. */
const EXPORT_BATCH = 1000;

/**
 * The filtered list as CSV rows for the export, read in batches (newest first) so the
 * whole list is never in memory: how many match, the header and the batches of rows.
 */
export async function submissionsExport(filters: Pick<InboxFilters, "kind" | "status" | "q">) {
  const where = whereOf(filters);
  const db = getDb();
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(formSubmissions).where(where);
  const present = await db.selectDistinct({ kind: formSubmissions.kind }).from(formSubmissions).where(where);
  const fields = exportFields(SUBMISSION_KINDS.filter((k) => present.some((r) => r.kind === k)));
  const choices = await staffChoices();
  const header = ["Reference", "Kind", "Status", "Received", "Last changed", "Name", "Email", ...fields.map((f) => f.label), "Files", "Internal note"];
  // Keyset on (created_at, id); the time travels as text to keep its microseconds.
  type Row = SubmissionRow & { cursor: string };
  const page = (after: Row | undefined) =>
    db
      .select({ ...getTableColumns(formSubmissions), cursor: sql<string>`${formSubmissions.created_at}::text` })
      .from(formSubmissions)
      .where(and(where, after ? sql`(${formSubmissions.created_at}, ${formSubmissions.id}) < (${after.cursor}::timestamptz, ${after.id})` : undefined))
      .orderBy(desc(formSubmissions.created_at), desc(formSubmissions.id))
      .limit(EXPORT_BATCH);
  async function* rows() {
    for await (const batch of inBatches<Row>(page, EXPORT_BATCH)) {
      yield batch.map((r) => [
        r.reference,
        KIND_LABELS[r.kind] ?? r.kind,
        STATUS_LABELS[r.status] ?? r.status,
        r.created_at,
        r.updated_at,
        r.name,
        r.email,
        ...fields.map((f) => (f.key in r.data ? displayValue(f.key, r.data[f.key], choices) : "")),
        r.files.map((f) => f.name).join("; "),
        r.note,
      ]);
    }
  }
  return { count: n, header, rows: rows() };
}

/** How many submissions wait with the status "new" (the dashboard's count). */
export async function countNewSubmissions(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.status, "new"));
  return row?.n ?? 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getSubmission(id: string): Promise<SubmissionRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
  return row ?? null;
}

export interface SubmissionFile {
  body: ReadableStream<Uint8Array>;
  name: string;
  type: string;
  size: number;
}

/** File number `index` of a submission, when both exist and the file is in the private store. */
export async function getSubmissionFile(id: string, index: number): Promise<SubmissionFile | null> {
  const submission = await getSubmission(id);
  const file = Number.isInteger(index) && index >= 0 ? submission?.files[index] : undefined;
  if (!file) return null;
  const stored = await privateStore().get(file.key);
  if (!stored) return null;
  return { body: stored.body, name: file.name, type: file.type, size: stored.size };
}

export class InboxError extends Error {}

/** Changes the status; audited with the old and new status (no personal data). */
export async function setSubmissionStatus(id: string, status: SubmissionStatus, actor: AuditActor): Promise<SubmissionRow> {
  if (!isStatus(status)) throw new InboxError("Please choose a status from the list.");
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(formSubmissions).where(eq(formSubmissions.id, id)).for("update").limit(1);
    if (!current) throw new InboxError("This submission no longer exists.");
    if (current.status === status) return current;
    const [updated] = await tx
      .update(formSubmissions)
      .set({ status, updated_at: new Date() })
      .where(eq(formSubmissions.id, id))
      .returning();
    await recordAudit(
      actor,
      "submission.status",
      { entity: "form_submission", entityId: id, details: { reference: current.reference, kind: current.kind, from: current.status, to: status } },
      tx,
    );
    return updated!;
  });
}

/** Replaces the internal note; audited without the note's text (it may hold personal data). */
export async function setSubmissionNote(id: string, note: string, actor: AuditActor): Promise<SubmissionRow> {
  const clean = note.replace(/\r\n/g, "\n").trim();
  if (clean.length > NOTE_MAX) throw new InboxError(`Please keep the note under ${NOTE_MAX} characters.`);
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(formSubmissions).where(eq(formSubmissions.id, id)).for("update").limit(1);
    if (!current) throw new InboxError("This submission no longer exists.");
    if (current.note === clean) return current;
    const [updated] = await tx
      .update(formSubmissions)
      .set({ note: clean, updated_at: new Date() })
      .where(eq(formSubmissions.id, id))
      .returning();
    await recordAudit(
      actor,
      "submission.note",
      { entity: "form_submission", entityId: id, details: { reference: current.reference, kind: current.kind, length: clean.length } },
      tx,
    );
    return updated!;
  });
}

// ---------------------------------------------------------------------------------------
// CSV

/** The export's columns after the fixed ones: one per form field of the kinds present. */
function exportFields(kinds: readonly SubmissionKind[]) {
  const fixed = new Set(["email"]);
  const fields: { key: string; label: string }[] = [];
  for (const kind of kinds) {
    for (const [key, label] of Object.entries(FIELD_LABELS[kind])) {
      if (fixed.has(key) || fields.some((f) => f.key === key)) continue;
      fields.push({ key, label: kinds.length > 1 ? `${label} (${KIND_LABELS[kind]})` : label });
    }
  }
  // Fields with the same key in several kinds share a column; name it plainly then.
  for (const f of fields) {
    const inKinds = kinds.filter((k) => f.key in FIELD_LABELS[k]);
    if (inKinds.length > 1) f.label = FIELD_LABELS[inKinds[0]!][f.key]!;
  }
  return fields;
}
