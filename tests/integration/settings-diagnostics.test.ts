import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, siteSettings, stripeEvents } from "../../app/db/schema.ts";
import { listAuditEntries } from "../../app/domain/audit/audit-log.server.ts";
import { checkFileStore, checkMigrations, checkPayments, runDiagnostics } from "../../app/system/diagnostics.server.ts";
import { getSiteSettings, readSettingsForEditing, saveSiteSettings } from "../../app/features/settings/settings.server.ts";
import { countAdministrators } from "../../app/features/staff/index.ts";
import { subscribe } from "../../app/live/change-feed.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "settings-admin@millbrook.test", ip: "127.0.0.1" };

describe("site settings", () => {
  it("saves valid settings, records an audit line and publishes a settings change", async () => {
    const current = await readSettingsForEditing();
    const topics: string[] = [];
    const unsubscribe = subscribe((t) => topics.push(t));
    const result = await saveSiteSettings(
      {
        ...current,
        hero_title: "Hello Millbrook",
        hero_image_url: "/uploads/settings/hero.webp",
        maintenance_mode: "on",
      },
      actor,
    );
    unsubscribe();
    expect(result.ok).toBe(true);
    const saved = await getSiteSettings();
    expect(saved).toMatchObject({ hero_title: "Hello Millbrook", maintenance_mode: true });
    expect(topics).toEqual(["settings"]);
    const { entries } = await listAuditEntries({ kind: "settings" });
    expect(entries.map((e) => e.action)).toEqual(["settings.maintenance_on", "settings.updated"]);
    expect(entries[1].details).toMatchObject({ changed: expect.arrayContaining(["hero_title", "maintenance_mode"]) });
  });

  it("leaves the contact email and social links to the Contact details screen", async () => {
    const before = await getSiteSettings();
    const current = await readSettingsForEditing();
    expect(current).not.toHaveProperty("contact_email");
    const result = await saveSiteSettings({ ...current, contact_email: "someone@example.org", facebook_url: "https://facebook.com/other" }, actor);
    expect(result.ok).toBe(true);
    const after = await getSiteSettings();
    expect(after.contact_email).toBe(before.contact_email);
    expect(after.facebook_url).toBe(before.facebook_url);
  });

  it.each([
    ["hero_image_url", "javascript:alert(1)", "Hero image must be a path on this site (starting with /): upload the image below"],
    ["about_image_url", "//evil.example/x.png", "About image must be a path on this site (starting with /): upload the image below"],
    ["hero_image_url", "https://images.example.com/hero.jpg", "Hero image must be a path on this site (starting with /): upload the image below"],
    ["site_name", "", "Site name is required"],
    ["site_name", "x".repeat(101), "Site name must be at most 100 characters"],
    ["social_twitter", "@bad handle<", "Twitter handle may contain only letters, digits, dots, underscores and hyphens"],
  ])("refuses %s = %j and changes nothing", async (field, value, message) => {
    const before = await getDb().select().from(siteSettings);
    const auditBefore = await getDb().select().from(auditLog);
    const current = await readSettingsForEditing();
    const result = await saveSiteSettings({ ...current, hero_title: "Should not be saved", [field]: value }, actor);
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
    expect(await getDb().select().from(siteSettings)).toEqual(before);
    expect(await getDb().select().from(auditLog)).toHaveLength(auditBefore.length);
  });
});

describe("diagnostics", () => {
  it("reports the database, migrations, administrators, file store and mail", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-uploads-"));
    try {
      const report = await runDiagnostics({ countAdministrators, uploadsDir: dir });
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId.database.status).toBe("ok");
      expect(byId.database.detail).toMatch(/^Answered in \d+ ms$/);
      const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(journal.entries.length).toBeGreaterThanOrEqual(1);
      expect(byId.migrations).toMatchObject({ status: "ok", detail: `All ${journal.entries.length} applied` });
      expect(byId.administrators).toMatchObject({ status: "error", detail: "0 administrators" });
      expect(byId["file-store"].status).toBe("ok");
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(byId.mail.status).toBe("warning");
      expect(byId.payments).toMatchObject({ status: "warning", label: "Online payments" });
      expect(byId.payments.detail).toMatch(/^Not configured/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports online payments: keys set, and when the last webhook arrived", async () => {
    const saved = { key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
    process.env.STRIPE_SECRET_KEY = "sk_test_diagnostics";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_diagnostics";
    reloadConfig();
    try {
      expect(await checkPayments()).toMatchObject({ status: "warning", detail: "Stripe keys are set; no webhook has arrived yet" });
      await getDb().insert(stripeEvents).values({ id: "evt_diag_1", type: "invoice.paid", received_at: new Date("2027-01-15T09:05:00Z") });
      const check = await checkPayments();
      expect(check).toMatchObject({ status: "ok", detail: "Stripe keys are set; last webhook arrived 15 Jan 2027, 09:05 (UK time)" });
      expect(JSON.stringify(check)).not.toContain("sk_test_diagnostics");
    } finally {
      if (saved.key === undefined) delete process.env.STRIPE_SECRET_KEY;
      else process.env.STRIPE_SECRET_KEY = saved.key;
      if (saved.secret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
      else process.env.STRIPE_WEBHOOK_SECRET = saved.secret;
      reloadConfig();
    }
  });

  it("notices a migration that is missing from the database and an unwritable file store", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-migrations-"));
    fs.mkdirSync(path.join(folder, "meta"));
    const entries = [...JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")).entries, { tag: "9999_future", when: 4102444800000 }];
    fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ entries }));
    const { getPool } = await import("../../app/db/client.server.ts");
    expect(await checkMigrations(getPool(), folder)).toMatchObject({ status: "error", detail: `1 of ${entries.length} not applied: 9999_future` });
    const file = path.join(folder, "not-a-folder");
    fs.writeFileSync(file, "x");
    expect((await checkFileStore(path.join(file, "uploads"))).status).toBe("error");
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
