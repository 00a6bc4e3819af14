/**
 * Giving's rules and words that run in the browser as well as on the server (no database,
 * no Zod): amounts in pounds and pence, the Gift Aid declaration and its 25%, the limit on
 * a donor's benefits, and the processing fees.
 */
export { CHARITY_NAME, giftAidDeclarationText, giftAidPence, parseAmount } from "./donation.ts";
export { giftAidAllowed } from "./benefits.ts";
export { DEFAULT_FEE_RATES, type FeeRates } from "./fees.ts";
