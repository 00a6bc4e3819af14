/**
 * Gift options, for the giving code: covering the fee, dedications, Direct Debit details
 * and failed payments of monthly gifts.
 */
export { recordDedication, dedicationNoticeAfter, dedicationOf, type DedicationView } from "./dedications.server.ts";
export { PAYMENT_PROBLEM_HANDLERS, MANAGE_GIVING_PATH } from "./payment-problems.server.ts";
export { readFeeRates, saveFeeRates } from "./fee-settings.server.ts";
export { charityDetails, registeredCharityLine, type CharityDetails } from "./charity.server.ts";
export { monthlyGiftsAtRisk, giftNotes, type AtRiskGift, type GiftNote } from "./admin.server.ts";
