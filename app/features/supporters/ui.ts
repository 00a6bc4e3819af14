/**
 * The supporters' pieces another feature's page renders (safe in the browser): the
 * unticked email consent box and how an action reads it.
 */
export { ConsentBox } from "./consent-box.tsx";
export { CONSENT_FIELD, consentTicked } from "./consent.ts";
