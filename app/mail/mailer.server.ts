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
import { deleteJobsAbout, enqueue, queueRunning } from "../jobs/queue.server.ts";
import { config, type AppConfig } from "../lib/config.server.ts";
import { logger } from "../lib/logger.server.ts";
import { decryptSecret, encryptSecret } from "../lib/secret-box.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
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
 * Mail whose result nobody waits for: queued for the "mail" job (retried when the SMTP
 * server fails). In a process without a job queue (a command-line script) it is sent
 * at once. Without mail configured, nothing is queued.
 */
export async function queueMail(message: MailMessage): Promise<void> {
  if (!mailConfigured()) {
    await sendMail(message);
    return;
  }
  if (queueRunning()) await enqueue(MAIL_JOB, sealMail(message));
  else await sendMail(message);
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
