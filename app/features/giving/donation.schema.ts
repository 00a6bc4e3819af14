/**
 * The donation form, checked on the server (the browser checks the amount too, with the
 * same rules from donation.ts). One-off or monthly; a preset or a typed amount in pounds
 * and pence (a typed amount always wins); an optional cause ("" is "where it is needed
 * most"); an email for the receipt; and, when the Gift Aid box is ticked, the donor's
 * title, names, house name or number and postcode.
 */
import { z } from "zod";
import { isPlainName } from "../../lib/plain-text.ts";
import { chosenAmount, DEFAULT_MAX_DONATION_PENCE, DONATION_FREQUENCIES, type DonationFrequency } from "./donation.ts";
import { coverFeePence, DEFAULT_FEE_RATES, type FeeRates, type PaymentMethod } from "./fees.ts";
import { parseDedication, type Dedication } from "../gift-options/index.ts";

export * from "./donation.ts";

const DONATION_FIELDS = [
  "frequency",
  "amount",
  "customAmount",
  "cause",
  "email",
  "giftAid",
  "title",
  "firstName",
  "lastName",
  "house",
  "postcode",
  "emailConsent",
  "paymentMethod",
  "coverFees",
  "feeTotalSeen",
  "dedicate",
  "dedicationKind",
  "honoreeName",
  "dedicationMessage",
  "notifyName",
  "notifyEmail",
  "notifyShowAmount",
] as const;
type DonationField = (typeof DONATION_FIELDS)[number];
export type DonationValues = Partial<Record<DonationField, string>>;

interface GiftAidDetails {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
}

export interface DonationRequest {
  frequency: DonationFrequency;
  amountPence: number;
  causeId: number | null;
  email: string;
  giftAid: GiftAidDetails | null;
  /** Card, or (monthly only) Direct Debit. */
  paymentMethod: PaymentMethod;
  /** What the donor adds to cover the processing fee (0 unless they ticked the box); the server works it out. */
  feePence: number;
  dedication: Dedication | null;
}

const UK_POSTCODE = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})$/i;

/** "sw1a1aa" → "SW1A 1AA". */
function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

const name = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label.toLowerCase()}`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[\p{L}][\p{L} '.-]*$/u, `${label} may contain only letters, spaces, hyphens and apostrophes`);

export const GiftAidSchema = z.object({
  // Optional, as on HMRC's Gift Aid schedule.
  title: z
    .string()
    .trim()
    .max(4, "Title must be at most 4 characters, for example Mr, Mrs, Ms or Dr")
    .regex(/^([A-Za-z]+\.?)?$/, "Title may contain only letters, for example Mr, Mrs, Ms or Dr"),
  firstName: name("First name", 35),
  lastName: name("Last name", 35),
  house: z
    .string()
    .trim()
    .min(1, "Enter your house name or number")
    .max(40, "House name or number must be at most 40 characters")
    // Repeated in the receipt mailed to the address given: one line, no links.
    .refine((v) => isPlainName(v), "Enter just your house name or number, on one line"),
  postcode: z
    .string()
    .trim()
    .min(1, "Enter your postcode")
    .refine((v) => UK_POSTCODE.test(v.replace(/\s+/g, "")) || UK_POSTCODE.test(v), "Enter a real UK postcode, for example MB1 2AB")
    .transform(normalisePostcode),
});

/** The form's fields as strings (checkboxes "on"), from a FormData or a record. */
export function donationValues(input: FormData | Record<string, unknown>): DonationValues {
  const get = (key: string) => (input instanceof FormData ? input.get(key) : input[key]);
  const values: DonationValues = {};
  for (const field of DONATION_FIELDS) {
    const v = get(field);
    if (typeof v === "string") values[field] = v.slice(0, 500);
  }
  return values;
}

export type DonationParse =
  | { ok: true; value: DonationRequest }
  | { ok: false; errors: Partial<Record<DonationField, string>>; values: DonationValues };

/** Checks the whole form; `causeIds` are the causes a donor may choose. */
export function parseDonation(
  values: DonationValues,
  options: { maxPence?: number; causeIds: readonly number[]; fees?: FeeRates },
): DonationParse {
  const errors: Partial<Record<DonationField, string>> = {};
  const frequency = values.frequency ?? "one-off";
  if (!(DONATION_FREQUENCIES as readonly string[]).includes(frequency)) errors.frequency = "Choose one-off or monthly";

  const amount = chosenAmount(values.amount ?? "", values.customAmount ?? "", options.maxPence ?? DEFAULT_MAX_DONATION_PENCE);
  if (!amount.ok) errors[amount.custom ? "customAmount" : "amount"] = amount.error;

  let causeId: number | null = null;
  const cause = (values.cause ?? "").trim();
  if (cause !== "") {
    const id = Number(cause);
    if (Number.isInteger(id) && options.causeIds.includes(id)) causeId = id;
    else errors.cause = "Choose one of the causes, or where it is needed most";
  }

  const email = z
    .string()
    .trim()
    .min(1, "Enter your email address, for your receipt")
    .max(254, "Email address must be at most 254 characters")
    .pipe(z.email("Enter an email address like name@example.org"))
    .safeParse(values.email ?? "");
  if (!email.success) errors.email = email.error.issues[0]?.message;

  let giftAid: GiftAidDetails | null = null;
  if (values.giftAid === "on") {
    const parsed = GiftAidSchema.safeParse({
      title: values.title ?? "",
      firstName: values.firstName ?? "",
      lastName: values.lastName ?? "",
      house: values.house ?? "",
      postcode: values.postcode ?? "",
    });
    if (parsed.success) giftAid = parsed.data;
    else for (const issue of parsed.error.issues) errors[issue.path[0] as DonationField] ??= issue.message;
  }

  // Direct Debit is for monthly gifts only; a one-off gift is paid by card.
  let paymentMethod: PaymentMethod = "card";
  const method = values.paymentMethod ?? "card";
  if (method !== "card" && method !== "bacs_debit") errors.paymentMethod = "Choose card or Direct Debit";
  else if (frequency === "monthly") paymentMethod = method;

  const dedication = parseDedication(values, errors);

  if (Object.keys(errors).length > 0 || !amount.ok || !email.success) return { ok: false, errors, values };
  const feePence = values.coverFees === "on" ? coverFeePence(amount.pence, (options.fees ?? DEFAULT_FEE_RATES)[paymentMethod]) : 0;
  return {
    ok: true,
    value: {
      frequency: frequency as DonationFrequency,
      amountPence: amount.pence,
      causeId,
      email: email.data.toLowerCase(),
      giftAid,
      paymentMethod,
      feePence,
      dedication,
    },
  };
}
