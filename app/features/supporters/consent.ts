/**
 * The words of the email consent box on every public form that takes an email, and of
 * the newsletter signup (browser-safe). What a person saw is recorded with their consent,
 * so a change of wording here never rewrites what earlier people agreed to.
 */
export const CONSENT_LABEL = "Email me news of the foundation's work";
const CONSENT_HINT = "You can stop at any time: every email has an unsubscribe link. Our privacy notice says how we use your details.";
/** The wording recorded with a ticked box. */
export const CONSENT_WORDING = `${CONSENT_LABEL}. ${CONSENT_HINT}`;

export const SIGNUP_WORDING =
  "Get our news by email: a few emails a year about the foundation's work, events and appeals. We will send you a link to confirm. You can unsubscribe at any time from any email.";

/** The form field of the consent box. */
export const CONSENT_FIELD = "emailConsent";

/** True when a posted form ticked the box (a checkbox sends "on" only when ticked). */
export function consentTicked(value: unknown): boolean {
  return value === "on" || value === "true" || value === true;
}

/** One supporter per address: lower case, no surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The words of "Subscribe again" on the email preferences page. */
export const RESUBSCRIBE_WORDING = "Subscribe me again to email news of the foundation's work. You can unsubscribe at any time from any email.";
