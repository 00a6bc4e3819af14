import { config, reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, siteSettings } from "../../app/db/schema.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import {
  deleteExpiredSubmissions,
  emailHash,
  erasePersonalData,
  findPersonalData,
  getRetentionSettings,
  personalDataExport,
  updateRetentionSettings,
} from "../../app/domain/data-protection/retention.server.ts";
import { action as exportRouteAction, loader as exportRouteLoader } from "../../app/routes/admin/data-protection/data-protection-export.ts";
import { action as dataProtectionRouteAction, loader as dataProtectionRouteLoader } from "../../app/routes/admin/data-protection/data-protection.tsx";
import { throughLayouts } from "../helpers/route-table.ts";
import type { FormReply } from "../../app/lib/form-submission.ts";
import { readToast } from "../../app/lib/toast.server.ts";
import { routeArgs, staffSession, submit, unique } from "../helpers/submissions.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const exportLoader = (args: never) =>
  throughLayouts("routes/admin/data-protection/data-protection-export.ts", exportRouteLoader, args);
const exportAction = (args: Parameters<typeof exportRouteAction>[0]) =>
  throughLayouts("routes/admin/data-protection/data-protection-export.ts", exportRouteAction, args);
const dataProtectionAction = (args: Parameters<typeof dataProtectionRouteAction>[0]) =>
  throughLayouts("routes/admin/data-protection/data-protection.tsx", dataProtectionRouteAction, args);
const dataProtectionLoader = (args: never) =>
  throughLayouts("routes/admin/data-protection/data-protection.tsx", dataProtectionRouteLoader, args);

let dataDir = "";
const previousDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "retention-test-"));
  process.env.DATA_DIR = dataDir;
  reloadConfig();
});
afterAll(() => {
  process.env.DATA_DIR = previousDataDir;
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const row = async (reference: string) => (await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, reference)))[0];
const age = (reference: string, interval: string) =>
  getDb().execute(sql`update form_submissions set updated_at = now() - ${interval}::interval, created_at = now() - ${interval}::interval where reference = ${reference}`);
const filesExist = (r: { files: { key: string }[] }) => r.files.map((f) => fs.existsSync(path.join(config().privateUploadsDir, f.key)));

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

    // The export route is for administrators only, and takes the address in a POST body.
    const url = "/admin/data-protection/export";
    const body = () => {
      const form = new FormData();
      form.set("email", email);
      return form;
    };
    const editor = await staffSession("editor");
    const refused = await exportAction(routeArgs(url, {}, { token: editor.token, method: "POST", body: body() })).catch((e: unknown) => e);
    expect((refused as { init?: ResponseInit }).init?.status).toBe(403);
    const anonymous = await exportAction(routeArgs(url, {}, { method: "POST", body: body() })).catch((e: unknown) => e);
    expect((anonymous as Response).status).toBe(302);
    const response = await exportAction(routeArgs(url, {}, { token: admin.token, method: "POST", body: body() }));
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-/);
    const json = (await response.json()) as { submissions: unknown[]; email: string };
    expect(json.email).toBe(lower);
    expect(json.submissions).toHaveLength(3);
    // A GET with the address in the query string exports nothing.
    const viaUrl = await exportLoader(routeArgs(`${url}?email=${encodeURIComponent(email)}`, {}, { token: admin.token })).catch((e: unknown) => e);
    expect((viaUrl as { init?: ResponseInit }).init?.status).toBe(405);

    const stallRow = (await row(stall))!;
    const result = await erasePersonalData(email, { userId: admin.user.id, email: admin.email, ip: "127.0.0.1" });
    expect(result).toEqual({
      submissions: 3,
      files: 4,
      byKind: { volunteer: 1, stall_application: 1, nomination: 1 },
      giving: { gifts: 0, declarations: 0, monthlyGifts: 0, keptGifts: 0, keptDeclarations: 0 },
      bookings: 0,
      mail: 0,
      volunteering: { volunteers: 0, signups: 0 },
      waitlists: 0,
      donorAccess: { links: 0, sessions: 0 },
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

describe("the data protection screen", () => {
  const post = (token: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return dataProtectionAction(routeArgs("/admin/data-protection", {}, { token, method: "POST", body: form })) as unknown as Promise<{
      init: ResponseInit | null;
      data: { lookup?: { found: { submissions: { reference: string }[] } }; erase?: FormReply | null } & FormReply;
    }>;
  };

  it("finds a person's data from a POST (no address in the URL), and erases it the same way", async () => {
    const tag = unique();
    const email = `post-${tag}@example.org`;
    const ref = await submit("volunteer", { email });
    const admin = await staffSession("administrator");
    // The page itself ignores an address in the query string.
    const page = await dataProtectionLoader(routeArgs(`/admin/data-protection?email=${encodeURIComponent(email)}`, {}, { token: admin.token }));
    expect(JSON.stringify(page)).not.toContain(email);

    const found = await post(admin.token, { intent: "find", email });
    expect(found.data.lookup?.found.submissions.map((s) => s.reference)).toEqual([ref]);
    const bad = await post(admin.token, { intent: "find", email: "not an address" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.error?.email).toEqual(["Please enter a valid email address"]);

    // The confirmation must repeat the address: nothing is erased, the look-up stays on screen.
    const unconfirmed = await post(admin.token, { intent: "erase", email, confirm: "someone-else@example.org" });
    expect(unconfirmed.init?.status).toBe(400);
    expect(unconfirmed.data.erase?.error?.confirm).toEqual(["Type the email address again to confirm the erasure"]);
    expect(unconfirmed.data.lookup?.found.submissions.map((s) => s.reference)).toEqual([ref]);

    const erased = await post(admin.token, { intent: "erase", email, confirm: email.toUpperCase() });
    const cookie = new Headers(erased.init?.headers).get("Set-Cookie")!.split(";")[0]!;
    expect((await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast).toEqual({
      type: "success",
      message: "Erased 1 submission and 0 files",
    });
    expect(erased.data.lookup?.found.submissions).toEqual([]);
  });

  it("sets the audit log's retention (12 to 120 months) with the other periods, audited", async () => {
    const admin = await staffSession("administrator");
    const periods = { intent: "retention", volunteer: "12", stall_application: "12", nomination: "12" };
    const tooShort = await post(admin.token, { ...periods, audit_log: "6" });
    expect(tooShort.init?.status).toBe(400);
    expect(tooShort.data.error?.audit_log).toEqual(["Keep the audit log for at least 12 months"]);
    const notANumber = await post(admin.token, { ...periods, volunteer: "soon", audit_log: "36" });
    expect(notANumber.data.error?.volunteer).toEqual(["Please enter a number of months"]);
    const saved = (await post(admin.token, { ...periods, audit_log: "36" })) as unknown as Response;
    expect(saved.status).toBe(302);
    const [setting] = await getDb().select({ months: siteSettings.retention_months_audit_log }).from(siteSettings);
    expect(setting.months).toBe(36);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "settings.audit_retention"));
    expect(entry.details).toEqual({ from: 24, to: 36 });
  });
});
