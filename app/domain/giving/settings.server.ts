/** Giving settings staff edit in Settings: the largest online gift and the other ways to give. */
import { asc } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client.server.ts";
import { causes, givingSettings } from "../../db/schema.ts";
import { DEFAULT_MAX_DONATION_PENCE, formatPence, parseAmount } from "../donation.ts";

export const DEFAULT_OTHER_WAYS_TEXT =
  "You can give by bank transfer or by cheque made payable to Millbrook Community Foundation. Email info@millbrookfoundation.org.uk and we will send you our bank details or the address for cheques.";

export interface GivingSettings {
  maxDonationPence: number;
  otherWaysText: string;
}

export async function readGivingSettings(): Promise<GivingSettings> {
  const [row] = await getDb().select().from(givingSettings).limit(1);
  return {
    maxDonationPence: row?.max_donation_pence ?? DEFAULT_MAX_DONATION_PENCE,
    otherWaysText: row?.other_ways_text || DEFAULT_OTHER_WAYS_TEXT,
  };
}

export type GivingSettingsErrors = Partial<Record<"maxDonation" | "otherWaysText", string>>;

export async function saveGivingSettings(
  input: Record<string, unknown>,
): Promise<{ ok: true; settings: GivingSettings } | { ok: false; errors: GivingSettingsErrors }> {
  const errors: GivingSettingsErrors = {};
  const max = parseAmount(String(input.maxDonation ?? ""), 100_000_000);
  if (!max.ok) errors.maxDonation = max.error.replace(`${formatPence(100_000_000)}`, "£1,000,000");
  const text = z.string().trim().max(2000, "Other ways to give must be at most 2000 characters").safeParse(String(input.otherWaysText ?? ""));
  if (!text.success) errors.otherWaysText = text.error.issues[0]?.message;
  if (!max.ok || !text.success) return { ok: false, errors };
  const values = { max_donation_pence: max.pence, other_ways_text: text.data, updated_at: new Date() };
  await getDb().insert(givingSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: givingSettings.id, set: values });
  return { ok: true, settings: await readGivingSettings() };
}

/** The causes a donor may choose (id and title). */
export async function donationCauses(): Promise<{ id: number; title: string }[]> {
  return getDb().select({ id: causes.id, title: causes.title }).from(causes).orderBy(asc(causes.sort_order), asc(causes.id));
}
