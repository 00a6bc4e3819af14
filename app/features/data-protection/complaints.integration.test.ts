/**
 * Complaints against real PostgreSQL and a real SMTP server on loopback: the concern
 * form's rules, the acknowledgement (and the truth when none was sent), the staff's
 * outcome email, and the reminder job, run by two workers at once, sending each reminder once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { startSmtpCatcher } from "../../../scripts/mail-catcher.ts";
import { createTestAccount } from "../../../tests/helpers/staff.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { countConcernPost, getComplaint, sendComplaintOutcome, submitConcern, updateComplaintResponseDays } from "./complaints.server.ts";
import { runDataProtectionReminders } from "./reminders.server.ts";
import { dpComplaints } from "./table.ts";

setupTestDatabase();
const savedEnv = { ...process.env };
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const ORIGIN = "http://localhost:5173";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const GOOD = {
  name: "Ada Example",
  email: "Ada@Example.org",
  category: "emails",
  about: "You kept emailing me after I asked you to stop in September.",
  contact_by: "email",
};

function withMail(on: boolean) {
  if (on) Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>" });
  else {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
  }
  reloadConfig();
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});

afterAll(async () => {
  process.env = savedEnv;
  reloadConfig();
  await smtp.stop();
});

describe("a data protection concern from the public form", () => {
  it("is stored privately and acknowledged at once by email, with the reference, what happens next and the London due date", async () => {
    withMail(true);
    const { email: staffEmail } = await createTestAccount({ role: "editor", permissions: ["data-protection"] });
    const { email: otherEditor } = await createTestAccount({ role: "editor", permissions: ["submissions"] });
    await updateComplaintResponseDays(20, { email: "admin@example.org" });
    onTestFinished(() => updateComplaintResponseDays(30, { email: "admin@example.org" }).then(() => {}));
    // 00:30 on 25 October 2026 in London (BST), still the 24th in UTC.
    const result = await submitConcern(form(GOOD), { ip: "203.0.113.5", origin: ORIGIN, now: new Date("2026-10-24T23:30:00Z") });
    expect(result).toMatchObject({ status: "ok", mail: "sent", email: "ada@example.org", dueOn: "2026-11-14", days: 20 });
    if (result.status !== "ok") throw new Error("not stored");

    const [row] = await getDb().select().from(dpComplaints).where(eq(dpComplaints.reference, result.reference));
    expect(row).toMatchObject({ name: "Ada Example", email: "ada@example.org", category: "emails", status: "acknowledged", due_on: "2026-11-14" });
    expect(row.acknowledged_at).not.toBeNull();

    const ack = smtp.mails.find((m) => m.to.includes("ada@example.org"));
    expect(ack?.subject).toBe(`We have received your data protection concern: ${result.reference}`);
    expect(ack?.text).toContain(`Your reference is ${result.reference}`);
    expect(ack?.text).toContain("What happens next");
    expect(ack?.text).toContain("by Saturday 14 November 2026 at the latest (within 20 days)");
    // The staff with the permission are told (without what the person wrote); others are not.
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(staffEmail) && m.subject === `New data protection complaint ${result.reference}`)).toBe(true);
    expect(smtp.mails.find((m) => m.to.includes(staffEmail))?.text).not.toContain("September");
    expect(smtp.mails.some((m) => m.to.includes(otherEditor))).toBe(false);
  });

  it("says no email was sent when mail is not configured, and stays 'received'", async () => {
    withMail(false);
    const before = smtp.mails.length;
    const result = await submitConcern(form({ ...GOOD, email: "nomail@example.org" }), { ip: "203.0.113.6", origin: ORIGIN });
    expect(result).toMatchObject({ status: "ok", mail: "not-configured" });
    if (result.status !== "ok") throw new Error("not stored");
    const [row] = await getDb().select().from(dpComplaints).where(eq(dpComplaints.reference, result.reference));
    expect(row.status).toBe("received");
    expect(row.acknowledged_at).toBeNull();
    expect(smtp.mails.length).toBe(before);
  });

  it("refuses a bad form with messages and stores nothing; ignores a filled honeypot", async () => {
    withMail(true);
    const count = async () => (await getDb().select({ n: sql<number>`count(*)::int` }).from(dpComplaints))[0].n;
    const before = await count();
    const bad = await submitConcern(form({ name: "", email: "not-an-email", about: "short", contact_by: "phone", contact_detail: "", category: "nonsense" }), {
      ip: "203.0.113.7",
      origin: ORIGIN,
    });
    expect(bad.status).toBe("refused");
    if (bad.status !== "refused" || !("error" in bad.reply)) throw new Error("accepted");
    expect(Object.keys(bad.reply.error ?? {}).sort()).toEqual(["about", "category", "contact_detail", "email", "name"]);
    expect(bad.reply.initialValue?.about).toBe("short");
    const nul = await submitConcern(form({ ...GOOD, name: "Ada\u0000" }), { ip: "203.0.113.7", origin: ORIGIN });
    expect(nul).toMatchObject({ status: "refused", reply: { error: { name: ["Please remove the special characters"] } } });
    const bot = await submitConcern(form({ ...GOOD, website: "http://spam.example" }), { ip: "203.0.113.7", origin: ORIGIN });
    expect(bot.status).toBe("ok");
    expect(await count()).toBe(before);
  });

  it("limits posts per address like the other public forms", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => countConcernPost("198.51.100.9")));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await countConcernPost("198.51.100.10")).allowed).toBe(true);
  });
});

describe("the outcome of a complaint", () => {
  it("is written on the page and emailed to the person; only a sent email marks it answered", async () => {
    withMail(false);
    const made = await submitConcern(form({ ...GOOD, email: "outcome@example.org" }), { ip: "203.0.113.8", origin: ORIGIN });
    if (made.status !== "ok") throw new Error("not stored");
    const [{ id }] = await getDb().select({ id: dpComplaints.id }).from(dpComplaints).where(eq(dpComplaints.reference, made.reference));
    const outcome = "We have removed you from every mailing list and apologise for the emails.";
    expect(await sendComplaintOutcome(id, { outcome }, { email: "dpo@example.org" }, ORIGIN)).toEqual({ status: "not-sent", reason: "not-configured" });
    let found = await getComplaint(id);
    expect(found?.complaint).toMatchObject({ outcome, outcome_sent_at: null, status: "received" });

    withMail(true);
    expect(await sendComplaintOutcome(id, { outcome }, { email: "dpo@example.org" }, ORIGIN)).toEqual({ status: "sent" });
    found = await getComplaint(id);
    expect(found?.complaint.status).toBe("answered");
    expect(found?.complaint.outcome_sent_at).not.toBeNull();
    const mail = smtp.mails.find((m) => m.to.includes("outcome@example.org"));
    expect(mail?.subject).toBe(`The outcome of your data protection concern: ${made.reference}`);
    expect(mail?.text).toContain(outcome);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["complaint.received", "complaint.outcome_not_sent", "complaint.outcome_sent"]));
  });
});

describe("the reminder job", () => {
  it("reminds the responsible staff once a week before the due date and once when it passes, even with two workers at once", async () => {
    withMail(true);
    const { user, email: responsible } = await createTestAccount({ role: "editor", permissions: ["data-protection"] });
    const made = await submitConcern(form({ ...GOOD, email: "remind@example.org" }), { ip: "203.0.113.9", origin: ORIGIN, now: new Date("2026-11-01T10:00:00Z") });
    if (made.status !== "ok") throw new Error("not stored");
    expect(made.dueOn).toBe("2026-12-01");
    await getDb().update(dpComplaints).set({ responsible_user_id: user.id }).where(eq(dpComplaints.reference, made.reference));
    const toResponsible = () => smtp.mails.filter((m) => m.to.includes(responsible) && m.subject.includes(made.reference) && !m.subject.startsWith("New"));

    // Eight days before: nothing yet.
    await runDataProtectionReminders(new Date("2026-11-23T09:00:00Z"));
    expect(toResponsible()).toHaveLength(0);
    // Seven days before, two workers at once: one reminder.
    await Promise.all([runDataProtectionReminders(new Date("2026-11-24T09:00:00Z")), runDataProtectionReminders(new Date("2026-11-24T09:00:00Z"))]);
    await runDataProtectionReminders(new Date("2026-11-30T09:00:00Z"));
    expect(toResponsible().map((m) => m.subject)).toEqual([`Due in a week: data protection complaint ${made.reference}`]);
    // The due day itself is not overdue; the next day is, once.
    await runDataProtectionReminders(new Date("2026-12-01T23:00:00Z"));
    expect(toResponsible()).toHaveLength(1);
    await Promise.all([runDataProtectionReminders(new Date("2026-12-02T00:30:00Z")), runDataProtectionReminders(new Date("2026-12-02T00:30:00Z"))]);
    await runDataProtectionReminders(new Date("2026-12-05T00:30:00Z"));
    expect(toResponsible().map((m) => m.subject)).toEqual([
      `Due in a week: data protection complaint ${made.reference}`,
      `Overdue: data protection complaint ${made.reference}`,
    ]);
    expect(toResponsible()[1].text).toContain(`/admin/data-protection/complaints/`);
  });
});
