/** What other parts of the site use of newsletters: the sending job and its sweep, personal data, retention (its sample newsletter is in sample.server.ts). */
export { NEWSLETTER_JOB, sweepNewsletters } from "./newsletters.server.ts";
export { runNewsletterSend } from "./sending.server.ts";
export { deleteOldRecipientRows, eraseRecipientRows, findRecipientRows, recipientRowsExport } from "./personal-data.server.ts";
