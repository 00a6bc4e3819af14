/** The FAQ form (browser-safe): a question, its answer, and whether it is shown. */
import { z } from "zod";
import { checkbox, requiredText } from "../../domain/listings/listing-fields.schema.ts";

export const FaqFormSchema = z.object({
  question: requiredText(5, "Question must be at least 5 characters", 200),
  answer: requiredText(10, "Answer must be at least 10 characters", 2000),
  is_visible: checkbox,
});
export type FaqFormData = z.output<typeof FaqFormSchema>;
export const FAQ_FORM_FIELDS = ["question", "answer", "is_visible"] as const;
