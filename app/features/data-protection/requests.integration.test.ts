/**
 * The Requests log against real PostgreSQL: the one-month deadline and its extension,
 * the answer, and an erasure made from a request tied to it in the audit log, which also
 * removes the person's mail from the queue (sealed there, never in plain text).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { formSubmissions } from "../submissions/table.ts";
import { erasePersonalData } from "../../domain/data-protection/retention.server.ts";
import { startQueue } from "../../jobs/queue.server.ts";
import { siteJobs } from "../../jobs/jobs.server.ts";
import { reloadConfig } from "../../lib/config.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { startSmtpCatcher } from "../../../scripts/mail-catcher.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { answerRequest, countOverdueRequests, extendRequest, listRequests, recordRequest, requestActions, RequestRuleError } from "./requests.server.ts";

const database = setupTestDatabase();
const actor = { email: "dpo@example.org", ip: "127.0.0.1" };
const at = (iso: string) => new Date(iso);

describe("a request's deadline", () => {
  it("is one calendar month from the London day it arrived, extendable once by two months with a reason while the first month runs", async () => {
    const row = await recordRequest(
      { kind: "access", channel: "post", requester_name: "Ben Letter", requester_email: "Ben@Example.org", received_on: "2026-01-31" },
      actor,
      at("2026-02-02T10:00:00Z"),
    );
    expect(row).toMatchObject({ due_on: "2026-02-28", requester_email: "ben@example.org", extended_to: null });
    expect(row.reference).toMatch(/^DPR-[0-9A-Z]{8}$/);

    await expect(extendRequest(row.id, { reason: "short" }, actor, at("2026-02-10T10:00:00Z"))).rejects.toThrow();
    const extended = await extendRequest(row.id, { reason: "Records are spread over three systems." }, actor, at("2026-02-10T10:00:00Z"));
    expect(extended).toMatchObject({ extended_to: "2026-04-30", extension_reason: "Records are spread over three systems." });
    await expect(extendRequest(row.id, { reason: "Another reason that is long enough." }, actor, at("2026-02-11T10:00:00Z"))).rejects.toThrow(
      /already been extended/,
    );

    // Overdue only once the extended deadline has passed.
    const mine = async (now: Date) => (await listRequests(now)).find((r) => r.id === row.id);
    expect((await mine(at("2026-03-15T10:00:00Z")))?.due).toBe("open");
    expect((await mine(at("2026-05-01T10:00:00Z")))?.due).toBe("overdue");
    expect(await countOverdueRequests(at("2026-05-01T10:00:00Z"))).toBeGreaterThanOrEqual(1);

    const answered = await answerRequest(row.id, { answered_on: "2026-04-20", answered_how: "Copy of the data sent by post." }, actor, at("2026-04-21T10:00:00Z"));
    expect(answered).toMatchObject({ answered_on: "2026-04-20", answered_how: "Copy of the data sent by post." });
    expect((await mine(at("2026-05-01T10:00:00Z")))?.due).toBe("done");
  });

  it("refuses an extension once the first month is over, and dates in the future", async () => {
    const row = await recordRequest(
      { kind: "erasure", channel: "phone", requester_name: "Cal Late", requester_email: "cal@example.org", received_on: "2026-03-01" },
      actor,
      at("2026-03-02T10:00:00Z"),
    );
    expect(row.due_on).toBe("2026-04-01");
    await expect(extendRequest(row.id, { reason: "We only looked at it now, sorry." }, actor, at("2026-04-02T09:00:00Z"))).rejects.toThrow(RequestRuleError);
    await expect(
      recordRequest({ kind: "access", channel: "email", requester_name: "X", requester_email: "x@example.org", received_on: "2026-03-05" }, actor, at("2026-03-04T10:00:00Z")),
    ).rejects.toThrow(/future/);
    await expect(answerRequest(row.id, { answered_on: "2026-02-27", answered_how: "Before it came" }, actor, at("2026-03-04T10:00:00Z"))).rejects.toThrow(/before it arrived/);
  });
});

describe("an erasure made from a request", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let stopQueue: () => Promise<void>;
  const saved = { ...process.env };

  beforeAll(async () => {
    // A mail server that refuses everything: the messages stay in the queue, waiting for a retry.
    smtp = await startSmtpCatcher({ refuse: 1_000 });
    Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>" });
    reloadConfig();
    const queue = await startQueue(database.url, siteJobs({ mailRetryDelaySeconds: 600 }), { pollingIntervalSeconds: 0.5 });
    stopQueue = () => queue.stop(5_000);
  });

  afterAll(async () => {
    await stopQueue();
    process.env = saved;
    reloadConfig();
    await smtp.stop();
  });

  it("is tied to the request in the audit log, and takes the person's queued mail (to and about them) with it", async () => {
    const email = `erase-${randomUUID().slice(0, 8)}@example.org`;
    const other = `keep-${randomUUID().slice(0, 8)}@example.org`;
    const request = await recordRequest({ kind: "erasure", channel: "email", requester_name: "Dee Erase", requester_email: email, received_on: "2026-11-20" }, actor, at("2026-11-27T10:00:00Z"));
    await getDb().insert(formSubmissions).values({ reference: `VOL-${randomUUID().slice(0, 8)}`, kind: "volunteer", name: "Dee Erase", email, data: {} });

    const token = "secret-booking-token-abcdef123456";
    await queueMail({ to: email, subject: "Your booking", text: `Your booking: https://millbrook.test/bookings/MCF-1/${token}` });
    await queueMail({ to: "office@millbrook.test", about: [email], subject: "A new volunteer form", text: "Open the inbox." });
    await queueMail({ to: other, subject: "Your receipt", text: "Thank you." });
    const jobs = async () =>
      (await getDb().execute<{ data: unknown; state: string }>(sql`select data, state from pgboss.job where name = 'mail'`)).rows.map((r) => JSON.stringify(r.data));
    // Sealed in the queue: neither the token nor the address is there in plain text.
    expect(await jobs()).toHaveLength(3);
    for (const job of await jobs()) {
      expect(job).not.toContain(token);
      expect(job).not.toContain(email);
    }
    // The refusing server keeps them queued for a retry.
    await expect.poll(() => smtp.refused(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    const result = await erasePersonalData(email, actor, { requestId: request.id });
    expect(result).toMatchObject({ submissions: 1, mail: 2 });
    expect(await jobs()).toHaveLength(1);

    const actions = await requestActions(request.id);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["submissions.erase", "mail.erase"]));
    expect(actions.find((a) => a.action === "mail.erase")?.details).toMatchObject({ count: 2, request_id: request.id });
    // An erasure without a request names none.
    await erasePersonalData(other, actor);
    const untied = await getDb().select().from(auditLog).where(eq(auditLog.action, "mail.erase"));
    expect(untied.filter((e) => !("request_id" in e.details))).toHaveLength(1);
    expect(await jobs()).toHaveLength(0);
  });
});
