/** The event form: one Zod schema for the server action and the browser's inline validation. */
import { z } from "zod";
import type { BookingMode } from "./table.ts";
import {
  checkbox,
  isWebAddress,
  optionalPositiveInteger,
  optionalText,
  requiredDate,
  tooLong,
  requiredText,
  requiredTime,
} from "../../domain/listings/listing-fields.schema.ts";
import { EVENT_CATEGORIES } from "./event-categories.ts";
import { readPence } from "../../lib/money.ts";

export const EVENT_DEFAULT_TIME = "19:00";

/** How visitors get tickets, with the words the form shows. */
export const BOOKING_MODE_OPTIONS: { id: BookingMode; label: string }[] = [
  { id: "none", label: "No online booking (price and how to get tickets)" },
  { id: "free", label: "Free booking" },
  { id: "paid", label: "Paid tickets" },
  { id: "external", label: "External booking link" },
];
const BOOKING_MODE_IDS = BOOKING_MODE_OPTIONS.map((o) => o.id) as [BookingMode, ...BookingMode[]];

const PRICE_REQUIRED = "Enter the price of one ticket for paid tickets";
const PRICE_INVALID = "Enter a price in pounds and pence, for example 10.00";
const END_TIME_INVALID = "Enter a valid time (HH:mm)";
const END_BEFORE_START = "The end time must be after the start time";
const BOOKING_URL_REQUIRED = "Enter the booking link for an external booking";
const BOOKING_URL_INVALID = "Enter a full web address starting with https://";

/** "10", "7.5", "£1,250.00" → pence; null when it is not a price from 1p to £10,000. */
function parsePoundsToPence(text: string): number | null {
  const read = readPence(text);
  return read.ok && read.pence > 0 && read.pence <= 1_000_000 ? read.pence : null;
}

const EventFields = z.object({
  title: requiredText(3, "Title must be at least 3 characters", 120),
  date: requiredDate("Event date is required"),
  time: requiredTime("Event time is required"),
  /** Optional: when it ends (the same day). Without it the calendar file assumes three hours. */
  end_time: z
    .string()
    .trim()
    .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), END_TIME_INVALID),
  description: requiredText(10, "Description must be at least 10 characters", 500),
  long_description: optionalText(10_000),
  location: requiredText(3, "Location is required", 200),
  location_address: optionalText(300),
  organizer: optionalText(120),
  /** The price as text, for events without online booking ("£5", "Free"); paid tickets use ticket_price_pounds. */
  ticket_price: optionalText(40),
  /** How to get tickets without online booking ("Pay on the door"). */
  ticket_info: optionalText(160),
  tickets_available: optionalPositiveInteger,
  booking_mode: z
    .string()
    .transform((v) => (v === "" ? "none" : v))
    .pipe(z.enum(BOOKING_MODE_IDS, { message: "Choose how visitors get tickets" })),
  /** The price of one paid ticket in pounds and pence ("10.00"); stored in pence. */
  ticket_price_pounds: z.string().trim().max(20, PRICE_INVALID),
  booking_url: z.string().trim().max(500, tooLong(500)),
  category: z.enum(EVENT_CATEGORIES, { message: "Category is required" }),
  is_active: checkbox,
  /** After the event, email its bookings a thank-you with a link to give. */
  thank_you_email: checkbox,
});

/**
 * The event form: the fields above, the price and link checked for the booking mode that
 * needs them, and the price stored in pence. The prices, ticket text and link are kept
 * only for the mode that uses them. Whether an event is past follows from its date.
 */
export const EventFormSchema = EventFields.superRefine((event, ctx) => {
  if (event.end_time !== "" && /^\d{2}:\d{2}$/.test(event.time) && event.end_time <= event.time) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: END_BEFORE_START });
  }
  if (event.booking_mode === "paid") {
    if (event.ticket_price_pounds === "") ctx.addIssue({ code: "custom", path: ["ticket_price_pounds"], message: PRICE_REQUIRED });
    else if (parsePoundsToPence(event.ticket_price_pounds) === null) ctx.addIssue({ code: "custom", path: ["ticket_price_pounds"], message: PRICE_INVALID });
  }
  if (event.booking_mode === "external") {
    if (event.booking_url === "") ctx.addIssue({ code: "custom", path: ["booking_url"], message: BOOKING_URL_REQUIRED });
    else if (!isWebAddress(event.booking_url)) ctx.addIssue({ code: "custom", path: ["booking_url"], message: BOOKING_URL_INVALID });
  }
}).transform(({ ticket_price_pounds, booking_url, end_time, ...event }) => ({
  ...event,
  end_time: end_time === "" ? null : end_time,
  // Free and paid bookings take their price from the booking settings: no second price to disagree with.
  ticket_price: event.booking_mode === "none" || event.booking_mode === "external" ? event.ticket_price : null,
  ticket_info: event.booking_mode === "none" ? event.ticket_info : null,
  ticket_price_pence: event.booking_mode === "paid" ? parsePoundsToPence(ticket_price_pounds) : null,
  booking_url: event.booking_mode === "external" ? booking_url : null,
}));

export type EventFormInput = z.input<typeof EventFormSchema>;
export type EventFormData = z.output<typeof EventFormSchema>;
export const EVENT_FORM_FIELDS = Object.keys(EventFields.shape) as (keyof EventFormInput)[];
