/**
 * Sending one newsletter (the "newsletter-send" job). Resumable and never twice:
 *
 * 1. The recipients are listed once, in the database (INSERT ... SELECT: one row per
 *    newsletter and supporter, unique), when the send starts: the audience is fixed then.
 * 2. Rows are claimed a batch at a time (pending -> sending, FOR UPDATE SKIP LOCKED);
 *    a person who unsubscribed or whose address was refused meanwhile is skipped.
 * 3. Each message is sent, then its row settled (sent, refused, failed, or pending again
 *    after a temporary failure), with the entry on the supporter's timeline.
 *
 * When the queue stops (a deploy), the run stops between messages, hands its unsent
 * claims back and fails the attempt, so the queue runs it again: it carries on with the
 * rows still pending. A process that dies mid-message leaves that row "sending": it may
 * have arrived, so the next run marks it "interrupted" and does not send it again.
 * Memory stays flat: one batch of rows at a time, the message rendered once.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { queueRunning } from "../../jobs/queue.server.ts";
import { config } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { mailConcurrency, sendMail, type MailResult } from "../../mail/mailer.server.ts";
import { supporterActivity, supporters } from "../supporters/table.ts";
import { audienceWhere, getNewsletter, senderDetails, subscribedNow } from "./newsletters.server.ts";
import { personalise, renderTemplate } from "./render.server.ts";
import { newsletterRecipients, newsletters } from "./table.ts";

const BATCH = 50;
/** A message that failed this often (temporarily) is given up. */
const ATTEMPTS = 3;
/** This many temporary failures in a row: the mail server is down; the run stops and the queue tries again later. */
const FAILURES_IN_A_ROW = 5;

class SendInterrupted extends Error {}

/** Lists the audience once (the first run of a send). */
async function listRecipients(id: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [row] = (await tx.execute<{ listed_at: string | null; audience: unknown }>(sql`select listed_at, audience from ${newsletters} where id = ${id} for update`)).rows;
    if (!row || row.listed_at) return;
    const newsletter = await getNewsletter(id);
    if (!newsletter) return;
    await tx.execute(sql`
      insert into ${newsletterRecipients} (newsletter_id, supporter_id, email)
      select ${id}, ${supporters.id}, ${supporters.email} from ${supporters} where ${audienceWhere(newsletter.audience)}
      on conflict (newsletter_id, supporter_id) do nothing`);
    await tx.execute(sql`update ${newsletters} set listed_at = now() where id = ${id}`);
  });
}

type Claimed = {
  id: number;
  status: "sending" | "skipped";
  email: string;
  token: string;
  supporter_id: string;
};

async function claim(id: number): Promise<Claimed[]> {
  const s = supporters;
  const result = await getDb().execute<Claimed>(sql`
    with next as (
      select id from ${newsletterRecipients}
      where newsletter_id = ${id} and status = 'pending'
      order by id limit ${BATCH}
      for update skip locked
    )
    update ${newsletterRecipients} r
    set status = case when ${s.email_refused_at} is null and ${subscribedNow} then 'sending' else 'skipped' end,
        claimed_at = now()
    from next, ${s}
    where r.id = next.id and ${s.id} = r.supporter_id
    returning r.id::int as id, r.status, ${s.email} as email, ${s.preferences_token} as token, r.supporter_id`);
  return result.rows;
}

