/**
 * The rules of money that never touches a card (browser-safe, no Zod): tax years, when a
 * spoken Gift Aid declaration's gifts may be claimed, and what the Gift Aid Small
 * Donations Scheme allows in a tax year (docs/decisions/215, 217).
 */
import { giftAidPence } from "../giving/ui.ts";
import { formatPenceExact } from "../../lib/money.ts";

export const OFFLINE_METHODS = ["cash", "cheque", "bank-transfer"] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export const METHOD_LABELS: Record<OfflineMethod | "collection", string> = {
  cash: "Cash",
  cheque: "Cheque",
  "bank-transfer": "Bank transfer",
  collection: "Collection",
};

/** The largest single gift the scheme counts: £30. */
export const SMALL_DONATION_MAX_PENCE = 3_000;
/** The most small donations one charity may claim on in a tax year: £8,000 (a £2,000 top-up). */
const SMALL_DONATIONS_CAP_PENCE = 800_000;
/** Small donations claimed may be at most this many times the Gift Aid donations claimed in the same tax year. */
export const MATCHING_MULTIPLE = 10;
/** Days the donor has to cancel a spoken declaration after its written record was sent. */
export const SPOKEN_CANCELLATION_DAYS = 30;

const DAY = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The tax year (its first calendar year) of a yyyy-mm-dd day: 6 April to 5 April. */
export function taxYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= "04-06" ? year : year - 1;
}

export const taxYearLabel = (year: number) => `${year} to ${year + 1}`;
/** The last day a small-donations claim for the tax year may be made: two years after the year ends. */
export const smallDonationsDeadline = (year: number) => `${year + 3}-04-05`;

/**
 * The first day gifts under a declaration may be claimed. A paper (or online) declaration
 * counts at once; a spoken one only once its written record has been sent and the donor's
 * 30 days to cancel have passed in full (sent 1 November: claimable from 2 December).
 * Null: not claimable yet (no written record sent).
 */
export function claimableFrom(made: { how: "paper" | "spoken"; madeOn: string; recordSentOn: string | null }): string | null {
  if (made.how === "paper") return made.madeOn;
  if (!made.recordSentOn) return null;
  return addDays(made.recordSentOn, SPOKEN_CANCELLATION_DAYS + 1);
}

export interface SmallDonationsYear {
  taxYear: number;
  /** Small donations collected in the year and not yet claimed on. */
  unclaimedPence: number;
  /** Small donations already claimed on in the year. */
  claimedPence: number;
  /** Ordinary Gift Aid donations of the year that have been claimed. */
  giftAidClaimedPence: number;
  /** Today (yyyy-mm-dd, Europe/London). */
  today: string;
}

export interface SmallDonationsClaim {
  /** The most small donations the year may carry in all: the lower of £8,000 and 10× the Gift Aid donations. */
  limitPence: number;
  /** Small donations that can be claimed on now. */
  claimablePence: number;
  topUpPence: number;
  /** Collected but over the limit (claimable later only if more Gift Aid is claimed in the year, and not past £8,000). */
  overLimitPence: number;
  /** Why nothing (or not everything) can be claimed; empty when the whole amount can be. */
  reasons: string[];
  allowed: boolean;
}

/** What the Small Donations Scheme allows for one tax year. */
export function smallDonationsClaim(year: SmallDonationsYear): SmallDonationsClaim {
  const reasons: string[] = [];
  const matching = year.giftAidClaimedPence * MATCHING_MULTIPLE;
  const limitPence = Math.min(SMALL_DONATIONS_CAP_PENCE, matching);
  const room = Math.max(0, limitPence - year.claimedPence);
  let claimablePence = Math.min(year.unclaimedPence, room);
  if (year.today > smallDonationsDeadline(year.taxYear)) {
    reasons.push(`Too late: small donations collected in ${taxYearLabel(year.taxYear)} had to be claimed by 5 April ${year.taxYear + 3}.`);
    claimablePence = 0;
  } else if (year.unclaimedPence > 0) {
    if (year.giftAidClaimedPence === 0) {
      reasons.push("No Gift Aid has been claimed on donations of this tax year, so no small donations can be: claim ordinary Gift Aid for the year first.");
    } else if (year.claimedPence + year.unclaimedPence > limitPence) {
      if (limitPence === SMALL_DONATIONS_CAP_PENCE) reasons.push("Small donations are limited to £8,000 in a tax year; the rest cannot be claimed.");
      else reasons.push(`Small donations can be at most 10 times the Gift Aid donations claimed in the year (${MATCHING_MULTIPLE} × ${formatPenceExact(year.giftAidClaimedPence)}); claiming more Gift Aid for the year raises the limit, up to £8,000.`);
    }
  }
  return {
    limitPence,
    claimablePence,
    topUpPence: giftAidPence(claimablePence),
    overLimitPence: Math.max(0, year.unclaimedPence - claimablePence),
    reasons,
    allowed: claimablePence > 0,
  };
}

