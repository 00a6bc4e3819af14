/**
 * The supporters' pieces another feature's page renders (safe in the browser): the
 * unticked email consent box and how an action reads it, and the newsletter signup (/news).
 */
export { ConsentBox } from "./consent-box.tsx";
export { SignupForm } from "./signup-form.tsx";
export { CONSENT_FIELD, consentTicked } from "./consent.ts";
