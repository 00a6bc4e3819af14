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
import type { Transporter } from "nodemailer";
import { hitCounter } from "../domain/limits/counters.server.ts";
import { enqueue, queueRunning } from "../jobs/queue.server.ts";
import { config, type AppConfig } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { hashToken } from "../lib/tokens.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a calendar entry, a ticket). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export type MailResult = { sent: true } | { sent: false; reason: "not-configured" | "failed"; error?: string };

export function mailConfigured(settings: AppConfig = config()): boolean {
  return settings.mail !== null;
}

let transport: { url: string; transporter: Transporter } | undefined;

/** nodemailer is loaded with the first message sent (a process that sends none never loads it). */
async function transporterFor(url: string): Promise<Transporter> {
  if (transport?.url !== url) {
    const { default: nodemailer } = await import("nodemailer");
    transport = { url, transporter: nodemailer.createTransport(url) };
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
    await (await transporterFor(mail.url)).sendMail({
      from: mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
    return { sent: true };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    logger.warn({ to: message.to, subject: message.subject, err: text }, "sending mail failed");
    return { sent: false, reason: "failed", error: text };
  }
}

/** The queue of outgoing mail (app/jobs/jobs.server.ts). */
export const MAIL_JOB = "mail";

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
    await enqueue(MAIL_JOB, message);
    return true;
  }
  return (await sendMail(message)).sent;
}

/** The "mail" job: sends one queued message; a failed send throws, so the queue retries it. */
export async function deliverQueuedMail(message: MailMessage): Promise<void> {
  const result = await sendMail(message);
  if (!result.sent && result.reason === "failed") throw new Error(`mail to ${message.to} not sent: ${result.error ?? "unknown error"}`);
}
