/**
 * The complaint forms (browser-safe): the public "Raise a data protection concern" form
 * and the staff forms on a complaint's page. No control characters in any field.
 */
import { z } from "zod";
import { hasControlCharacter } from "./text-rules.ts";
import { COMPLAINT_STATUSES } from "./table.ts";
import { COMPLAINT_CATEGORIES } from "./complaint-choices.ts";

export const COMPLAINT_STATUS_LABELS: Record<(typeof COMPLAINT_STATUSES)[number], string> = {
  received: "Received",
  acknowledged: "Acknowledged",
  investigating: "Investigating",
  answered: "Answered",
  closed: "Closed",
};

const LINE_BREAK = /[\r\n]/;

const line = (label: string, max: number) =>
  z
    .string({ message: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `Please keep ${label} to ${max} characters`)
    .refine((v) => !hasControlCharacter(v) && !LINE_BREAK.test(v), "Please remove the special characters");

const longText = (label: string, min: number, max: number) =>
  z
    .string({ message: `Please tell us ${label}` })
    .trim()
    .min(min, `Please tell us ${label}`)
    .max(max, `Please keep it to ${max} characters`)
    .refine((v) => !hasControlCharacter(v), "Please remove the special characters");

export const ConcernSchema = z
  .object({
    name: line("your name", 120),
    email: z
      .string({ message: "Please enter your email address" })
      .trim()
      .toLowerCase()
      .min(3, "Please enter your email address")
      .max(254, "Please enter your email address")
      .pipe(z.email({ message: "Please enter a valid email address" })),
    category: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || COMPLAINT_CATEGORIES.some((c) => c.id === v), "Please choose one of the topics"),
    about: longText("what your concern is about", 10, 5000),
    contact_by: z.enum(["email", "phone", "post"], { message: "Please choose how you would like us to contact you" }),
    contact_detail: z
      .string()
      .trim()
      .max(300, "Please keep it to 300 characters")
      .refine((v) => !hasControlCharacter(v), "Please remove the special characters")
      .optional()
      .default(""),
  })
  .superRefine((form, ctx) => {
    if (form.contact_by === "phone" && !/^[+\d][\d ()-]{6,24}$/.test(form.contact_detail)) {
      ctx.addIssue({ code: "custom", path: ["contact_detail"], message: "Please enter the phone number to call" });
    }
    if (form.contact_by === "post" && form.contact_detail.length < 8) {
      ctx.addIssue({ code: "custom", path: ["contact_detail"], message: "Please enter the postal address to write to" });
    }
  });


export const ComplaintStatusSchema = z.object({
  status: z.enum(COMPLAINT_STATUSES, { message: "Please choose a status" }),
});

export const ComplaintNoteSchema = z.object({
  text: longText("the note", 1, 5000),
});

export const ComplaintOutcomeSchema = z.object({
  outcome: longText("the outcome", 20, 10_000),
});

export const ComplaintSettingsSchema = z.object({
  complaint_response_days: z.coerce
    .number({ message: "Please enter a number of days" })
    .int("Please enter a whole number of days")
    .min(1, "Please enter at least 1 day")
    .max(30, "Complaints must be answered within 30 days at most"),
});
