/** The fee rates a donor may cover (card and Direct Debit separately), edited by staff in Settings. */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { DEFAULT_FEE_RATES, type FeeRates } from "../giving/ui.ts";
import { donationFeeSettings } from "./table.ts";

export async function readFeeRates(): Promise<FeeRates> {
  const [row] = await getDb().select().from(donationFeeSettings).where(eq(donationFeeSettings.id, 1));
  if (!row) return DEFAULT_FEE_RATES;
  return {
    card: { percentBp: row.card_percent_bp, fixedPence: row.card_fixed_pence },
    bacs_debit: { percentBp: row.bacs_percent_bp, fixedPence: row.bacs_fixed_pence },
  };
}

type FeeField = "cardPercent" | "cardFixed" | "bacsPercent" | "bacsFixed";
export type FeeSettingsErrors = Partial<Record<FeeField, string>>;

/** "1.5" → 150 (hundredths of a percent), at most two decimals, 0 to 20%. */
function percent(value: unknown, label: string): number | string {
  const text = String(value ?? "").trim().replace(/%$/, "").trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return `Enter the ${label} percentage as a number, for example 1.5`;
  const [whole, part = ""] = text.split(".");
  const bp = Number(whole) * 100 + Number(part.padEnd(2, "0"));
  return bp > 2000 ? `The ${label} percentage must be at most 20%` : bp;
}

/** "20" → 20 pence, 0 to 500. */
function pence(value: unknown, label: string): number | string {
  const text = String(value ?? "").trim().replace(/p$/, "").trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) > 500) return `Enter the ${label} fixed fee in whole pence, from 0 to 500, for example 20`;
  return Number(text);
}

export async function saveFeeRates(input: Record<string, unknown>): Promise<{ ok: true; rates: FeeRates } | { ok: false; errors: FeeSettingsErrors }> {
  const read = {
    cardPercent: percent(input.cardPercent, "card"),
    cardFixed: pence(input.cardFixed, "card"),
    bacsPercent: percent(input.bacsPercent, "Direct Debit"),
    bacsFixed: pence(input.bacsFixed, "Direct Debit"),
  };
  const errors: FeeSettingsErrors = {};
  for (const [key, value] of Object.entries(read)) if (typeof value === "string") errors[key as FeeField] = value;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const values = {
    card_percent_bp: read.cardPercent as number,
    card_fixed_pence: read.cardFixed as number,
    bacs_percent_bp: read.bacsPercent as number,
    bacs_fixed_pence: read.bacsFixed as number,
    updated_at: new Date(),
  };
  await getDb().insert(donationFeeSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: donationFeeSettings.id, set: values });
  return { ok: true, rates: await readFeeRates() };
}
