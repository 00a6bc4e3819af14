/** The emails of a complaint: the acknowledgement, the outcome, and the staff's notices. */
import type { MailMessage } from "../../mail/mailer.server.ts";
import { longDate } from "./dates.ts";
import type { dpComplaints } from "./table.ts";

const CHARITY = "Millbrook Community Foundation";
const ICO = "the Information Commissioner's Office (ICO): https://ico.org.uk/make-a-complaint/ or 0303 123 1113";

type Complaint = Pick<typeof dpComplaints.$inferSelect, "id" | "reference" | "name" | "email" | "due_on" | "contact_by">;

/** Sent at once when a concern arrives: the reference, what happens next and by when. */
export function acknowledgementMail(complaint: Complaint, days: number, origin: string): MailMessage {
  const contact = complaint.contact_by === "phone" ? "phone you" : complaint.contact_by === "post" ? "write to you" : "email you";
  return {
    to: complaint.email,
    subject: `We have received your data protection concern: ${complaint.reference}`,
    text: [
      `Hello ${complaint.name},`,
      "",
      `Thank you for telling us about your concern. We take it seriously. Your reference is ${complaint.reference}; please quote it if you contact us about it.`,
      "",
      "What happens next:",
      "1. The person responsible for data protection at the foundation reads your concern and looks into what happened.",
      "2. If we need more details, we will contact you the way you asked.",
      `3. We will ${contact} with the outcome by ${longDate(complaint.due_on)} at the latest (within ${days} ${days === 1 ? "day" : "days"}).`,
      "",
      `If you are not happy with our answer, you can complain to ${ICO}.`,
      "",
      `Our privacy notice: ${origin}/privacy`,
      "",
      CHARITY,
    ].join("\n"),
  };
}

/** The outcome, as staff wrote it on the complaint's page. */
export function outcomeMail(complaint: Complaint, outcome: string, origin: string): MailMessage {
  return {
    to: complaint.email,
    subject: `The outcome of your data protection concern: ${complaint.reference}`,
    text: [
      `Hello ${complaint.name},`,
      "",
      `This is our answer to the concern you raised with us (reference ${complaint.reference}).`,
      "",
      outcome,
      "",
      `If you are not happy with this answer, you can complain to ${ICO}.`,
      "",
      `Our privacy notice: ${origin}/privacy`,
      "",
      CHARITY,
    ].join("\n"),
  };
}

/** To the staff when a concern arrives: the reference, the due date and the link, nothing the person wrote. */
export function newComplaintStaffMail(to: string, complaint: Complaint, origin: string): MailMessage {
  return {
    to,
    subject: `New data protection complaint ${complaint.reference}`,
    text: [
      "Hello,",
      "",
      `A data protection complaint (${complaint.reference}) was made on the website. It must be answered by ${longDate(complaint.due_on)}.`,
      "",
      `Open it: ${origin}/admin/data-protection/complaints/${complaint.id}`,
      "",
      CHARITY,
    ].join("\n"),
  };
}

/** The reminder job's emails: a week before the due date, and once it has passed. */
export function reminderMail(to: string, item: { kind: "complaint" | "request"; reference: string; dueOn: string; path: string }, when: "soon" | "overdue", origin: string): MailMessage {
  const what = item.kind === "complaint" ? "data protection complaint" : "request about a person's data";
  return {
    to,
    subject: when === "soon" ? `Due in a week: ${what} ${item.reference}` : `Overdue: ${what} ${item.reference}`,
    text: [
      "Hello,",
      "",
      when === "soon"
        ? `The ${what} ${item.reference} must be answered by ${longDate(item.dueOn)}, a week from now.`
        : `The ${what} ${item.reference} was due by ${longDate(item.dueOn)} and has not been answered yet. Please answer it as soon as you can.`,
      "",
      `Open it: ${origin}${item.path}`,
      "",
      CHARITY,
    ].join("\n"),
  };
}
