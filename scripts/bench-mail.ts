/**
 * Mail throughput: how many messages a second one instance sends through its job queue
 * to a real SMTP server on loopback (smtp-server, tests/helpers/smtp-catcher.ts), on a
 * fresh embedded database. Two measurements per MAIL_CONCURRENCY setting (1, 4 and 8):
 *   - a backlog: BENCH_MAIL_MESSAGES messages queued at once (as after an outage, or a
 *     newsletter's worth of receipts), the time until the last one is received;
 *   - a steady flow: messages queued at 20 a second for 5 s (a busy evening of bookings
 *     and gifts), the time from each message being queued to its arrival (p50, p99).
 * The SMTP server accepts each message at once: the figures are the site's own cost
 * (queue, rendering, SMTP), not a provider's.
 *
 * `npm run bench` includes it in bench/results.md; `npm run bench:mail` prints its section.
 *
 *   BENCH_MAIL_MESSAGES=500   messages in the backlog run
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db/bootstrap.server.ts";
import { siteSamples } from "../app/samples.server.ts";
import { siteJobs } from "../app/jobs/jobs.server.ts";
import { startQueue } from "../app/jobs/queue.server.ts";
import { readConfig, reloadConfig } from "../app/lib/config.server.ts";
import { queueMail } from "../app/mail/mailer.server.ts";
import { startSmtpCatcher } from "./mail-catcher.ts";
import { log, table } from "./bench-lib.ts";

const MESSAGES = Math.max(20, Number(process.env.BENCH_MAIL_MESSAGES ?? 500));
const SETTINGS = [1, 4, 8];
const FLOW_PER_SECOND = 20;
const FLOW_SECONDS = 5;

interface MailRun {
  concurrency: number;
  backlogPerSecond: number;
  backlogSeconds: number;
  flowP50: number;
  flowP99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function waitFor(check: () => boolean, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("mail did not all arrive in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(url: string, concurrency: number): Promise<MailRun> {
  // Keep every message: the waits below count them all.
  const smtp = await startSmtpCatcher({ keep: Number.POSITIVE_INFINITY });
  Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "Millbrook <no-reply@millbrook.test>", MAIL_CONCURRENCY: String(concurrency) });
  reloadConfig();
  const queue = await startQueue(url, siteJobs());
  try {
    // Warm up: the first message loads nodemailer and opens the connections.
    await queueMail({ to: "warm@example.org", subject: "Warm-up", text: "Warm-up" });
    await waitFor(() => smtp.mails.length === 1, 30_000);

    // A backlog, queued at once.
    const started = performance.now();
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        queueMail({ to: `donor${i}@example.org`, subject: `Thank you for your donation (${i})`, text: `Dear donor,\n\nThank you for your gift. Reference MCF-${i}.\n` }),
      ),
    );
    await waitFor(() => smtp.mails.length === MESSAGES + 1, 300_000);
    const backlogSeconds = (performance.now() - started) / 1000;

    // A steady flow: each message's time from queued to received.
    const queuedAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    const before = smtp.mails.length;
    const watcher = setInterval(() => {
      for (const mail of smtp.mails.slice(before)) if (!arrivedAt.has(mail.to[0])) arrivedAt.set(mail.to[0], performance.now());
    }, 2);
    const total = FLOW_PER_SECOND * FLOW_SECONDS;
    for (let i = 0; i < total; i++) {
      const to = `flow${i}@example.org`;
      queuedAt.set(to, performance.now());
      await queueMail({ to, subject: `Your booking (${i})`, text: "Your tickets are confirmed." });
      await new Promise((resolve) => setTimeout(resolve, 1000 / FLOW_PER_SECOND));
    }
    await waitFor(() => arrivedAt.size === total, 120_000);
    clearInterval(watcher);
    const latencies = [...queuedAt].map(([to, at]) => arrivedAt.get(to)! - at).sort((a, b) => a - b);
    const run = {
      concurrency,
      backlogPerSecond: MESSAGES / backlogSeconds,
      backlogSeconds,
      flowP50: percentile(latencies, 50),
      flowP99: percentile(latencies, 99),
    };
    log(`mail, MAIL_CONCURRENCY=${concurrency}: ${run.backlogPerSecond.toFixed(0)} messages/s (${MESSAGES} in ${backlogSeconds.toFixed(1)} s); at ${FLOW_PER_SECOND}/s queued→received p50 ${run.flowP50.toFixed(0)} ms, p99 ${run.flowP99.toFixed(0)} ms`);
    return run;
  } finally {
    await queue.stop(5_000);
    await smtp.stop();
  }
}

/** Runs the mail benchmark and returns its section of bench/results.md. */
export async function mailSection(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-mail-"));
  fs.chmodSync(dir, 0o755);
  const saved = { ...process.env };
  const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dir, NODE_ENV: "production", DATABASE_URL: "" }), { mode: "own", samples: await siteSamples() });
  const runs: MailRun[] = [];
  try {
    for (const concurrency of SETTINGS) runs.push(await measure(database.url, concurrency));
  } finally {
    await database.close();
    process.env = saved;
    reloadConfig();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const rows = runs.map((r) => [
    r.concurrency === 4 ? "4 (default)" : r.concurrency,
    `${r.backlogPerSecond.toFixed(0)} (${MESSAGES} in ${r.backlogSeconds.toFixed(1)} s)`,
    `${r.flowP50.toFixed(0)} ms`,
    `${r.flowP99.toFixed(0)} ms`,
  ]);
  return `## Mail (\`npm run bench:mail\`)

One instance's job queue sending to an SMTP server on loopback (smtp-server, accepting each message at once), on a fresh embedded database; load average ${os.loadavg()[0]!.toFixed(2)} at the end.

${table(["MAIL_CONCURRENCY", "Backlog: messages/s", `Steady ${FLOW_PER_SECOND}/s: queued→received p50`, "p99"], rows)}
`;
}

if (import.meta.main) {
  console.log(await mailSection());
  process.exit(0);
}
