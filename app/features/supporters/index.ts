/**
 * What other concepts use of supporters (server side): link a person by email in the
 * same transaction as their gift, booking or form, and record email consent. Volunteering
 * and data-protection requests call these as they come; they are kept here for them.
 */
export { linkFromForm } from "./supporters.server.ts";
/** @public */
export { linkSupporter, recordConsent, recordActivity, currentConsent, supporterByEmail, type Executor, type SupporterDetails } from "./supporters.server.ts";
export { CONSENT_FIELD, CONSENT_WORDING, consentTicked } from "./consent.ts";
/** @public */
export { CONSENT_LABEL, normaliseEmail } from "./consent.ts";
export { addressesOfPerson, deleteIdleSupporters, deleteWithdrawnConsent, eraseSupporter, findSupporterData, supporterDataExport, type SupporterData } from "./personal-data.server.ts";
