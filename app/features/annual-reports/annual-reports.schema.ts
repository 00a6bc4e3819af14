/** The annual report form, shared by the server action and the browser's inline checks. */
import { z } from "zod";
import { checkbox, requiredText } from "../../domain/listings/listing-fields.schema.ts";

export const AnnualReportFormSchema = z.object({
  year: z
    .string()
    .trim()
    .min(1, "Year is required")
    .refine((v) => v === "" || /^\d{4}$/.test(v), "Enter a year such as 2025")
    .transform(Number)
    .refine((n) => Number.isNaN(n) || (n >= 2000 && n <= 2100), "Enter a year between 2000 and 2100"),
  title: requiredText(3, "Title must be at least 3 characters", 100),
  is_visible: checkbox,
});

export type AnnualReportFormData = z.output<typeof AnnualReportFormSchema>;
export const ANNUAL_REPORT_FORM_FIELDS = ["year", "title", "is_visible"] as const;
export const PDF_REQUIRED = "Choose the report's PDF file";
