/**
 * Diagnostics for the Users screen: real facts about this installation.
 * Each check reports ok/problem and a short human-readable detail.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { getPool } from "../db/client.server.ts";
import { migrationsFolder } from "../db/migrate.server.ts";
import { PERIODIC_JOBS } from "../jobs/jobs.server.ts";
import { checkQueue, queueStatus } from "../jobs/queue.server.ts";
import { MAIL_JOB, mailConfigured } from "../mail/mailer.server.ts";
import { owedRefunds } from "../features/bookings/index.ts";
import { paymentsConfigured } from "../payments/stripe.server.ts";
import { lastWebhookAt } from "../payments/webhooks.server.ts";
import { config } from "../lib/config.server.ts";
import { publicStore } from "../storage/file-store.server.ts";
import { checkDatabase } from "./health.server.ts";
import { formatUk } from "../lib/uk-time.ts";

type CheckId = "database" | "migrations" | "administrators" | "file-store" | "mail" | "payments" | "refunds" | "queue";

export interface DiagnosticCheck {
  id: CheckId;
  label: string;
  status: "ok" | "warning" | "error";
  detail: string;
  /** A screen where the problem is dealt with. */
  link?: { to: string; label: string };
}

export interface DiagnosticsReport {
  ranAt: string;
  checks: DiagnosticCheck[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Migrations listed in drizzle/meta/_journal.json against drizzle.__drizzle_migrations. */
export async function checkMigrations(pool: pg.Pool = getPool(), folder = migrationsFolder): Promise<DiagnosticCheck> {
  const label = "Migrations applied";
  try {
    const journal = JSON.parse(await fs.readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    const { rows } = await pool.query<{ created_at: string }>("select created_at from drizzle.__drizzle_migrations");
    const applied = new Set(rows.map((r) => Number(r.created_at)));
    const missing = journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
    if (missing.length) {
      return { id: "migrations", label, status: "error", detail: `${missing.length} of ${journal.entries.length} not applied: ${missing.join(", ")}` };
    }
    return { id: "migrations", label, status: "ok", detail: `All ${journal.entries.length} applied` };
  } catch (error) {
    return { id: "migrations", label, status: "error", detail: `Could not check: ${message(error)}` };
  }
}

/** Writes and deletes a small temporary file in the uploads folder (or the bucket). */
export async function checkFileStore(dir?: string): Promise<DiagnosticCheck> {
  const label = "File store writable";
  const s3 = config().s3;
  if (s3 && !dir) {
    const store = publicStore();
    const key = `diagnostics/${randomBytes(6).toString("hex")}.png`;
    try {
      await store.put(key, new TextEncoder().encode("ok"), "application/octet-stream");
      const found = await store.exists(key);
      await store.delete(key);
      if (!found) throw new Error("the test object was not found after writing it");
      return { id: "file-store", label, status: "ok", detail: `Wrote and removed a test object in the bucket ${s3.bucket}` };
    } catch (error) {
      await store.delete(key).catch(() => {});
      return { id: "file-store", label, status: "error", detail: `Cannot write to the bucket ${s3.bucket}: ${message(error)}` };
    }
  }
  dir ??= config().uploadsDir;
  const file = path.join(dir, `.diagnostics-${randomBytes(6).toString("hex")}.tmp`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(file, "ok", { flag: "wx" });
    await fs.unlink(file);
    return { id: "file-store", label, status: "ok", detail: `Wrote and removed a test file in ${path.resolve(dir)}` };
  } catch (error) {
    await fs.unlink(file).catch(() => {});
    return { id: "file-store", label, status: "error", detail: `Cannot write to ${path.resolve(dir)}: ${message(error)}` };
  }
}

/**
 * `countAdministrators` comes from the caller (the staff accounts feature): the platform
 * imports no feature.
 */
export async function runDiagnostics(options: { countAdministrators: () => Promise<number>; uploadsDir?: string }): Promise<DiagnosticsReport> {
  const database = await checkDatabase();
  const checks: DiagnosticCheck[] = [
    {
      id: "database",
      label: "Database reachable",
      status: database.ok ? "ok" : "error",
      detail: database.ok ? `Answered in ${database.latencyMs} ms` : `No answer: ${database.error ?? "unknown error"}`,
    },
  ];
  if (database.ok) {
    checks.push(await checkMigrations());
    try {
      const administrators = await options.countAdministrators();
      checks.push({
        id: "administrators",
        label: "Administrators",
        status: administrators > 0 ? "ok" : "error",
        detail: administrators === 1 ? "1 administrator" : `${administrators} administrators`,
      });
    } catch (error) {
      checks.push({ id: "administrators", label: "Administrators", status: "error", detail: `Could not count: ${message(error)}` });
    }
  } else {
    checks.push({ id: "migrations", label: "Migrations applied", status: "error", detail: "Skipped: the database is not reachable" });
    checks.push({ id: "administrators", label: "Administrators", status: "error", detail: "Skipped: the database is not reachable" });
  }
  checks.push(await checkFileStore(options.uploadsDir));
  checks.push(
    mailConfigured()
      ? { id: "mail", label: "Mail configured", status: "ok", detail: "SMTP_URL and MAIL_FROM are set: links are mailed" }
      : { id: "mail", label: "Mail configured", status: "warning", detail: "Not configured (SMTP_URL, MAIL_FROM): links are shown on screen only" },
  );
  checks.push(await checkPayments(database.ok));
  if (database.ok) checks.push(await checkOwedRefunds());
  checks.push(await checkJobQueue());
  return { ranAt: new Date().toISOString(), checks };
}

/** The job queue: running here, jobs waiting and failed, and each periodic job's last run. */
export async function checkJobQueue(): Promise<DiagnosticCheck> {
  const label = "Job queue";
  const running = await checkQueue();
  try {
    const queues = await queueStatus([...PERIODIC_JOBS, MAIL_JOB]);
    const waiting = queues.reduce((sum, q) => sum + q.waiting, 0);
    const failed = queues.reduce((sum, q) => sum + q.failed, 0);
    const stuck = queues.filter((q) => q.stuck > 0);
    const mail = queues.find((q) => q.name === MAIL_JOB);
    const lastRuns = PERIODIC_JOBS.map((name) => {
      const last = queues.find((q) => q.name === name)?.lastCompleted;
      return `${name} ${last ? formatUk(last, "date-time") : "not yet"}`;
    });
    const detail = [
      running.ok ? "Running" : `Not running here: ${running.error ?? "unknown error"}`,
      `${waiting} ${waiting === 1 ? "job" : "jobs"} waiting, ${failed} failed${mail && mail.failed > 0 ? ` (${mail.failed} mail)` : ""}`,
      ...(stuck.length > 0
        ? [
            `Stuck: ${stuck.map((q) => `${q.stuck} ${q.name}`).join(", ")} held by a process that stopped; handed back to run again automatically within a minute, or at once when an instance starts`,
          ]
        : []),
      `Last runs (UK time): ${lastRuns.join("; ")}`,
    ].join(". ");
    const link = mail && mail.failed > 0 ? { to: "/admin/failed-mail", label: "See failed mail" } : undefined;
    return { id: "queue", label, status: !running.ok ? "error" : failed > 0 || stuck.length > 0 ? "warning" : "ok", detail, ...(link ? { link } : {}) };
  } catch (error) {
    return { id: "queue", label, status: "error", detail: `Could not read the queue: ${message(error)}` };
  }
}

/**
 * Refunds owed for late ticket payments (paid after the hold was released and the tickets
 * sold): the buyer has been charged with no ticket until Stripe makes the refund. The job
 * queue retries it; an owed refund is an error here, with who and why.
 */
export async function checkOwedRefunds(): Promise<DiagnosticCheck> {
  const label = "Ticket refunds owed";
  try {
    const owed = await owedRefunds();
    if (owed.length === 0) return { id: "refunds", label, status: "ok", detail: "None: every late payment has been refunded" };
    const list = owed
      .slice(0, 5)
      .map((r) => `${r.reference} (${r.name}, ${r.eventTitle}, since ${formatUk(r.since, "date-time")}${r.error ? `; last error: ${r.error}` : ""})`)
      .join("; ");
    return {
      id: "refunds",
      label,
      status: "error",
      detail: `${owed.length} not refunded yet, still being tried: ${list}${owed.length > 5 ? "; ..." : ""}. If one stays here, refund it in Stripe's dashboard.`,
      link: { to: `/admin/events/${owed[0].eventId}/bookings`, label: "See the bookings" },
    };
  } catch (error) {
    return { id: "refunds", label, status: "error", detail: `Could not read: ${message(error)}` };
  }
}

/** Online payments: whether the Stripe keys are set, and when Stripe's last webhook arrived. */
export async function checkPayments(databaseOk = true): Promise<DiagnosticCheck> {
  const label = "Online payments";
  if (!paymentsConfigured()) {
    return { id: "payments", label, status: "warning", detail: "Not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): the donation form shows the other ways to give" };
  }
  if (!databaseOk) return { id: "payments", label, status: "ok", detail: "Stripe keys are set; last webhook unknown (the database is not reachable)" };
  try {
    const last = await lastWebhookAt();
    const when = last ? formatUk(last, "date-time") : null;
    return {
      id: "payments",
      label,
      status: last ? "ok" : "warning",
      detail: last ? `Stripe keys are set; last webhook arrived ${when} (UK time)` : "Stripe keys are set; no webhook has arrived yet",
    };
  } catch (error) {
    return { id: "payments", label, status: "error", detail: `Stripe keys are set; could not read the last webhook: ${message(error)}` };
  }
}
