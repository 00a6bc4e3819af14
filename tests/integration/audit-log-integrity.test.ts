import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, siteSettings } from "../../app/db/schema.ts";
import { recordAudit } from "../../app/domain/audit/audit.server.ts";
import type { AuditAction } from "../../app/domain/audit/describe.ts";
import { purgeExpiredAuditEntries } from "../../app/domain/data-protection/retention.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function entry(action: AuditAction) {
  await recordAudit({ email: "admin@example.org", ip: "192.0.2.1" }, action, { details: { n: 1 } });
  const [row] = await getDb().select().from(auditLog).where(eq(auditLog.action, action));
  return row;
}

/** The error PostgreSQL raised (Drizzle wraps it in `cause`). */
const pgError = (error: unknown) => ((error as { cause?: unknown }).cause ?? error) as { message: string; code?: string };

describe("the audit log is append-only in the database", () => {
  it("refuses an UPDATE as the app's own database role", async () => {
    const row = await entry("settings.updated");
    const error = await getDb()
      .update(auditLog)
      .set({ action: "test.rewritten" })
      .where(eq(auditLog.id, row.id))
      .then(() => null, pgError);
    expect(error?.message).toMatch(/append-only/);
    const [after] = await getDb().select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(after.action).toBe("settings.updated");
  });

  it("refuses a DELETE and a TRUNCATE", async () => {
    const row = await entry("contact.updated");
    expect((await getDb().delete(auditLog).where(eq(auditLog.id, row.id)).then(() => null, pgError))?.message).toMatch(/append-only/);
    expect((await getDb().execute(sql`truncate audit_log`).then(() => null, pgError))?.message).toMatch(/append-only/);
    expect(await getDb().select().from(auditLog).where(eq(auditLog.id, row.id))).toHaveLength(1);
  });

  it("refuses a DELETE of a recent entry even with the purge setting on", async () => {
    const row = await entry("legal_page.updated");
    const error = await getDb()
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.audit_purge', 'on', true)`);
        await tx.delete(auditLog).where(eq(auditLog.id, row.id));
      })
      .then(() => null, pgError);
    expect(error?.message).toMatch(/append-only/);
  });

  it("lets the retention purge delete entries older than the audit log's retention, and only those", async () => {
    await getDb().update(siteSettings).set({ retention_months_audit_log: 24 }).where(eq(siteSettings.id, 1));
    const recent = await entry("faq.created");
    // Entries from the past are written as such (an INSERT is allowed).
    await getDb().insert(auditLog).values([
      { action: "test.old", at: sql`now() - interval '25 months'` },
      { action: "test.middle", at: sql`now() - interval '13 months'` },
    ]);
    expect(await purgeExpiredAuditEntries()).toBe(1);
    const actions = (await getDb().select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toContain("faq.created");
    expect(actions).toContain("test.middle");
    expect(actions).not.toContain("test.old");
    expect(actions).toContain("audit_log.retention_delete");
    expect(recent).toBeDefined();
  });
});
