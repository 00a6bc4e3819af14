/**
 * Covering the processing fee: shared by the browser (the donation form's total) and the
 * server (the amount sent to Stripe). No Zod here: the support page imports this file.
 *
 * The provider takes `percent` of the whole payment plus a fixed amount, so to receive the
 * gift in full the donor pays T with T - (T × percent + fixed) ≥ gift:
 * T = ceil((gift + fixed) / (1 - percent)), in whole pence, worked out in integers (a
 * percentage is held in hundredths of a percent, "basis points": 150 is 1.5%).
 */
import { formatPence } from "../../lib/money.ts";

export type PaymentMethod = "card" | "bacs_debit";

export interface FeeRate {
  /** Hundredths of a percent: 150 is 1.5%. */
  percentBp: number;
  fixedPence: number;
}

export type FeeRates = Record<PaymentMethod, FeeRate>;

/** Stripe's standard UK rates: cards 1.5% + 20p, Bacs Direct Debit 1% + 20p. */
export const DEFAULT_FEE_RATES: FeeRates = {
  card: { percentBp: 150, fixedPence: 20 },
  bacs_debit: { percentBp: 100, fixedPence: 20 },
};

/** What the donor adds so the charity receives `giftPence` after the fee (0 for a zero rate). */
export function coverFeePence(giftPence: number, rate: FeeRate): number {
  if (!Number.isInteger(giftPence) || giftPence <= 0) return 0;
  const keep = 10_000 - rate.percentBp;
  if (keep <= 0) throw new Error("A fee of 100% or more cannot be covered");
  const numerator = (giftPence + rate.fixedPence) * 10_000;
  const total = Math.ceil(numerator / keep);
  return total - giftPence;
}

/** "1.5% + 20p", "1% + 20p", "2.25%". */
export function describeFeeRate(rate: FeeRate): string {
  const percent = `${(rate.percentBp / 100).toString()}%`;
  if (rate.fixedPence === 0) return percent;
  const fixed = rate.fixedPence < 100 ? `${rate.fixedPence}p` : formatPence(rate.fixedPence, "exact");
  return rate.percentBp === 0 ? fixed : `${percent} + ${fixed}`;
}

