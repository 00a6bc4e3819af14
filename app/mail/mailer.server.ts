/**
 * Outgoing mail. With SMTP_URL (smtp:// or smtps://user:pass@host:port) and MAIL_FROM set,
 * mail goes out over SMTP through nodemailer; otherwise sending is a no-op that logs the
 * recipient and subject (never the body, which may hold a one-time link) and reports
 * `{ sent: false }`, so callers show links on screen instead.
 *
 * Two ways to send: `sendMail` at once, for a caller that must know the result (an
 * invitation link shown on screen when it could not be mailed), and `queueMail` for the
 * rest (receipts, confirmations, notices): the "mail" job sends it, and a failed SMTP
 * send is retried with backoff instead of lost.
 */
import { createHash } from "node:crypto";
import type { Transporter } from "nodemailer";
import { hitCounter } from "../lib/rate-counters.server.ts";
import { deleteJobsAbout, enqueue, queueRunning } from "../jobs/queue.server.ts";
import { config, type AppConfig } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { decryptSecret, encryptSecret } from "../lib/secret-box.server.ts";
import { hashToken } from "../lib/tokens.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (a newsletter): the message is multipart/alternative. */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, List-Id). */
  headers?: Record<string, string>;
  /** Files sent with the message (a calendar entry, a ticket). */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Other people the message is about (a staff notice of someone's form): erasing them removes it from the queue too. */
  about?: string[];
}

/**
 * A message as the "mail" job keeps it: sealed (AES-256-GCM with the secrets-at-rest key),
 * so the queue's table never holds a body, a booking link's token or an address in plain
 * text; `about` holds only hashes of the addresses it is to or about, so an erasure can
 * find it. Older jobs hold a plain MailMessage and are still sent.
 */
export interface QueuedMail {
  sealed: string;
  about: string[];
}

const SEAL_OWNER = "mail-job";

/** The hash an erasure looks queued mail up by. */
const mailAddressHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

function sealMail(message: MailMessage): QueuedMail {
  const about = [...new Set([message.to, ...(message.about ?? [])].map(mailAddressHash))];
  return { sealed: encryptSecret(JSON.stringify(message), SEAL_OWNER), about };
}

/** The message of a queued job (sealed, or written by an older version in plain). */
export function openQueuedMail(data: MailMessage | QueuedMail): MailMessage {
  return "sealed" in data ? (JSON.parse(decryptSecret(data.sealed, SEAL_OWNER)) as MailMessage) : data;
}

/**
 * `code` and `command`: the SMTP reply code and the command it answered, when the server
 * refused (a 5xx to RCPT TO is a permanent refusal of the address).
 */
export type MailResult = { sent: true } | { sent: false; reason: "not-configured" | "failed"; error?: string; code?: number; command?: string };

export function mailConfigured(settings: AppConfig = config()): boolean {
  return settings.mail !== null;
}

let transport: { mail: NonNullable<AppConfig["mail"]>; pooled: boolean; transporter: Transporter } | undefined;

/**
 * nodemailer is loaded with the first message sent (a process that sends none never loads
 * it). In the server (a process running the job queue), a pool of SMTP connections kept
 * open and reused: as many as messages are sent at once (MAIL_CONCURRENCY), each opened
 * again after 100 messages or closed after 30 s idle, and at most MAIL_RATE_LIMIT
 * messages a second when that is set. A command-line script opens one connection per
 * message, so no open connection keeps it from ending.
 */
async function transporterFor(mail: NonNullable<AppConfig["mail"]>, pooled = queueRunning()): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  // Checked after the import, with nothing awaited until it is replaced: messages sent at
  // once share one transport (a second one made meanwhile would close the first under them).
  if (transport?.mail !== mail || transport.pooled !== pooled) {
    transport?.transporter.close();
    const transporter = pooled
      ? nodemailer.createTransport({
          url: mail.url,
          pool: true,
          maxConnections: mail.concurrency,
          maxMessages: 100,
          idleTimeout: 30_000,
          ...(mail.ratePerSecond ? { rateDelta: 1000, rateLimit: mail.ratePerSecond } : {}),
        })
      : nodemailer.createTransport(mail.url);
    transport = { mail, pooled, transporter };
  }
  return transport.transporter;
}

export async function sendMail(message: MailMessage, settings: AppConfig = config()): Promise<MailResult> {
  const mail = settings.mail;
  if (!mail) {
    logger.info({ to: message.to, subject: message.subject }, "mail not configured (SMTP_URL, MAIL_FROM): not sent");
    return { sent: false, reason: "not-configured" };
  }
  try {
    await (await transporterFor(mail)).sendMail({
      from: mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
    return { sent: true };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
    logger.warn({ to: message.to, subject: message.subject, err: text }, "sending mail failed");
    return {
      sent: false,
      reason: "failed",
      error: text,
      ...(typeof responseCode === "number" ? { code: responseCode } : {}),
      ...(typeof command === "string" ? { command } : {}),
    };
  }
}

/** The queue of outgoing mail (app/jobs/jobs.server.ts). */
export const MAIL_JOB = "mail";

/** How many queued messages an instance sends at once. */
export function mailConcurrency(settings: AppConfig = config()): number {
  return settings.mail?.concurrency ?? 1;
}

/**
 * Messages one address may be sent in an hour through queueMail. Whatever a visitor can
 * make the site send (a booking, a receipt) goes to an address they type: this keeps the
 * site from becoming a way to flood someone's inbox.
 */
export const MAIL_PER_RECIPIENT_PER_HOUR = 10;

/**
 * Counts one message to `to` (keyed by a hash of the address, so the counters hold no
 * address); false when the address has had its share this hour.
 */
async function recipientAllows(to: string): Promise<boolean> {
  const hit = await hitCounter(`mail-to:${hashToken(to.trim().toLowerCase())}`, 60 * 60);
  return hit.count <= MAIL_PER_RECIPIENT_PER_HOUR;
}

/**
 * Mail whose result nobody waits for: queued for the "mail" job (retried when the SMTP
 * server fails). In a process without a job queue (a command-line script) it is sent
 * at once. Without mail configured, nothing is queued. Mail to one address is limited
 * to MAIL_PER_RECIPIENT_PER_HOUR an hour, except mail to staff (`toStaff`: security
 * notices, the notice of a new submission), which a visitor cannot aim elsewhere.
 * Returns whether the message was queued (or sent).
 */
export async function queueMail(message: MailMessage, options: { toStaff?: boolean } = {}): Promise<boolean> {
  if (!mailConfigured()) {
    await sendMail(message);
    return false;
  }
  if (!options.toStaff && !(await recipientAllows(message.to))) {
    logger.warn({ subject: message.subject }, "mail not queued: this recipient's hourly limit is reached");
    return false;
  }
  if (queueRunning()) {
    await enqueue(MAIL_JOB, sealMail(message));
    return true;
  }
  return (await sendMail(message)).sent;
}

/**
 * Removes every message to or about an address from the mail queue, whatever its state
 * (waiting, being retried, failed, or sent and kept for a few days): an erasure leaves
 * nothing of the person there. Returns how many went.
 */
export async function eraseQueuedMail(email: string): Promise<number> {
  return deleteJobsAbout(MAIL_JOB, mailAddressHash(email));
}

/** The "mail" job: sends one queued message; a failed send throws, so the queue retries it. */
export async function deliverQueuedMail(data: MailMessage | QueuedMail): Promise<void> {
  const message = openQueuedMail(data);
  const result = await sendMail(message);
  if (!result.sent && result.reason === "failed") throw new Error(`mail to ${message.to} not sent: ${result.error ?? "unknown error"}`);
}
