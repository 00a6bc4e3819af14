/**
 * Community Fund recipients: the grants listed on /community-fund by year, edited by
 * staff (order within a year, show/hide). Every write is audited, keeps a revision (not moves) and is announced on the
 * "fund-recipients" topic. Sample recipients are seeded on a fresh install only; when
 * the read fails, the built-in samples are shown (app/content/sample-fallback.server.ts).
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, desc, eq, max } from "drizzle-orm";
import { SAMPLE_FUND_RECIPIENTS } from "./sample.server.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { fundRecipients, type FundRecipientRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import type { FundRecipientFormData } from "./fund-recipients.schema.ts";
import type { FundRecipientStatus } from "./fund-status.ts";

export interface PublicFundRecipient {
  year: number;
  name: string;
  purpose: string;
  /** The grant, in pence. */
  amount_pence: number;
  status: FundRecipientStatus;
}

const order = [desc(fundRecipients.year), asc(fundRecipients.sort_order), asc(fundRecipients.id)];

/** The visible recipients, newest year first, in staff's order within a year. */
export function listFundRecipients() {
  return withSampleFallback<PublicFundRecipient>(
    "fund recipients",
    () =>
      cachedRead("fund-recipients", "visible", () =>
        getDb()
          .select({ year: fundRecipients.year, name: fundRecipients.name, purpose: fundRecipients.purpose, amount_pence: fundRecipients.amount_pence, status: fundRecipients.status })
          .from(fundRecipients)
          .where(eq(fundRecipients.is_visible, true))
          .orderBy(...order),
      ),
    () => SAMPLE_FUND_RECIPIENTS.map((r) => ({ ...r, status: "funded" as const })),
  );
}

export function listFundRecipientsForAdmin(): Promise<FundRecipientRow[]> {
  return getDb().select().from(fundRecipients).orderBy(...order);
}

export async function getFundRecipient(id: number): Promise<FundRecipientRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(fundRecipients).where(eq(fundRecipients.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a recipient keeps: everything staff edit. */
export const fundRecipientRevisionData = (row: FundRecipientRow) => ({
  year: row.year,
  name: row.name,
  purpose: row.purpose,
  amount_pence: row.amount_pence,
  status: row.status,
  is_visible: row.is_visible,
});

async function changed(actor: AuditActor, action: AuditAction, row: FundRecipientRow, details: Record<string, unknown> = {}) {
  publishChange("fund-recipients");
  if (!action.endsWith(".moved") && !action.endsWith(".deleted")) await recordRevision("fund-recipient", row.id, fundRecipientRevisionData(row), actor);
  await recordAudit(actor, action, { entity: "fund_recipient", entityId: row.id, details: { name: row.name, year: row.year, ...details } });
}

/** Adds a recipient at the end of its year. */
export async function createFundRecipient(input: FundRecipientFormData, actor: AuditActor) {
  const row = await getDb().transaction(async (tx) => {
    const [{ last }] = await tx.select({ last: max(fundRecipients.sort_order) }).from(fundRecipients).where(eq(fundRecipients.year, input.year));
    const [created] = await tx
      .insert(fundRecipients)
      .values({ ...input, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await changed(actor, "fund_recipient.created", row);
  return row;
}

export async function updateFundRecipient(id: number, input: FundRecipientFormData, actor: AuditActor) {
  const before = await getFundRecipient(id);
  if (!before) return null;
  const [row] = await getDb().update(fundRecipients).set(input).where(eq(fundRecipients.id, id)).returning();
  if (!row) return null;
  const fields = (["year", "name", "purpose", "amount_pence", "status", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await changed(actor, "fund_recipient.updated", row, { changed: fields });
  return row;
}

export async function setFundRecipientVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(fundRecipients).set({ is_visible: visible }).where(eq(fundRecipients.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "fund_recipient.shown" : "fund_recipient.hidden", row);
  return row;
}

/** Moves a recipient within its year; false when it is already first or last there. */
export async function moveFundRecipient(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getFundRecipient(id);
  if (!row || !(await moveInOrder("fund_recipients", id, direction))) return false;
  await changed(actor, "fund_recipient.moved", row, { direction });
  return true;
}

export async function deleteFundRecipient(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(fundRecipients).where(eq(fundRecipients.id, id)).returning();
  if (!row) return false;
  await changed(actor, "fund_recipient.deleted", row);
  return true;
}
