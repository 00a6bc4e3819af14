/**
 * Gift Aid and what a donor gets back (HMRC's donor benefit rules, from 6 April 2019).
 * A payment for something (a ticket, a craft-fair stall fee) is not a gift at all, so
 * Gift Aid is never offered on it. A gift with a benefit in return may be Gift Aided only
 * while the benefit is within the limits: 25% of a gift of £100 or less; £25 plus 5% of
 * the amount over £100 for a larger gift; and at most £2,500 of benefits to one donor in a
 * tax year (docs/decisions/216). Amounts in pence. Browser-safe.
 */
const BENEFIT_AGGREGATE_LIMIT_PENCE = 250_000;

/** What a payment is: only a donation can carry Gift Aid. */
export type PaymentKind = "donation" | "ticket" | "stall-fee";

/** The largest benefit a gift of this size may bring its donor and keep Gift Aid. */
export function benefitLimitPence(giftPence: number): number {
  if (giftPence <= 10_000) return Math.floor(giftPence / 4);
  return 2_500 + Math.floor((giftPence - 10_000) / 20);
}

export type GiftAidVerdict = { allowed: true } | { allowed: false; reason: string };

export function giftAidAllowed(payment: {
  kind: PaymentKind;
  amountPence: number;
  /** The value to the donor of what they got back for this gift. */
  benefitPence?: number;
  /** Benefits the donor already had from the charity in the same tax year. */
  benefitsThisYearPence?: number;
}): GiftAidVerdict {
  if (payment.kind !== "donation") {
    return { allowed: false, reason: `Gift Aid cannot be claimed on a ${payment.kind === "ticket" ? "ticket" : "stall fee"}: it is a payment for something, not a gift.` };
  }
  const benefit = payment.benefitPence ?? 0;
  if (!Number.isInteger(benefit) || benefit < 0) return { allowed: false, reason: "Enter the value of what the donor got back in pence, or 0." };
  if (benefit > benefitLimitPence(payment.amountPence)) {
    return { allowed: false, reason: "What the donor got back is worth more than HMRC allows for a gift of this size, so Gift Aid cannot be claimed on it." };
  }
  if (benefit > 0 && benefit + (payment.benefitsThisYearPence ?? 0) > BENEFIT_AGGREGATE_LIMIT_PENCE) {
    return { allowed: false, reason: "The donor's benefits this tax year would be over £2,500, so Gift Aid cannot be claimed on this gift." };
  }
  return { allowed: true };
}
