/**
 * The contact details form (browser-safe): the footer's address, phone and social links,
 * and the email addresses the pages show. A social link left empty is not shown.
 */
import { z } from "zod";
import { optionalWebAddress, tooLong } from "../../domain/listings/listing-fields.schema.ts";

const email = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(254, tooLong(254))
    .email(`${label} must be a valid email address`);

const socialLink = (label: string) => optionalWebAddress(`${label} must be a web address starting with https://, or left empty to hide it`);

export const ContactFormSchema = z.object({
  address: z.string().trim().min(5, "Address is required").max(400, tooLong(400)),
  phone: z
    .string()
    .trim()
    .min(1, "Phone number is required")
    .max(40, tooLong(40))
    .regex(/^\+?[0-9 ()-]{6,}$/, "Phone number may contain only digits, spaces, brackets, hyphens and a leading +"),
  contact_email: email("General email"),
  events_email: email("Events email"),
  craft_fairs_email: email("Craft fairs email"),
  awards_email: email("Awards email"),
  fund_email: email("Community Fund email"),
  trustees_email: email("Trustees email"),
  facebook_url: socialLink("Facebook link"),
  twitter_url: socialLink("Twitter link"),
  instagram_url: socialLink("Instagram link"),
});
export type ContactFormData = z.output<typeof ContactFormSchema>;
export const CONTACT_FORM_FIELDS = Object.keys(ContactFormSchema.shape) as (keyof ContactFormData)[];
