/** The ticket box's form (server side): name, email and a quantity from 1 to 10. */
import { z } from "zod";
import { CONTROL_CHARACTER, LOOKS_LIKE_LINK } from "../../lib/plain-text.ts";
import { MAX_TICKETS_PER_BOOKING } from "./sales.ts";

export const BookingFormSchema = z.object({
  name: z
    .string({ message: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(100, "Please keep your name under 100 characters")
    // The name is repeated in the email the site sends to the address given: one line, no links.
    .refine((v) => !CONTROL_CHARACTER.test(v), "Please enter your name on one line, without special characters")
    .refine((v) => !LOOKS_LIKE_LINK.test(v), "Please enter just your name, without a web address"),
  email: z
    .string({ message: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Please enter a valid email address")
    .pipe(z.email({ message: "Please enter a valid email address, like name@example.com" })),
  quantity: z.coerce
    .number({ message: "Please choose how many tickets" })
    .int("Please choose how many tickets")
    .min(1, "Please choose at least 1 ticket")
    .max(MAX_TICKETS_PER_BOOKING, `You can book up to ${MAX_TICKETS_PER_BOOKING} tickets at a time`),
});

/** Field errors by name (the first message of each), for the form. */
export function bookingFormErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Staff cancelling (or refunding) one booking from the event's bookings screen: the only
 * action there, naming the booking by its reference. Whether the reference is a booking of
 * this event, and still confirmed, is the server's answer (a toast), not the form's.
 */
export const StaffCancelSchema = z.object({
  intent: z.literal("cancel", { message: "Unknown action." }),
  reference: z.string(),
});
export const STAFF_CANCEL_FIELDS = ["intent", "reference"] as const;
