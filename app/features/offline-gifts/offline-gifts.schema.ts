/**
 * The staff forms of offline gifts, as Zod schemas read with `parseForm` (every field a
 * string). Amounts are typed in pounds and pence and kept in pence; nothing is rounded
 * (parseAmount). Dates are checked against the UK day the form is read (`today`).
 */
import { z } from "zod";
import { parseAmount } from "../giving/ui.ts";
import { formatPence } from "../../lib/money.ts";
import { SMALL_DONATION_MAX_PENCE } from "./rules.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest amount one offline gift or collection may record. */
export const LARGEST_OFFLINE_PENCE = 100_000_000;

/** A past or present day, `YYYY-MM-DD`; `message` when it is not a date. */
const pastDay = (message: string, today: string) =>
  z
    .string()
    .trim()
    .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), { message, abort: true })
    .refine((v) => v <= today, "The date cannot be in the future.");

/** An amount in pounds and pence, as pence. */
const amountPence = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const amount = parseAmount(v, LARGEST_OFFLINE_PENCE);
    if (amount.ok) return amount.pence;
    ctx.addIssue({ code: "custom", message: amount.error });
    return z.NEVER;
  });

/** The cause a gift is for: none ("general" or empty) or a cause's id. */
const causeChoice = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "" || v === "general") return null;
    if (/^\d{1,9}$/.test(v)) return Number(v);
    ctx.addIssue({ code: "custom", message: "Choose a cause." });
    return z.NEVER;
  });

/** A collection of small gifts: one total per date and place (`amount` in pence, `cause` an id or null). */
export const collectionSchema = (today: string) =>
  z.object({
    collectedOn: pastDay("Enter the date of the collection.", today),
    place: z
      .string()
      .trim()
      .min(1, "Enter where the collection was made, like Craft fair, Market Square.")
      .transform((v) => v.slice(0, 120)),
    collectedAs: z.enum(["cash", "contactless"], { message: "Choose cash or contactless." }),
    amount: amountPence,
    small: z.literal("on", {
      message: `Confirm that every gift in the collection was ${formatPence(SMALL_DONATION_MAX_PENCE)} or less: only those count for the Small Donations Scheme.`,
    }),
    cause: causeChoice,
  });

export const COLLECTION_FIELDS = ["collectedOn", "place", "collectedAs", "amount", "small", "cause"] as const;
