/** The Requests log's forms (browser-safe). */
import { z } from "zod";
import { hasControlCharacter } from "./text-rules.ts";
import { REQUEST_CHANNELS, REQUEST_KINDS } from "./table.ts";

export const REQUEST_KIND_LABELS: Record<(typeof REQUEST_KINDS)[number], string> = {
  access: "Access (a copy of their data)",
  erasure: "Erasure",
  correction: "Correction",
  objection: "Objection",
  restriction: "Restriction",
};

export const REQUEST_CHANNEL_LABELS: Record<(typeof REQUEST_CHANNELS)[number], string> = {
  email: "Email",
  post: "Post",
  phone: "Phone",
  "in-person": "In person",
};

const isoDay = z.string({ message: "Please enter a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date");
const clean = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, `Please keep it to ${max} characters`)
    .refine((v) => !hasControlCharacter(v), "Please remove the special characters")
    .pipe(z.string().min(1, message));

export const RequestFormSchema = z.object({
  kind: z.enum(REQUEST_KINDS, { message: "Please choose what they asked for" }),
  channel: z.enum(REQUEST_CHANNELS, { message: "Please choose how it came" }),
  requester_name: clean(120, "Please enter their name").refine((v) => !/[\r\n]/.test(v), "Please remove the line breaks"),
  requester_email: z
    .string({ message: "Please enter their email address" })
    .trim()
    .toLowerCase()
    .min(3, "Please enter their email address")
    .max(254, "Please enter their email address")
    .pipe(z.email({ message: "Please enter a valid email address" })),
  received_on: isoDay,
  details: z
    .string()
    .trim()
    .max(5000, "Please keep it to 5000 characters")
    .refine((v) => !hasControlCharacter(v), "Please remove the special characters")
    .optional()
    .default(""),
});
export const REQUEST_FIELDS = ["kind", "channel", "requester_name", "requester_email", "received_on", "details"] as const;

export const ExtendSchema = z.object({
  reason: clean(2000, "Please give the reason for the extension").pipe(z.string().min(10, "Please say why more time is needed (the person is told the reason)")),
});

export const AnswerSchema = z.object({
  answered_on: isoDay,
  answered_how: clean(2000, "Please say how it was answered"),
});
