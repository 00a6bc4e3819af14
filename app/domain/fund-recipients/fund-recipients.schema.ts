/**
 * The Community Fund recipient form, shared by the server action and the browser's inline
 * checks: the year of the grant, who received it, what for, how much (whole pounds) and
 * whether it is awarded (promised) or funded (paid).
 */
import { z } from "zod";
import { checkbox, requiredText } from "../listings/listing-fields.schema.ts";
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
  amount: z
    .string()
    .trim()
    .min(1, "Amount is required")
    .refine((v) => v === "" || /^£?\d{1,7}$/.test(v.replaceAll(",", "")), "Amount must be a whole number of pounds")
    .transform((v) => Number(v.replace(/^£/, "").replaceAll(",", "")))
    .refine((n) => Number.isNaN(n) || (n >= 1 && n <= 1_000_000), "Amount must be between £1 and £1,000,000"),
  status: z.enum(FUND_RECIPIENT_STATUSES, { message: "Choose Awarded or Funded" }),
  is_visible: checkbox,
});

export type FundRecipientFormData = z.output<typeof FundRecipientFormSchema>;
export const FUND_RECIPIENT_FORM_FIELDS = ["year", "name", "purpose", "amount", "status", "is_visible"] as const;
