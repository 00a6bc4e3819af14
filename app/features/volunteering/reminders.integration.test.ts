/**
 * Reminders through the job queue with two instances: a sign-up queues one reminder job
 * under its own key for 48 hours before the shift, and however often the job is sent or
 * run (by two queue workers at once), each sign-up gets exactly one reminder. The
 * confirmation carries the shifts, a calendar file and a manage link that works.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles } from "../volunteer-roles/table.ts";
import { siteJobs } from "../../jobs/jobs.server.ts";
import { startQueue } from "../../jobs/queue.server.ts";
import { withMailServer } from "../../../tests/helpers/mail-server.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { signupsByToken } from "./signups.server.ts";
import { shiftStart } from "./shifts.ts";
import { volunteerOpportunities, volunteerShifts } from "./table.ts";
import { REMINDER_JOB, reminderKey, runReminder, signUpAndConfirm } from "./volunteering.server.ts";

const database = setupTestDatabase();
const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
const smtp = withMailServer({ PUBLIC_URL: "http://localhost:5999" });

async function twoInstances() {
  const a = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 1 }), FAST);
  const b = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 1 }), FAST);
  onTestFinished(async () => {
    await a.stop(5_000);
    await b.stop(5_000);
  });
  return [a, b];
}

async function shiftOn(date: string) {
  const [role] = await getDb().select().from(volunteerRoles).limit(1);
  const [op] = await getDb().insert(volunteerOpportunities).values({ role_id: role.id, title: "Fair set-up", description: "Tables and chairs", location: "Town Hall" }).returning();
  const [shift] = await getDb().insert(volunteerShifts).values({ opportunity_id: op.id, date, start_time: "09:00", end_time: "12:00", places: 5 }).returning();
  return shift;
}

describe("volunteer reminders", () => {
  it("queues one reminder per sign-up for 48 hours before the shift, and sends it once with two instances", async () => {
    const [a, b] = await twoInstances();
    const shift = await shiftOn("2030-03-20");
    const people = ["ada", "ben", "cat"].map((n) => ({ fullName: `Volunteer ${n}`, email: `${n}@reminders.test`, phone: "01632 960 418" }));
    const made = [];
    for (const p of people) {
      const r = await signUpAndConfirm(p, [shift.id], { source: "public" });
      if (!r.ok) throw new Error(r.reason);
      made.push(r);
    }
    // The confirmation: shifts, calendar file, a manage link that opens this person's shifts.
    await vi.waitFor(() => expect(smtp.mails.filter((m) => m.subject.startsWith("Your volunteering shift"))).toHaveLength(3), { timeout: 15_000, interval: 100 });
    const ada = smtp.mails.find((m) => m.to.includes("ada@reminders.test"))!;
    expect(ada.text).toContain("Fair set-up: Wednesday 20 March 2030, 9am to 12pm, Town Hall");
    expect(ada.attachments.find((f) => f.filename === "volunteering.ics")?.content).toContain("DTSTART:20300320T090000Z");
    const token = /\/volunteer\/manage\/([A-Za-z0-9_-]+)/.exec(ada.text)?.[1] ?? "";
    expect((await signupsByToken(token, new Date("2030-03-01T00:00:00Z")))?.name).toBe("Volunteer ada");

    // One job per sign-up, keyed by it, due 48 hours before the start.
    const jobs = await getDb().execute<{ singleton_key: string; start_after: Date }>(sql`select singleton_key, start_after from pgboss.job where name = ${REMINDER_JOB} order by singleton_key`);
    expect(jobs.rows).toHaveLength(3);
    for (const job of jobs.rows) expect(new Date(job.start_after).getTime()).toBe(shiftStart(shift).getTime() - 48 * 3_600_000);

    // Both instances send every reminder again, now; and both run them by hand too.
    const { volunteerSignups } = await import("./table.ts");
    const signups = await getDb().select({ id: volunteerSignups.id }).from(volunteerSignups);
    for (const s of signups) {
      const item = { signupId: s.id, shiftId: shift.id };
      await Promise.all([
        a.boss.send(REMINDER_JOB, item, { singletonKey: `${reminderKey(item)}-now` }),
        b.boss.send(REMINDER_JOB, item, { singletonKey: `${reminderKey(item)}-now` }),
        a.boss.send(REMINDER_JOB, item),
        runReminder(item),
        runReminder(item),
      ]);
    }
    await vi.waitFor(() => expect(smtp.mails.filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(3), { timeout: 15_000, interval: 100 });
    // Time for any duplicate to arrive.
    await new Promise((r) => setTimeout(r, 3_000));
    const reminders = smtp.mails.filter((m) => m.subject.startsWith("Reminder"));
    expect(reminders.map((m) => m.to[0]).sort()).toEqual(["ada@reminders.test", "ben@reminders.test", "cat@reminders.test"]);
    expect(reminders[0].text).toContain("Fair set-up: Wednesday 20 March 2030, 9am to 12pm");
  });

  it("queues no reminder when the sign-up is less than 48 hours before the shift (the confirmation has just gone)", async () => {
    const shift = await shiftOn("2030-04-10");
    const now = new Date("2030-04-08T20:00:00Z"); // 36 hours before: open, but inside the 48 hours
    const r = await signUpAndConfirm({ fullName: "Late Comer", email: "late@reminders.test", phone: "01632 960 418" }, [shift.id], { source: "public", now });
    expect(r.ok).toBe(true);
    const jobs = await getDb().execute(sql`select 1 from pgboss.job where name = ${REMINDER_JOB} and data->>'shiftId' = ${String(shift.id)}`);
    expect(jobs.rows).toHaveLength(0);
  });
});
