/**
 * What the rest of the site uses of giving on the server: the ledger's Stripe events (the
 * webhook), stopping a monthly gift, the Gift Aid declaration's rules, the giving settings
 * and causes, the raised total on the home page, gift references, and a donor's personal
 * data (data protection). The rules and words that also run in the browser are ui.ts.
 */
export { DONATION_EVENT_HANDLERS, stopMonthlyGift } from "./ledger.server.ts";
export { GiftAidSchema } from "./donation.schema.ts";
export { DEFAULT_MAX_TICKETS_PER_CLIENT, donationCauses, formatRaised, raisedTotalPence, readGivingSettings, saveGivingSettings } from "./settings.server.ts";
export { newDonationReference } from "./references.server.ts";
export { donorDataExport, eraseDonorData, findDonorData, stopErasedSubscriptions, type DonorData, type DonorErasure } from "./personal-data.server.ts";
