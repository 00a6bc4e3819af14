/**
 * Newsletter sending: one newsletter to 1,000 and then 10,000 subscribers, through the
 * job queue, to a real SMTP server on loopback (smtp-server, counting what it accepts).
 * Each size runs in its own process on a fresh embedded database, so its peak memory
 * (RSS, the operating system's figure) is the sender's alone: the SMTP server runs in
 * this parent process. Flat memory means the 10,000 run peaks about where the 1,000 run
 * does: recipients are listed in the database and read a batch at a time.
 *
 *   npm run bench:newsletter            both sizes, printed as a bench/results.md section
 *   BENCH_NEWSLETTER_SIZES=1000,10000   the list sizes
 *
 * The rate limit is lifted (NEWSLETTER_RATE_PER_MINUTE=1000000) to measure the site's own
 * cost; MAIL_CONCURRENCY is the default (4).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { startSmtpCatcher } from "./mail-catcher.ts";

const SIZES = (process.env.BENCH_NEWSLETTER_SIZES ?? "1000,10000").split(",").map(Number).filter((n) => n > 0);

interface Run {
  size: number;
  seconds: number;
  perSecond: number;
  heapBeforeMb: number;
  rssBeforeMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** The heap after the send and a full collection: what the send left behind. */
  heapAfterMb: number;
}

/** One size, in this (child) process: make the list, send through the queue, report. */
async function runOne(size: number, smtpUrl: string): Promise<Run> {
  const { openDatabase } = await import("../app/db/bootstrap.server.ts");
  const { siteSamples } = await import("../app/samples.server.ts");
  const { readConfig, reloadConfig } = await import("../app/lib/config.server.ts");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-bench-newsletter-"));
  fs.chmodSync(dir, 0o755);
  Object.assign(process.env, { DATA_DIR: dir, SMTP_URL: smtpUrl, MAIL_FROM: "Millbrook <news@millbrook.test>", NEWSLETTER_RATE_PER_MINUTE: "1000000", PUBLIC_URL: "https://www.millbrook.test", LOG_LEVEL: "warn" });
  const database = await openDatabase(readConfig({ ...process.env, DATA_DIR: dir, NODE_ENV: "production", DATABASE_URL: "" }), { mode: "own", samples: await siteSamples() });
  process.env.DATABASE_URL = database.url;
  reloadConfig();
  const { getDb } = await import("../app/db/client.server.ts");
  const { siteJobs } = await import("../app/jobs/jobs.server.ts");
  const { startQueue } = await import("../app/jobs/queue.server.ts");
  const { createNewsletter, getNewsletter, startSending } = await import("../app/features/newsletters/newsletters.server.ts");
  try {
    await getDb().execute(sql`insert into supporters (email, name) select 'reader' || i || '@example.org', 'Reader ' || i from generate_series(1, ${size}) i`);
    await getDb().execute(sql`insert into consent_events (supporter_id, given, source, wording) select id, true, 'bench', 'Email me news' from supporters`);
    const body = `<h2>What your gifts did</h2>${"<p>The community fund made five grants this spring: goals for the youth football club, a reading corner, two lunch clubs and a defibrillator. Thank you.</p>".repeat(6)}<p><a href="/events">What is on</a></p>`;
    const id = await createNewsletter({ subject: "Spring news", preview_text: "Five grants and a summer fair", body }, { email: "bench@millbrook.test" });
    const queue = await startQueue(database.url, siteJobs(), { pollingIntervalSeconds: 0.5 });
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let peakHeap = process.memoryUsage().heapUsed;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 50);
    const started = performance.now();
    await startSending(id, { kind: "all" }, { when: "now" }, { email: "bench@millbrook.test" });
    while ((await getNewsletter(id))?.status !== "sent") await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await queue.stop(5_000);
    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    return { size, seconds, perSecond: size / seconds, heapBeforeMb: mb(heapBefore), rssBeforeMb: mb(rssBefore), peakRssMb: mb(peakRss), peakHeapMb: mb(peakHeap), heapAfterMb: mb(heapAfter) };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function child(size: number, smtpUrl: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // The server's V8 flags (package.json "serve"), so memory is measured as the site runs.
    const flags = ["--max-semi-space-size=4", "--max-old-space-size=512", "--no-concurrent-recompilation", "--expose-gc"];
    const proc = spawn(process.execPath, [...flags, fileURLToPath(import.meta.url), "--child", String(size), smtpUrl], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.on("exit", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as Run);
      else reject(new Error(`the ${size} run failed (exit ${code}): ${out}`));
    });
  });
}

export async function newsletterSection(): Promise<string> {
  const smtp = await startSmtpCatcher({ keep: 0 });
  const runs: Run[] = [];
  try {
    for (const size of SIZES) {
      const before = smtp.received();
      const run = await child(size, smtp.url);
      const received = smtp.received() - before;
      if (received !== size) throw new Error(`${size} recipients but ${received} messages received`);
      console.error(`newsletter to ${size}: ${run.perSecond.toFixed(0)} messages/s, peak RSS ${run.peakRssMb} MB (before sending ${run.rssBeforeMb} MB), JS heap ${run.heapBeforeMb} MB before, ${run.peakHeapMb} MB at most, ${run.heapAfterMb} MB after`);
      runs.push(run);
    }
  } finally {
    await smtp.stop();
  }
  const rows = runs.map(
    (r) => `| ${r.size.toLocaleString("en-GB")} | ${r.perSecond.toFixed(0)} (${r.seconds.toFixed(1)} s) | ${r.rssBeforeMb} MB | ${r.peakRssMb} MB | ${r.heapBeforeMb} / ${r.peakHeapMb} / ${r.heapAfterMb} MB |`,
  );
  return `## Newsletter (\`npm run bench:newsletter\`)

One newsletter (HTML and plain text, each recipient's own unsubscribe links) sent through the job queue to every subscriber, to an SMTP server on loopback (smtp-server, in another process, accepting each message at once), on a fresh embedded database per size; MAIL_CONCURRENCY 4, the rate limit lifted. Memory is the sending process's, run with the server's V8 flags (RSS as the system counts it, and the JS heap, sampled every 50 ms; "after" is after a full collection, what the send left behind). Load average ${os.loadavg()[0]!.toFixed(2)} at the end.

| Subscribers | Messages/s (time) | RSS before sending | Peak RSS while sending | JS heap before / peak / after |
| --- | --- | --- | --- | --- |
${rows.join("\n")}
`;
}

if (import.meta.main) {
  const at = process.argv.indexOf("--child");
  if (at !== -1) {
    const run = await runOne(Number(process.argv[at + 1]), process.argv[at + 2]!);
    console.log(JSON.stringify(run));
    process.exit(0);
  }
  console.log(await newsletterSection());
  process.exit(0);
}
