/**
 * The choices and labels of the public concern form, kept apart from the form's schema
 * (zod, and the table's statuses) so the public page ships neither to the browser.
 */
export const COMPLAINT_CATEGORIES = [
  { id: "information-held", label: "Information you hold about me" },
  { id: "how-used", label: "How my information was used or shared" },
  { id: "request", label: "A request about my information that was not answered" },
  { id: "emails", label: "Emails or messages I did not want" },
  { id: "security", label: "My information was lost, seen or sent to the wrong person" },
  { id: "other", label: "Something else" },
] as const;

export const CONTACT_METHODS = [
  { id: "email", label: "By email" },
  { id: "phone", label: "By phone" },
  { id: "post", label: "By post" },
] as const;

export const CONCERN_LABELS: Record<string, string> = {
  name: "Your name",
  email: "Your email address",
  category: "What it is about",
  about: "Your concern",
  contact_by: "How we should contact you",
  contact_detail: "Phone number or postal address",
};
