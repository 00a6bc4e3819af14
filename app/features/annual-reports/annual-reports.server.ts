/**
 * Annual reports: a PDF per year on /trustees, newest year first. Staff upload the PDF
 * (checked by its bytes, app/storage/documents.server.ts), set the year and title, show
 * or hide, replace and delete. Every write is audited and announced on "annual-reports".
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { desc, eq } from "drizzle-orm";
import { ANNUAL_REPORTS } from "./sample.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { annualReports, type AnnualReportRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import type { AnnualReportFormData } from "./annual-reports.schema.ts";

export interface PublicAnnualReport {
  year: number;
  title: string;
  file: string;
}

const order = [desc(annualReports.year), desc(annualReports.id)];

export function listAnnualReports() {
  return withSampleFallback<PublicAnnualReport>(
    "annual reports",
    () =>
      cachedRead("annual-reports", "visible", () =>
        getDb()
          .select({ year: annualReports.year, title: annualReports.title, file: annualReports.file })
          .from(annualReports)
          .where(eq(annualReports.is_visible, true))
          .orderBy(...order),
      ),
    () => ANNUAL_REPORTS.map((r) => ({ year: Number(r.year), title: r.label, file: r.href })),
  );
}

export function listAnnualReportsForAdmin(): Promise<AnnualReportRow[]> {
  return getDb().select().from(annualReports).orderBy(...order);
}

export async function getAnnualReport(id: number): Promise<AnnualReportRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(annualReports).where(eq(annualReports.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a report keeps: its year, title, whether it is shown (and which file it was). */
export const annualReportRevisionData = (row: AnnualReportRow) => ({ year: row.year, title: row.title, file: row.file, is_visible: row.is_visible });

async function changed(actor: AuditActor, action: AuditAction, row: AnnualReportRow, details: Record<string, unknown> = {}) {
  publishChange("annual-reports");
  if (!action.endsWith(".deleted")) await recordRevision("annual-report", row.id, annualReportRevisionData(row), actor);
  await recordAudit(actor, action, { entity: "annual_report", entityId: row.id, details: { title: row.title, year: row.year, ...details } });
}

export async function createAnnualReport(input: AnnualReportFormData & { file: string }, actor: AuditActor) {
  const [row] = await getDb().insert(annualReports).values(input).returning();
  await changed(actor, "annual_report.created", row);
  return row;
}

/** Updates a report; a new `file` replaces the old PDF (deleted from the store). */
export async function updateAnnualReport(id: number, input: AnnualReportFormData & { file?: string }, actor: AuditActor) {
  const before = await getAnnualReport(id);
  if (!before) return null;
  const [row] = await getDb().update(annualReports).set(input).where(eq(annualReports.id, id)).returning();
  if (!row) return null;
  const fields = (["year", "title", "file", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await changed(actor, "annual_report.updated", row, { changed: fields });
  return row;
}

export async function setAnnualReportVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(annualReports).set({ is_visible: visible }).where(eq(annualReports.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "annual_report.shown" : "annual_report.hidden", row);
  return row;
}

export async function deleteAnnualReport(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(annualReports).where(eq(annualReports.id, id)).returning();
  if (!row) return false;
  await changed(actor, "annual_report.deleted", row);
  return true;
}
