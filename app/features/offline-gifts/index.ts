/**
 * What the rest of giving uses of offline gifts: the declaration records (the Gift Aid
 * claim leaves out spoken declarations inside their 30 days) and that rule's length, and
 * the offline gifts (the ledger and its CSV say how each gift was paid), and the Small
 * Donations Scheme figure shown beside the Gift Aid claim.
 */
export { declarationRecords, offlineGifts } from "./table.ts";
export { SPOKEN_CANCELLATION_DAYS } from "./rules.ts";
export { smallDonationsSummary } from "./offline-gifts.server.ts";
