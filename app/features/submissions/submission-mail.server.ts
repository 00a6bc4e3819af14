/**
 * Mail after a public form is stored (when mail is configured; otherwise nothing): a
 * receipt to the applicant with the reference, and a notice to the foundation's contact
 * address with a link to the inbox. Neither repeats what was submitted (mail is not a
 * safe place for personal data). Never throws: a mail failure must not fail the form.
 */
import { siteOrigin } from "../../lib/config.server.ts";
import type { SubmissionKind } from "./table.ts";
import { logger } from "../../lib/logger.server.ts";
import { mailConfigured, queueMail, type MailMessage } from "../../mail/mailer.server.ts";
import { getSiteSettings } from "../settings/index.ts";

const WHAT: Record<SubmissionKind, { receipt: string; notice: string }> = {
  volunteer: { receipt: "your offer to volunteer", notice: "New volunteer offer" },
  stall_application: { receipt: "your craft fair stall application", notice: "New stall application" },
  nomination: { receipt: "your award nomination", notice: "New award nomination" },
};

export function submissionMails(input: { kind: SubmissionKind; reference: string; email: string }, settings: { site_name: string; contact_email: string }, origin: string): MailMessage[] {
  const what = WHAT[input.kind];
  const receipt: MailMessage = {
    to: input.email,
    subject: `We have received ${what.receipt} (${input.reference})`,
    text: [
      "Thank you.",
      "",
      `We have received ${what.receipt}. Your reference number is ${input.reference}.`,
      "Please quote it if you contact us about it. We will be in touch soon.",
      "",
      `If you have any questions, email us at ${settings.contact_email}.`,
      "",
      settings.site_name,
    ].join("\n"),
  };
  const messages = [receipt];
  if (settings.contact_email) {
    messages.push({
      to: settings.contact_email,
      about: [input.email],
      subject: `${what.notice} (${input.reference})`,
      text: [`${what.notice} has arrived on the website: ${input.reference}.`, "", `Open the inbox to read it: ${origin}/admin/inbox?q=${encodeURIComponent(input.reference)}`].join("\n"),
    });
  }
  return messages;
}

export async function notifySubmission(input: { kind: SubmissionKind; reference: string; email: string }): Promise<void> {
  if (!mailConfigured()) return;
  try {
    const settings = await getSiteSettings();
    const origin = siteOrigin();
    for (const message of submissionMails(input, settings, origin)) await queueMail(message, { toStaff: message.to === settings.contact_email });
  } catch (error) {
    logger.error({ err: error, reference: input.reference }, "submission mail failed");
  }
}
