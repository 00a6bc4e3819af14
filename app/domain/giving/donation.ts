/**
 * Donation rules shared by the browser (the alert and the disabled Donate button) and
 * the server (donation.schema.ts). No Zod here: the support page imports this file.
 */
export const DONATION_PRESETS = [10, 25, 50, 100] as const;
export const DEFAULT_DONATION = 25;
const MAX_DONATION = 100_000;
const GIFT_AID_RATE = 0.25;
export type DonationFrequency = "one-time" | "monthly";

/** Keeps only digits (the custom amount field accepts whole pounds, digits only). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "").slice(0, 6);
}

/** The amount in pounds, or null when custom is chosen and empty or invalid. */
export function donationAmount(choice: string, custom: string): number | null {
  if (choice !== "custom") {
    const preset = Number(choice);
    return (DONATION_PRESETS as readonly number[]).includes(preset) ? preset : null;
  }
  if (!/^\d+$/.test(custom)) return null;
  const amount = Number(custom);
  return amount >= 1 && amount <= MAX_DONATION ? amount : null;
}

/** Gift Aid adds 25p for every £1 from a UK taxpayer. */
export function giftAid(amount: number): number {
  return Math.round(amount * GIFT_AID_RATE * 100) / 100;
}

export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? `£${amount}` : `£${amount.toFixed(2)}`;
}

export function donationMessage(frequency: DonationFrequency, amount: number): string {
  return `Processing ${frequency} donation of £${amount}`;
}
