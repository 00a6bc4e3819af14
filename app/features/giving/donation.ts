/**
 * Donation rules shared by the browser (the form's messages and Gift Aid figure) and the
 * server (donation.schema.ts, the checkout). No Zod here: the support page imports this file.
 *
 * Amounts are integers in pence. A typed amount is pounds and pence (`12.50` is £12.50);
 * anything that is not exactly that is refused with a message, never altered.
 */
import { formatPence, readPence } from "../../lib/money.ts";

export const DONATION_PRESETS = [10, 25, 50, 100] as const;
export const DEFAULT_DONATION = 25;
const MIN_DONATION_PENCE = 100;
/** The default of the "largest online donation" setting: £5,000. */
export const DEFAULT_MAX_DONATION_PENCE = 500_000;
export const GIFT_AID_RATE = 0.25;
export const DONATION_FREQUENCIES = ["one-off", "monthly"] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

export type AmountResult = { ok: true; pence: number } | { ok: false; error: string };

/**
 * Reads an amount typed in pounds and pence: `12.50`, `12.5`, `12`, `£1,000`. The
 * minimum is £1 and the maximum `maxPence`. Never rounds: `12.505` is refused.
 */
export function parseAmount(input: string, maxPence: number = DEFAULT_MAX_DONATION_PENCE): AmountResult {
  const read = readPence(input);
  if (!read.ok) {
    if (read.problem === "empty") return { ok: false, error: "Enter an amount, for example 12.50" };
    if (read.problem === "decimals") return { ok: false, error: "Enter the amount with no more than 2 digits after the point, for example 12.50" };
    if (read.problem === "too-large") return { ok: false, error: `The most you can give online at once is ${formatPence(maxPence)}` };
    return { ok: false, error: "Enter the amount in pounds and pence, using numbers only, for example 12.50" };
  }
  const total = read.pence;
  if (total < MIN_DONATION_PENCE) return { ok: false, error: `The smallest donation is ${formatPence(MIN_DONATION_PENCE)}` };
  if (total > maxPence) return { ok: false, error: `The most you can give online at once is ${formatPence(maxPence)}` };
  return { ok: true, pence: total };
}

/**
 * The amount chosen on the form, in pence. A typed custom amount wins over a preset (a
 * browser without JavaScript cannot tick "Other amount" for the donor), so the server
 * never falls back to a preset silently.
 */
export function chosenAmount(choice: string, custom: string, maxPence: number = DEFAULT_MAX_DONATION_PENCE): AmountResult & { custom: boolean } {
  if (choice === "custom" || custom.trim() !== "") return { ...parseAmount(custom, maxPence), custom: true };
  const preset = Number(choice);
  if ((DONATION_PRESETS as readonly number[]).includes(preset)) return { ok: true, pence: preset * 100, custom: false };
  return { ok: false, error: "Choose an amount", custom: false };
}

/** Gift Aid adds 25p for every £1 from a UK taxpayer. */
export function giftAidPence(pence: number): number {
  return Math.round(pence * GIFT_AID_RATE);
}

/**
 * HMRC's model enduring Gift Aid declaration (this gift, past 4 years and future gifts),
 * with the statement about paying any difference in tax.
 */
export function giftAidDeclarationText(charityName: string): string {
  return (
    `I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to ${charityName}. ` +
    "I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid " +
    "claimed on all my donations in that tax year it is my responsibility to pay any difference."
  );
}

export const GIFT_AID_NOTE =
  "Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough tax on your income and/or capital gains.";

/** Millbrook's own name for the declaration (the charity receiving the gift). */
export const CHARITY_NAME = "Millbrook Community Foundation";
