/**
 * Mail that failed after its last retry (the "mail" job): administrators read who it was
 * for, its subject and the last error, then send it again or discard it. The message
 * body is never shown (it may hold a private link). Both actions are audited.
 */
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { deleteFailedJob, failedJobs, retryFailedJob, type FailedJob } from "../../jobs/queue.server.ts";
import { MAIL_JOB, openQueuedMail, type MailMessage, type QueuedMail } from "../../mail/mailer.server.ts";

export interface FailedMail {
  id: string;
  to: string;
  subject: string;
  error: string;
  failedAt: Date;
  attempts: number;
}

/** The newest 100 messages that failed. */
export async function listFailedMail(): Promise<FailedMail[]> {
  return (await failedJobs<MailMessage | QueuedMail>(MAIL_JOB)).map(failedMail);
}

async function findFailedMail(id: string): Promise<FailedMail | undefined> {
  return (await failedJobs<MailMessage | QueuedMail>(MAIL_JOB, { id })).map(failedMail)[0];
}

function failedMail(job: FailedJob<MailMessage | QueuedMail>): FailedMail {
  const message = openQueuedMail(job.data);
  return { id: job.id, to: message.to, subject: message.subject, error: job.error, failedAt: job.failedAt, attempts: job.attempts };
}

/** Queues a failed message to be sent once more; false when it is no longer there. */
export async function resendFailedMail(id: string, actor: AuditActor): Promise<boolean> {
  const mail = await findFailedMail(id);
  if (!mail || !(await retryFailedJob(MAIL_JOB, id))) return false;
  await recordAudit(actor, "mail.resent", { entity: "mail", entityId: id, details: { to: mail.to, subject: mail.subject } });
  return true;
}

/** Deletes a failed message for good; false when it is no longer there. */
export async function discardFailedMail(id: string, actor: AuditActor): Promise<boolean> {
  const mail = await findFailedMail(id);
  if (!mail || !(await deleteFailedJob(MAIL_JOB, id))) return false;
  await recordAudit(actor, "mail.discarded", { entity: "mail", entityId: id, details: { to: mail.to, subject: mail.subject } });
  return true;
}
