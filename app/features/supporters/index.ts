/**
 * What other concepts use of supporters (server side): link a person by email in the
 * same transaction as their gift, booking or form, and record email consent.
 */
export { linkSupporter, linkFromForm, recordConsent, recordActivity, currentConsent, supporterByEmail, type Executor, type SupporterDetails } from "./supporters.server.ts";
export { CONSENT_FIELD, CONSENT_LABEL, CONSENT_HINT, CONSENT_WORDING, consentTicked, normaliseEmail } from "./consent.ts";
export { addressesOfPerson, eraseSupporter, findSupporterData, supporterDataExport, type SupporterData } from "./personal-data.server.ts";
export { seedSampleSupporters } from "./sample.server.ts";
