/**
 * Newsletter recipients in the data protection tools: which newsletters were sent (or
 * tried) to an address, in the export, and deleted by an erasure; and the retention
 * rule: the record of who received a newsletter is deleted its period after sending.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import type { Executor } from "../supporters/index.ts";
import { newsletterRecipients, newsletters } from "./table.ts";

const normalise = (email: string) => email.trim().toLowerCase();

export async function findRecipientRows(email: string, db: Executor = getDb()) {
  return db
    .select({ subject: newsletters.subject, status: newsletterRecipients.status, sent_at: newsletterRecipients.sent_at, error: newsletterRecipients.error })
    .from(newsletterRecipients)
    .innerJoin(newsletters, eq(newsletters.id, newsletterRecipients.newsletter_id))
    .where(eq(newsletterRecipients.email, normalise(email)))
    .orderBy(asc(newsletterRecipients.id))
    .limit(5000);
}

export function recipientRowsExport(rows: Awaited<ReturnType<typeof findRecipientRows>>) {
  return rows.map((r) => ({ newsletter: r.subject, status: r.status, sent: r.sent_at?.toISOString() ?? null, error: r.error }));
}

/** Deletes the recipient rows of these addresses; how many went. */
export async function eraseRecipientRows(tx: Executor, addresses: string[]): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await tx
    .delete(newsletterRecipients)
    .where(inArray(newsletterRecipients.email, addresses.map(normalise)))
    .returning({ id: newsletterRecipients.id });
  return rows.length;
}

/** Retention: recipient rows of newsletters sent before `before` (the newsletter itself stays). */
export async function deleteOldRecipientRows(before: Date): Promise<number> {
  const result = await getDb().execute(sql`
    delete from ${newsletterRecipients} r using ${newsletters} n
    where n.id = r.newsletter_id and n.sent_at is not null and n.sent_at < ${before.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
