/** The craft fair form: one Zod schema for the server action and the browser's inline validation. */
import { z } from "zod";
import {
  checkbox,
  optionalText,
  requiredDate,
  requiredPositiveInteger,
  requiredText,
  requiredTime,
} from "../../domain/listings/listing-fields.schema.ts";

export const CRAFT_FAIR_DEFAULT_TIME = "10:00";
export const CRAFT_FAIR_DEFAULT_STALLS = 20;

export const CraftFairFormSchema = z.object({
  title: requiredText(3, "Title must be at least 3 characters", 120),
  date: requiredDate("Event date is required"),
  time: requiredTime("Event time is required"),
  description: requiredText(10, "Description must be at least 10 characters", 500),
  location: requiredText(3, "Location is required", 200),
  stalls_available: requiredPositiveInteger,
  application_deadline: requiredDate("Application deadline is required"),
  attendance: optionalText(120),
  stallholders: optionalText(120),
  is_active: checkbox,
  is_past: checkbox,
}).superRefine((form, ctx) => {
  // Applications close before the fair: the public form and the server stop taking them after this day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(form.date) && /^\d{4}-\d{2}-\d{2}$/.test(form.application_deadline) && form.application_deadline >= form.date) {
    ctx.addIssue({ code: "custom", path: ["application_deadline"], message: "Application deadline must be before the event date" });
  }
});

export type CraftFairFormInput = z.input<typeof CraftFairFormSchema>;
export type CraftFairFormData = z.output<typeof CraftFairFormSchema>;
export const CRAFT_FAIR_FORM_FIELDS = Object.keys(CraftFairFormSchema.shape) as (keyof CraftFairFormInput)[];
