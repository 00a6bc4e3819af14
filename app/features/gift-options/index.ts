/**
 * Gift options, for the giving code: covering the fee, dedications, Direct Debit details
 * and failed payments of monthly gifts.
 */
export { recordDedication, dedicationNoticeAfter, dedicationOf } from "./dedications.server.ts";
export { PAYMENT_PROBLEM_HANDLERS, MANAGE_GIVING_PATH } from "./payment-problems.server.ts";
export { readFeeRates } from "./fee-settings.server.ts";
export { charityDetails, registeredCharityLine } from "./charity.server.ts";
export { monthlyGiftsAtRisk, giftNotes } from "./admin.server.ts";
export { parseDedication, type Dedication } from "./dedication.schema.ts";
export { DEDICATION_LABELS } from "./dedication.ts";
