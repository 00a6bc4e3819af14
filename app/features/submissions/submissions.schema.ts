/**
 * The public forms that are stored for staff: volunteer application, stall application
 * and award nomination. One Zod schema per form, used by the route action (and usable in
 * the browser). Required rules follow spec section 5; file counts and sizes follow the
 * spec's hints as real limits. File contents are checked on the server
 * (submissions.server.ts), because only the bytes say what a file really is.
 */
import { z } from "zod";
import {
  AVAILABILITY_OPTIONS,
  CRAFT_CATEGORIES,
  MAX_UPLOAD_BYTES,
  NOMINATION_DOCUMENTS_MAX,
  NOMINATOR_RELATIONSHIPS,
  STALL_PHOTOS_MAX,
  STALL_PHOTOS_MIN,
  STALL_SIZES,
} from "./public-forms.ts";

// The option lists live in public-forms.ts (no Zod) so public pages stay light.
export * from "./public-forms.ts";

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((o) => o.id) as [T[number]["id"], ...T[number]["id"][]];

/** The message when a volunteer picks a role that is not (or no longer) offered. */
export const ROLE_CHOICE = "Please choose from the listed roles";

const text = (message: string, max = 200) =>
  z.string({ message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);
const optionalText = (max = 2000) =>
  z.string().trim().max(max, `Please keep this under ${max} characters`).optional().default("");
const email = z
  .string({ message: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ message: "Please enter a valid email address, like name@example.com" }));
const phone = z
  .string({ message: "Please enter your phone number" })
  .trim()
  .min(1, "Please enter your phone number")
  .max(30, "Please enter a valid phone number")
  .regex(/^\+?[\d\s().-]{7,}$/, "Please enter a valid phone number, like 01632 960 418");
const agreed = (message: string) => z.literal("on", { message });

/** A File, as parsed from multipart form data (empty file inputs are dropped first). */
const file = z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, "Please choose a file");
const sizedFile = file.refine((f) => f.size <= MAX_UPLOAD_BYTES, "Each file must be 5MB or smaller");

export const VolunteerSchema = z.object({
  fullName: text("Please enter your full name", 120),
  email,
  phone,
  town: optionalText(80),
  postcode: z
    .string()
    .trim()
    .toUpperCase()
    .max(10, "Please enter a valid postcode")
    .refine((v) => v === "" || /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/.test(v), "Please enter a valid UK postcode, like MB4 2QT")
    .optional()
    .default(""),
  // Marked on the form, not enforced (spec section 5).
  // The roles staff keep (their slugs); which ones exist now is checked on submission.
  interests: z.array(z.string().regex(/^[a-z0-9-]{1,60}$/, ROLE_CHOICE)).max(30, ROLE_CHOICE).default([]),
  availability: z
    .array(z.enum(ids(AVAILABILITY_OPTIONS), { message: "Please choose from the listed times" }))
    .min(1, "Please tell us when you are available")
    .max(AVAILABILITY_OPTIONS.length),
  skills: optionalText(2000),
  motivation: text("Please tell us why you would like to volunteer", 2000),
  terms: agreed("Please agree to the volunteer terms to continue"),
});

export const StallApplicationSchema = z.object({
  fullName: text("Please enter your full name", 120),
  businessName: text("Please enter your business or trading name", 120),
  email,
  phone,
  craftCategory: z.enum(ids(CRAFT_CATEGORIES), { message: "Please choose your craft category" }),
  productDescription: text("Please describe what you make and sell", 2000),
  fairs: z
    .array(z.string().trim().min(1).max(200))
    .min(1, "Please choose at least one fair")
    .max(20),
  stallSize: z.enum(ids(STALL_SIZES), { message: "Please choose a stall size" }),
  electricity: z.enum(["no", "yes"], { message: "Please tell us whether you need electricity" }).default("no"),
  photos: z
    .array(sizedFile)
    .min(STALL_PHOTOS_MIN, `Please upload ${STALL_PHOTOS_MIN} to ${STALL_PHOTOS_MAX} photos of your work`)
    .max(STALL_PHOTOS_MAX, `Please upload no more than ${STALL_PHOTOS_MAX} photos`),
  comments: optionalText(2000),
  terms: agreed("Please agree to the stallholder terms to continue"),
});

export const NominationSchema = z.object({
  nominatorName: text("Please enter your name", 120),
  email,
  phone: z
    .string()
    .trim()
    .max(30, "Please enter a valid phone number")
    .refine((v) => v === "" || /^\+?[\d\s().-]{7,}$/.test(v), "Please enter a valid phone number, like 01632 960 418")
    .optional()
    .default(""),
  relationship: z.enum(ids(NOMINATOR_RELATIONSHIPS), { message: "Please tell us how you know the nominee" }),
  nomineeName: text("Please enter the nominee's name", 120),
  nomineeContact: text("Please enter a phone number or email address for the nominee", 200),
  nomineeAddress: optionalText(300),
  // One of the current round's categories: the awards page checks it against the round.
  category: z.string().trim().min(1, "Please choose an award category").max(100),
  reason: text("Please tell us why you are nominating them", 3000),
  impact: text("Please tell us about the difference they have made", 3000),
  documents: z
    .array(sizedFile)
    .max(NOMINATION_DOCUMENTS_MAX, `Please attach no more than ${NOMINATION_DOCUMENTS_MAX} files`)
    .default([]),
  consent: agreed("Please confirm you have the nominee's consent or will tell them about the nomination"),
});

export const SUBMISSION_FORMS = {
  volunteer: { schema: VolunteerSchema, arrays: ["interests", "availability"], files: [] as string[] },
  stall_application: { schema: StallApplicationSchema, arrays: ["fairs"], files: ["photos"] },
  nomination: { schema: NominationSchema, arrays: [], files: ["documents"] },
} as const;

/**
 * Turns form data into a plain object for a schema: repeated fields become arrays,
 * empty file inputs are dropped, everything else is the first string value.
 */
export function formDataToObject(formData: FormData, options: { arrays: readonly string[]; files: readonly string[] }) {
  const result: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    if (options.files.includes(key)) {
      result[key] = formData.getAll(key).filter((v): v is File => typeof v !== "string" && v.size > 0);
    } else if (options.arrays.includes(key)) {
      result[key] = formData.getAll(key).filter((v): v is string => typeof v === "string");
    } else {
      const value = formData.get(key);
      if (typeof value === "string") result[key] = value;
    }
  }
  for (const key of options.arrays) result[key] ??= [];
  for (const key of options.files) result[key] ??= [];
  return result;
}
