/** The legal page form (browser-safe): a title and a body in simple markup. */
import { z } from "zod";
import { requiredText } from "../../domain/listings/listing-fields.schema.ts";

export const LegalPageFormSchema = z.object({
  title: requiredText(3, "Title must be at least 3 characters", 120),
  body: requiredText(50, "The page text must be at least 50 characters", 30000),
});
export type LegalPageFormData = z.output<typeof LegalPageFormSchema>;
export const LEGAL_PAGE_FORM_FIELDS = ["title", "body"] as const;
