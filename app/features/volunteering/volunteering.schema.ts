/** The forms of volunteering: the public sign-up, and staff's opportunity, shift, person and check forms. */
import { z } from "zod";

const email = z
  .string({ message: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ message: "Please enter a valid email address, like name@example.com" }))
  .transform((v) => v.toLowerCase());
const phone = z
  .string({ message: "Please enter your phone number" })
  .trim()
  .min(1, "Please enter your phone number")
  .max(30, "Please enter a valid phone number")
  .regex(/^\+?[\d\s().-]{7,}$/, "Please enter a valid phone number, like 01632 960 418");
const name = z.string({ message: "Please enter your full name" }).trim().min(1, "Please enter your full name").max(120, "Please keep this under 120 characters");
const shiftId = z.coerce.number().int().positive();

export const SignUpSchema = z.object({
  fullName: name,
  email,
  phone,
  shifts: z.array(shiftId, { message: "Please choose at least one shift" }).min(1, "Please choose at least one shift").max(20, "Please choose at most 20 shifts"),
  terms: z.literal("on", { message: "Please agree to the volunteer terms" }),
});


/** Someone added by staff: the same details, no terms (staff agreed them with the person). */
export const PersonSchema = z.object({ fullName: name, email, phone });


const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time, like 09:30");

export const OpportunitySchema = z.object({
  role_id: z.coerce.number({ message: "Choose a role" }).int().positive("Choose a role"),
  title: z.string().trim().min(3, "Title must be at least 3 characters").max(100, "Keep the title under 100 characters"),
  description: z.string().trim().min(10, "Description must be at least 10 characters").max(1000, "Keep the description under 1000 characters"),
  location: z.string().trim().min(2, "Say where it happens").max(160, "Keep the place under 160 characters"),
  is_published: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});
export type OpportunityInput = z.output<typeof OpportunitySchema>;

export const ShiftSchema = z
  .object({
    date: isoDate,
    start_time: time,
    end_time: time,
    places: z.coerce.number({ message: "Enter the places needed" }).int("Enter a whole number").min(1, "At least one place").max(500, "At most 500 places"),
    // An empty choice (a post without the radio group) is "none", as before.
    repeat: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["none", "week", "day"]).default("none")),
    until: z.union([isoDate, z.literal("")]).default(""),
  })
  .refine((s) => s.start_time < s.end_time, { message: "The shift must end after it starts (on the same day)", path: ["end_time"] })
  .refine((s) => s.repeat === "none" || (s.until !== "" && s.until >= s.date), { message: "Give the last date, on or after the first", path: ["until"] });
export type ShiftInput = z.output<typeof ShiftSchema>;

export const CheckSchema = z
  .object({ check_seen_on: isoDate, check_expires_on: z.union([isoDate, z.literal("")]).default("") })
  .refine((c) => c.check_expires_on === "" || c.check_expires_on > c.check_seen_on, { message: "The expiry must be after the date seen", path: ["check_expires_on"] });

/** Hours on a shift: blank (the shift's length) or a number; a union would answer "Invalid input" to text. */
export const HoursSchema = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.coerce.number({ message: "Enter hours, like 2.5" }).min(0, "Hours cannot be negative").max(24, "At most 24 hours").optional());

export const CloseHoursSchema = z.coerce.number({ message: "Enter a number of hours" }).int("Enter whole hours").min(0, "At least 0 hours").max(336, "At most 336 hours (two weeks)");
