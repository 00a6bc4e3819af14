/** The event form: one Zod schema for the server action and the browser's inline validation. */
import { z } from "zod";
import {
  checkbox,
  optionalPositiveInteger,
  optionalText,
  requiredDate,
  requiredText,
  requiredTime,
} from "../listings/listing-fields.schema.ts";
import { EVENT_CATEGORIES } from "./event-categories.ts";

export const EVENT_DEFAULT_TIME = "19:00";

export const EventFormSchema = z.object({
  title: requiredText(3, "Title must be at least 3 characters", 120),
  date: requiredDate("Event date is required"),
  time: requiredTime("Event time is required"),
  description: requiredText(10, "Description must be at least 10 characters", 500),
  long_description: optionalText(10_000),
  location: requiredText(3, "Location is required", 200),
  location_address: optionalText(300),
  organizer: optionalText(120),
  ticket_price: optionalText(40),
  tickets_available: optionalPositiveInteger,
  category: z.enum(EVENT_CATEGORIES, { message: "Category is required" }),
  is_active: checkbox,
  is_past: checkbox,
});

export type EventFormInput = z.input<typeof EventFormSchema>;
export type EventFormData = z.output<typeof EventFormSchema>;
export const EVENT_FORM_FIELDS = Object.keys(EventFormSchema.shape) as (keyof EventFormInput)[];
