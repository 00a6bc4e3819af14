/**
 * The site's jobs on the PostgreSQL queue (pg-boss): each job does its work when the
 * queue runs it, a start-up job sent by two instances runs once, scheduled news is
 * announced at its time, and mail that the SMTP server refuses is retried until it arrives.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createOneTimeLink } from "../../app/auth/one-time-links.server.ts";
import { getDb } from "../../app/db/client.server.ts";
import { auditLog, oneTimeTokens, sessions } from "../../app/db/schema.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { newsPosts } from "../../app/features/news/table.ts";
import { discardFailedMail, listFailedMail, resendFailedMail } from "../../app/features/failed-mail/failed-mail.server.ts";
import { createNewsPost } from "../../app/features/news/news.server.ts";
import { notifyStaff } from "../../app/domain/security-notices/notices.server.ts";
import { siteJobs } from "../../app/jobs/jobs.server.ts";
import { enqueue, failedJobs, queueStatus, startQueue, type JobDefinition } from "../../app/jobs/queue.server.ts";
import { reloadConfig } from "../../app/lib/config.server.ts";
import { subscribe } from "../../app/live/change-feed.server.ts";
import { checkJobQueue } from "../../app/system/diagnostics.server.ts";
import { queueMail } from "../../app/mail/mailer.server.ts";
import { startSmtpCatcher } from "../../scripts/mail-catcher.ts";
import { createTestAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { ukDateTimeInput } from "../../app/lib/uk-time.ts";

const database = setupTestDatabase();
const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };

const savedEnv = { ...process.env };
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  // The SMTP server refuses the first delivery (a temporary error).
  smtp = await startSmtpCatcher({ refuse: 1 });
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>" });
  reloadConfig();
});

afterAll(async () => {
  process.env = savedEnv;
  reloadConfig();
  await smtp.stop();
});

async function runningQueue(jobs: JobDefinition[] = siteJobs({ mailRetryDelaySeconds: 1 })) {
  const queue = await startQueue(database.url, jobs, FAST);
  onTestFinished(() => queue.stop(5_000));
  return queue;
}

describe("jobs on the PostgreSQL queue", () => {
  it("runs retention and housekeeping when an instance starts: expired submissions, sessions and one-time links go", async () => {
    const { user } = await createTestAccount({ role: "editor" });
    await getDb().insert(sessions).values({ token_hash: `job-${user.id}`, user_id: user.id, expires_at: sql`now() - interval '1 minute'` });
    const link = await createOneTimeLink("reset", { userId: user.id });
    await getDb().update(oneTimeTokens).set({ expires_at: sql`now() - interval '1 minute'` }).where(eq(oneTimeTokens.user_id, user.id));
    const reference = `VOL-${randomUUID().slice(0, 8)}`;
    await getDb().insert(formSubmissions).values({
      reference,
      kind: "volunteer",
      name: "Old Offer",
      email: "old@example.org",
      data: {},
      created_at: sql`now() - interval '3 years'`,
      updated_at: sql`now() - interval '3 years'`,
    });
    expect(link.path).toContain("/admin/set-password/");

    await runningQueue();
    await vi.waitFor(
      async () => {
        expect(await getDb().select().from(sessions).where(eq(sessions.user_id, user.id))).toHaveLength(0);
        expect(await getDb().select().from(oneTimeTokens).where(eq(oneTimeTokens.user_id, user.id))).toHaveLength(0);
        expect(await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, reference))).toHaveLength(0);
      },
      { timeout: 15_000, interval: 200 },
    );
    // Diagnostics shows the runs and the queue's health.
    await vi.waitFor(async () => {
      const [retention, housekeeping] = await queueStatus(["retention", "housekeeping"]);
      expect(retention.lastCompleted).not.toBeNull();
      expect(housekeeping.lastCompleted).not.toBeNull();
    });
    const check = await checkJobQueue();
    expect(check.status).toBe("ok");
    expect(check.detail).toMatch(/^Running\. \d+ jobs? waiting, 0 failed\. Last runs \(UK time\): retention \d/);
    expect(check.detail).toContain("news-sweep");
  });

  it("runs a start-up job once when two instances on one database both send it", async () => {
    const name = `once-${randomUUID().slice(0, 8)}`;
    const runs: string[] = [];
    const job = (instance: string): JobDefinition => ({ name, runAtStart: true, cron: "0 3 * * *", run: async () => void runs.push(instance) });
    await runningQueue([job("a")]);
    await runningQueue([job("b")]);
    await vi.waitFor(async () => expect((await queueStatus([name]))[0].lastCompleted).not.toBeNull(), { timeout: 10_000 });
    // Both instances poll for a while more: nothing else runs.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(runs).toHaveLength(1);
    // One schedule, however many instances set it.
    const { rows } = await getDb().execute<{ n: string }>(sql`select count(*) as n from pgboss.schedule where name = ${name}`);
    expect(Number(rows[0].n)).toBe(1);
  });

  it("announces a scheduled news post when its job's time comes, so caches everywhere drop the news pages", async () => {
    await runningQueue();
    const later = new Date(Date.now() + 2 * 86_400_000);
    const post = await createNewsPost(
      { title: "Carol concert", slug: "", summary: "Join us.", body: "<p>Join us.</p>", author: "Sophie", image_alt: "", status: "published", publish_at: ukDateTimeInput(later), image: null },
      { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" },
    );
    // The job waits for the post's time.
    const { rows } = await getDb().execute<{ start_after: Date; state: string }>(sql`select start_after, state from pgboss.job where name = 'news-publish' and data->>'id' = ${String(post.id)}`);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].start_after).toISOString()).toBe(post.published_at!.toISOString());
    expect(rows[0].state).toBe("created");

    // Its time comes (moved to now rather than waited for).
    const heard: string[] = [];
    const unsubscribe = subscribe((topic) => heard.push(topic));
    onTestFinished(unsubscribe);
    await getDb().update(newsPosts).set({ published_at: sql`now() - interval '1 second'` }).where(eq(newsPosts.id, post.id));
    await getDb().execute(sql`update pgboss.job set start_after = now() where name = 'news-publish' and data->>'id' = ${String(post.id)}`);
    await vi.waitFor(async () => {
      const [job] = (await getDb().execute<{ state: string }>(sql`select state from pgboss.job where name = 'news-publish' and data->>'id' = ${String(post.id)}`)).rows;
      expect(job.state).toBe("completed");
    }, { timeout: 10_000, interval: 200 });
    expect(heard).toContain("news");
  });

  it("retries mail that the SMTP server refused, and it arrives", async () => {
    await runningQueue();
    const { user, email } = await createTestAccount({ role: "editor" });
    await notifyStaff(user.id, "A passkey was added to your account.");
    await vi.waitFor(() => expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(smtp.refused()).toBe(1);
    const [mail] = smtp.mails.filter((m) => m.to.includes(email));
    expect(mail.subject).toBe("Security notice: Millbrook Community Foundation admin account");
    expect(mail.text).toContain("A passkey was added to your account.");
    const [status] = await queueStatus(["mail"]);
    expect(status.failed).toBe(0);
  });

  it("sends queued mail in parallel, MAIL_CONCURRENCY messages at once over reused connections", async () => {
    const slow = await startSmtpCatcher({ delayMs: 150 });
    const before = process.env.SMTP_URL;
    Object.assign(process.env, { SMTP_URL: slow.url, MAIL_CONCURRENCY: "3" });
    reloadConfig();
    onTestFinished(async () => {
      process.env.SMTP_URL = before;
      delete process.env.MAIL_CONCURRENCY;
      reloadConfig();
      await slow.stop();
    });
    const queue = await startQueue(database.url, siteJobs(), FAST);
    onTestFinished(() => queue.stop(5_000));
    for (let i = 0; i < 12; i++) await queueMail({ to: `parallel${i}@example.org`, subject: `Parallel ${i}`, text: "Sent alongside others." });
    await vi.waitFor(() => expect(slow.mails).toHaveLength(12), { timeout: 20_000, interval: 50 });
    // Three at a time, never more.
    expect(slow.mostInFlight()).toBe(3);
    expect(slow.connections()).toBeLessThanOrEqual(6);
    expect(new Set(slow.mails.map((m) => m.to[0])).size).toBe(12);
  });

  it("mail held by a process that died shows as stuck on Diagnostics, and is handed back and sent without waiting for its 15-minute expiry", async () => {
    const first = await runningQueue();
    const to = `held-${randomUUID().slice(0, 8)}@example.org`;
    // Queued for later, so no worker here takes it...
    const id = await enqueue("mail", { to, subject: "Your tickets", text: "Held by a process that died." }, { startAfter: 3600, retryDelay: 0 });
    await first.stop(5_000);
    // ...then marked as a dead process leaves it: active, its heartbeat a minute old.
    await getDb().execute(
      sql`update pgboss.job set state = 'active', start_after = now() - interval '2 minutes', started_on = now() - interval '1 minute', heartbeat_on = now() - interval '1 minute' where id = ${id}::uuid`,
    );
    const [status] = await queueStatus(["mail"]);
    expect(status.stuck).toBe(1);
    expect((await checkJobQueue()).detail).toContain("Stuck: 1 mail held by a process that stopped");

    // An instance running (supervising every second here; every 10 s in production) hands it back.
    const queue = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 1 }), { ...FAST, superviseIntervalSeconds: 1 });
    onTestFinished(() => queue.stop(5_000));
    await vi.waitFor(() => expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1), { timeout: 20_000, interval: 200 });
    expect((await queueStatus(["mail"]))[0].stuck).toBe(0);
    expect((await checkJobQueue()).detail).not.toContain("Stuck");
  });

  it("mail that failed after its last retry is listed on Failed mail; sent again it arrives, discarded it goes; both audited", async () => {
    const refusing = await startSmtpCatcher({ refuse: 2 });
    const before = process.env.SMTP_URL;
    process.env.SMTP_URL = refusing.url;
    reloadConfig();
    onTestFinished(async () => {
      process.env.SMTP_URL = before;
      reloadConfig();
      await refusing.stop();
    });
    await runningQueue();
    const tag = randomUUID().slice(0, 8);
    const [a, b] = [`donor-a-${tag}@example.org`, `donor-b-${tag}@example.org`];
    for (const to of [a, b]) await enqueue("mail", { to, subject: `Your receipt ${tag}`, text: "Thank you." }, { retryLimit: 0 });

    const failedTo = async () => (await listFailedMail()).filter((m) => m.to === a || m.to === b);
    await vi.waitFor(async () => expect(await failedTo()).toHaveLength(2), { timeout: 15_000, interval: 200 });
    const failed = await failedTo();
    expect(failed[0]).toMatchObject({ subject: `Your receipt ${tag}`, attempts: 1 });
    expect(failed[0]!.error).toContain("Try again later");
    const [status] = await queueStatus(["mail"]);
    expect(status!.failed).toBeGreaterThanOrEqual(2);
    expect((await checkJobQueue()).link).toEqual({ to: "/admin/failed-mail", label: "See failed mail" });

    const actor = { userId: null, email: "admin@millbrook.test", ip: "127.0.0.1" };
    const idA = failed.find((m) => m.to === a)!.id;
    const idB = failed.find((m) => m.to === b)!.id;
    // The actions find a message by its id, however many newer ones failed after it.
    expect((await failedJobs("mail", { id: idA })).map((job) => job.data)).toEqual([{ to: a, subject: `Your receipt ${tag}`, text: "Thank you." }]);
    expect(await failedJobs("mail", { id: "not-a-job-id" })).toEqual([]);
    expect(await resendFailedMail(idA, actor)).toBe(true);
    await vi.waitFor(() => expect(refusing.mails.filter((m) => m.to.includes(a))).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(await discardFailedMail(idB, actor)).toBe(true);
    expect(await failedTo()).toEqual([]);
    // Gone is gone; a made-up id changes nothing.
    expect(await resendFailedMail(idB, actor)).toBe(false);
    expect(await discardFailedMail("not-a-job-id", actor)).toBe(false);
    expect(refusing.mails.filter((m) => m.to.includes(b))).toHaveLength(0);
    const audited = await getDb().select().from(auditLog).where(inArray(auditLog.entity_id, [idA, idB]));
    expect(audited.map((e) => [e.action, (e.details as { to: string }).to]).sort()).toEqual([
      ["mail.discarded", b],
      ["mail.resent", a],
    ]);
  });

  it("sends nothing to the queue in a process without one (a script sends mail at once)", async () => {
    expect(await enqueue("mail", { to: "x@example.org" })).toBeNull();
  });
});