async function settle(row: Claimed, result: MailResult, subject: string, newsletterId: number): Promise<"sent" | "refused" | "failed" | "retry"> {
  const db = getDb();
  if (result.sent) {
    await db.execute(sql`
      with done as (
        update ${newsletterRecipients} set status = 'sent', sent_at = now(), attempts = attempts + 1, error = null
        where id = ${row.id} returning supporter_id
      )
      insert into ${supporterActivity} (supporter_id, kind, summary, details)
      select supporter_id, 'email', ${`Newsletter: ${subject}`}, ${JSON.stringify({ detail: "Newsletter sent", newsletterId })}::jsonb from done`);
    return "sent";
  }
  const error = (result.reason === "failed" ? (result.error ?? "failed") : "mail is not configured").slice(0, 500);
  // A permanent refusal of the address (5xx to RCPT TO): the address is marked, later sends skip it.
  if (result.reason === "failed" && (result.code ?? 0) >= 500 && /^RCPT/i.test(result.command ?? "")) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update ${newsletterRecipients} set status = 'refused', attempts = attempts + 1, error = ${error} where id = ${row.id}`);
      await tx.execute(sql`update ${supporters} set email_refused_at = now(), email_refused_reason = ${error.slice(0, 200)} where id = ${row.supporter_id}`);
    });
    return "refused";
  }
  if (result.reason === "failed" && (result.code ?? 0) >= 500) {
    await db.execute(sql`update ${newsletterRecipients} set status = 'failed', attempts = attempts + 1, error = ${error} where id = ${row.id}`);
    return "failed";
  }
  const [after] = (
    await db.execute<{ status: string }>(sql`
      update ${newsletterRecipients} set attempts = attempts + 1, error = ${error},
        status = case when attempts + 1 >= ${ATTEMPTS} then 'failed' else 'pending' end
      where id = ${row.id} returning status`)
  ).rows;
  return after?.status === "failed" ? "failed" : "retry";
}

export interface SendRun {
  sent: number;
  finished: boolean;
}

/**
 * Sends what is left of a newsletter. `stopping` is asked between messages (the queue is
 * stopping, the job was aborted): the run hands back its claims and throws SendInterrupted.
 */
export async function runNewsletterSend(id: number, stopping: () => boolean = () => !queueRunning()): Promise<SendRun> {
  const newsletter = await getNewsletter(id);
  if (!newsletter || newsletter.status !== "sending") return { sent: 0, finished: false };
  const settings = config();
  if (!settings.mail) throw new Error("Newsletter not sent: mail is not configured (SMTP_URL, MAIL_FROM)");
  await listRecipients(id);
  // Claimed by a run whose process died: perhaps delivered, so never sent again.
  await getDb().execute(sql`
    update ${newsletterRecipients} set status = 'interrupted',
      error = 'The sender stopped while sending this message: it may have arrived, so it was not sent again.'
    where newsletter_id = ${id} and status = 'sending'`);

  const sender = await senderDetails();
  const template = await renderTemplate(newsletter, sender);
  const interval = 60_000 / settings.NEWSLETTER_RATE_PER_MINUTE;
  let nextSlot = Date.now();
  let sent = 0;
  let failuresInARow = 0;
  let stopped = false;

  for (;;) {
    if (stopping()) stopped = true;
    if (stopped) break;
    const batch = await claim(id);
    if (batch.length === 0) break;
    const queue = batch.filter((r) => r.status === "sending");
    const lanes = Math.max(1, Math.min(mailConcurrency(), queue.length));
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          if (stopped || stopping() || failuresInARow >= FAILURES_IN_A_ROW) {
            stopped = true;
            await getDb().execute(sql`update ${newsletterRecipients} set status = 'pending' where id = ${row.id} and status = 'sending'`);
            continue;
          }
          // Paced: one message every `interval` ms across the lanes.
          const wait = nextSlot - Date.now();
          nextSlot = Math.max(nextSlot, Date.now()) + interval;
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const message = personalise(template, sender.origin, row.token);
          const result = await sendMail({ to: row.email, subject: message.subject, text: message.text, html: message.html, headers: message.headers });
          const outcome = await settle(row, result, newsletter.subject, id);
          if (outcome === "sent") sent++;
          failuresInARow = outcome === "retry" ? failuresInARow + 1 : 0;
        }
      }),
    );
  }
  if (stopped) {
    logger.info({ newsletterId: id, sent }, "newsletter sending paused: it carries on when the queue runs it again");
    throw new SendInterrupted(
      failuresInARow >= FAILURES_IN_A_ROW ? "The mail server keeps failing: the newsletter carries on later" : "Sending stopped (the queue is stopping): it carries on at the next run",
    );
  }
  await getDb().execute(sql`
    update ${newsletters} set status = 'sent', sent_at = now(), updated_at = now()
    where id = ${id} and status = 'sending'
      and not exists (select 1 from ${newsletterRecipients} where newsletter_id = ${id} and status in ('pending', 'sending'))`);
  logger.info({ newsletterId: id, sent }, "newsletter sent");
  return { sent, finished: true };
}
