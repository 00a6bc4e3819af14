import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, formSubmissions } from "../../app/db/schema.ts";
import { privateFilePath } from "../../app/domain/inbox.server.ts";
import {
  deleteExpiredSubmissions,
  emailHash,
  erasePersonalData,
  findPersonalData,
  getRetentionSettings,
  personalDataExport,
  updateRetentionSettings,
} from "../../app/domain/retention.server.ts";
import { loader as exportLoader } from "../../app/routes/admin/data-protection-export.ts";
import { routeArgs, staffSession, submit, unique } from "../helpers/submissions.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

let dataDir = "";
const previousDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-test-"));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => {
  process.env.DATA_DIR = previousDataDir;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const row = async (reference: string) => (await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, reference)))[0];
const age = (reference: string, interval: string) =>
  getDb().execute(sql`update form_submissions set updated_at = now() - ${interval}::interval, created_at = now() - ${interval}::interval where reference = ${reference}`);
const filesExist = (r: { files: { key: string }[] }) => r.files.map((f) => fs.existsSync(privateFilePath(f.key)));

describe("retention", () => {
  it("defaults to 12 months for every kind and validates changes", async () => {
    expect(await getRetentionSettings()).toEqual({ volunteer: 12, stall_application: 12, nomination: 12 });
    await expect(updateRetentionSettings({ volunteer: 0, stall_application: 12, nomination: 12 }, {})).rejects.toThrow();
    await expect(updateRetentionSettings({ volunteer: 121, stall_application: 12, nomination: 12 }, {})).rejects.toThrow();
  });

  it("deletes only expired submissions, per kind, with their files", async () => {
    await updateRetentionSettings({ volunteer: 1, stall_application: 24, nomination: 12 }, { email: "admin@example.org" });
    const oldVolunteer = await submit("volunteer");
    const freshVolunteer = await submit("volunteer");
    const stall = await submit("stall_application");
    const nomination = await submit("nomination");
    await age(oldVolunteer, "2 months");
    await age(freshVolunteer, "20 days");
    await age(stall, "2 months");
    await age(nomination, "2 months");
    const stallRow = (await row(stall))!;
    const nominationRow = (await row(nomination))!;
    expect(filesExist(stallRow)).toEqual([true, true, true]);
    expect(filesExist(nominationRow)).toEqual([true]);

    const first = await deleteExpiredSubmissions(new Date());
    expect(first.byKind).toEqual({ volunteer: 1 });
    expect(await row(oldVolunteer)).toBeUndefined();
    expect(await row(freshVolunteer)).toBeDefined();
    expect(await row(stall)).toBeDefined();
    expect(await row(nomination)).toBeDefined();

    // Eleven months on: the nomination (13 months since its last change) goes, with its file.
    const later = new Date(Date.now() + 11 * 31 * 24 * 3600 * 1000);
    const second = await deleteExpiredSubmissions(later);
    expect(second.byKind.nomination).toBe(1);
    expect(second.byKind.stall_application).toBeUndefined();
    expect(await row(nomination)).toBeUndefined();
    expect(filesExist(nominationRow)).toEqual([false]);
    expect(await row(stall)).toBeDefined();
    expect(filesExist(stallRow)).toEqual([true, true, true]);
    expect(await row(freshVolunteer)).toBeUndefined();

    // A status change counts as a change: it restarts the period.
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "submissions.retention_delete")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.details).toMatchObject({ count: second.submissions });
    await updateRetentionSettings({ volunteer: 12, stall_application: 12, nomination: 12 }, {});
  });

  it("does nothing when nothing has expired", async () => {
    const ref = await submit("volunteer");
    const result = await deleteExpiredSubmissions(new Date());
    expect(result.submissions).toBe(0);
    expect(await row(ref)).toBeDefined();
  });
});

describe("one person's data", () => {
  it("finds, exports and erases everything held about an address, auditing without personal data", async () => {
    const tag = unique();
    const email = `Person-${tag}@Example.org`;
    const lower = email.toLowerCase();
    const vol = await submit("volunteer", { email, fullName: `Pat ${tag}` });
    const stall = await submit("stall_application", { email: lower, fullName: `Pat ${tag}` });
    // Named as the nominee's contact in someone else's nomination.
    const nom = await submit("nomination", { nomineeContact: ` ${email} `, nominatorName: `Other ${tag}` });
    const unrelated = await submit("volunteer", { email: `someone-${tag}@example.org` });
    const admin = await staffSession("administrator");
    const account = await staffSession(null);
    void account;

    const found = await findPersonalData(email.toUpperCase());
    expect(found.submissions.map((s) => s.reference).sort()).toEqual([vol, stall, nom].sort());
    expect(found.accounts).toEqual([]);

    const exported = personalDataExport(found);
    expect(exported.submissions).toHaveLength(3);
    expect(exported.submissions.find((s) => s.reference === vol)!.fields["Full name"]).toBe(`Pat ${tag}`);

    // The export route is for administrators only.
    const url = `/admin/data-protection/export?email=${encodeURIComponent(email)}`;
    const editor = await staffSession("editor");
    const refused = await exportLoader(routeArgs(url, {}, { token: editor.token })).catch((e: unknown) => e);
    expect((refused as { init?: ResponseInit }).init?.status).toBe(403);
    const anonymous = await exportLoader(routeArgs(url, {})).catch((e: unknown) => e);
    expect((anonymous as Response).status).toBe(302);
    const response = await exportLoader(routeArgs(url, {}, { token: admin.token }));
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-/);
    const json = (await response.json()) as { submissions: unknown[]; email: string };
    expect(json.email).toBe(lower);
    expect(json.submissions).toHaveLength(3);

    const stallRow = (await row(stall))!;
    const result = await erasePersonalData(email, { userId: admin.user.id, email: admin.email, ip: "127.0.0.1" });
    expect(result).toEqual({
      submissions: 3,
      files: 4,
      byKind: { volunteer: 1, stall_application: 1, nomination: 1 },
      giving: { gifts: 0, declarations: 0, monthlyGifts: 0, keptGifts: 0, keptDeclarations: 0 },
    });
    const left = await getDb().select().from(formSubmissions).where(inArray(formSubmissions.reference, [vol, stall, nom, unrelated]));
    expect(left.map((r) => r.reference)).toEqual([unrelated]);
    expect(filesExist(stallRow)).toEqual([false, false, false]);

    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "submissions.erase")).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.actor_email).toBe(admin.email);
    expect(entry!.details).toEqual({ count: 3, files: 4, byKind: { volunteer: 1, stall_application: 1, nomination: 1 }, email_sha256: emailHash(email) });
    const text = JSON.stringify(entry);
    expect(text.toLowerCase()).not.toContain(lower);
    expect(text).not.toContain(tag);

    expect((await findPersonalData(email)).submissions).toHaveLength(0);
  });

  it("finds staff accounts and their audit entries by address", async () => {
    const admin = await staffSession("administrator");
    await updateRetentionSettings({ volunteer: 12, stall_application: 12, nomination: 12 }, { userId: admin.user.id, email: admin.email });
    const found = await findPersonalData(admin.email);
    expect(found.accounts).toHaveLength(1);
    expect(found.accounts[0]).toMatchObject({ role: "administrator", sessions: 1 });
    expect(found.auditEntries.map((e) => e.action)).toContain("settings.retention");
  });
});
