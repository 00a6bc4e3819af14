/**
 * The Community Fund recipient form, shared by the server action and the browser's inline
 * checks: the year of the grant, who received it, what for, how much (typed in pounds and pence, kept in pence) and
 * whether it is awarded (promised) or funded (paid).
 */
import { z } from "zod";
import { penceAsPounds, readAmount } from "../../lib/money.ts";
import { checkbox, requiredText } from "../../domain/listings/listing-fields.schema.ts";
import { FUND_RECIPIENT_STATUSES } from "./fund-status.ts";


export const FundRecipientFormSchema = z.object({
  year: z
    .string()
    .trim()
    .min(1, "Year is required")
    .refine((v) => v === "" || /^\d{4}$/.test(v), "Enter a year such as 2026")
    .transform(Number)
    .refine((n) => Number.isNaN(n) || (n >= 2000 && n <= 2100), "Enter a year between 2000 and 2100"),
  name: requiredText(2, "Name is required", 120),
  purpose: requiredText(5, "Say what the grant is for (at least 5 characters)", 300),
  amount: z.string().transform((v, ctx) => {
    const read = readAmount(v, { label: "Amount", minPence: 100, maxPence: 100_000_000 });
    if (read.ok) return read.pence;
    ctx.addIssue({ code: "custom", message: read.error });
    return z.NEVER;
  }),
  status: z.enum(FUND_RECIPIENT_STATUSES, { message: "Choose Awarded or Funded" }),
  is_visible: checkbox,
}).transform(({ amount, ...form }) => ({ ...form, amount_pence: amount }));

export type FundRecipientFormData = z.output<typeof FundRecipientFormSchema>;
export const FUND_RECIPIENT_FORM_FIELDS = ["year", "name", "purpose", "amount", "status", "is_visible"] as const;

/** A recipient's amount as the form shows it: pounds and pence ("1250.50"). */
export const fundRecipientFormAmount = (row: { amount_pence: number }) => ({ amount: penceAsPounds(row.amount_pence) });
