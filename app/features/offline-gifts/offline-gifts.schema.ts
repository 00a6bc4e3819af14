/**
 * The staff forms of offline gifts, as Zod schemas read with `parseForm` (every field a
 * string). Amounts are typed in pounds and pence and kept in pence; nothing is rounded
 * (parseAmount). Dates are checked against the UK day the form is read (`today`).
 */
import { z } from "zod";
import { parseAmount } from "../giving/ui.ts";
import { formatPence } from "../../lib/money.ts";
import { OFFLINE_METHODS, SMALL_DONATION_MAX_PENCE } from "./rules.ts";
import type { OfflineGiftInput } from "./offline-gifts.server.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest amount one offline gift or collection may record. */
const LARGEST_OFFLINE_PENCE = 100_000_000;

const isDay = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`));

/** A past or present day, `YYYY-MM-DD`; `message` when it is not a date. */
const pastDay = (message: string, today: string) =>
  z
    .string()
    .trim()
    .refine(isDay, { message, abort: true })
    .refine((v) => v <= today, "The date cannot be in the future.");

/** A past or present day, or nothing (null) when left empty. */
const pastDayOrEmpty = (message: string, today: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isDay(v), { message, abort: true })
    .refine((v) => v <= today, "The date cannot be in the future.")
    .transform((v) => v || null);

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

/** Required text, trimmed, kept to `max` characters. */
const text = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((v) => v.slice(0, max));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTCODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/;

/** Who gave, by the `donor` choice: a supporter staff found, a new one (name and email), or anonymous. */
const giftDonor = z
  .discriminatedUnion(
    "donor",
    [
      z
        .object({ donor: z.literal("supporter"), supporterId: z.string().trim() })
        .refine((v) => /^[0-9a-f-]{36}$/i.test(v.supporterId), { message: "Find the supporter again.", path: ["donor"] })
        .transform((v) => ({ donor: { kind: "supporter" as const, id: v.supporterId } })),
      z
        .object({
          donor: z.literal("new"),
          name: text("Enter the donor's name.", 200),
          email: z
            .string()
            .trim()
            .transform((v) => v.slice(0, 254))
            .refine((v) => EMAIL.test(v), "Enter the donor's email address, like name@example.org."),
        })
        .transform((v) => ({ donor: { kind: "new" as const, name: v.name, email: v.email } })),
      z.object({ donor: z.literal("anonymous") }).transform(() => ({ donor: { kind: "anonymous" as const } })),
    ],
    { error: "Say who gave: a supporter, a new supporter or anonymous." },
  );

/**
 * The Gift Aid declaration, by its box (`giftAid`, "on" when ticked): its fields count only
 * when it is ticked; unticked, whatever they hold is ignored. A paper declaration keeps no
 * written-record date.
 */
const giftDeclaration = (today: string) =>
  z.discriminatedUnion("giftAid", [
    z
      .object({
        giftAid: z.literal("on"),
        title: z
          .string()
          .trim()
          .transform((v) => v.slice(0, 20)),
        firstName: text("Enter the donor's first name or initial, as on the declaration.", 100),
        lastName: text("Enter the donor's last name.", 100),
        house: text("Enter the house name or number.", 100),
        postcode: z
          .string()
          .trim()
          .transform((v) => v.slice(0, 10))
          .refine((v) => POSTCODE.test(v), "Enter a UK postcode, like MB1 2AB."),
        madeOn: pastDay("Enter the date the declaration was made.", today),
        how: z.enum(["paper", "spoken"], { message: "Say how the declaration was made." }),
        recordSentOn: pastDayOrEmpty("Enter the date the written record was sent, or leave it empty.", today),
      })
      .transform(({ giftAid: _, ...d }) => ({ declaration: { ...d, recordSentOn: d.how === "paper" ? null : d.recordSentOn } })),
    z.object({ giftAid: z.literal("") }).transform(() => ({ declaration: null })),
  ]);

/** The value of anything the donor got back: empty or "0" for a pure gift. */
const benefitPence = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "" || v === "0") return 0;
    const benefit = parseAmount(v, LARGEST_OFFLINE_PENCE);
    if (benefit.ok) return benefit.pence;
    ctx.addIssue({ code: "custom", message: "Enter the value in pounds and pence, or leave it empty." });
    return z.NEVER;
  });

/**
 * One gift made off the site (cash, cheque, bank transfer), as `recordOfflineGift` takes it.
 * The gift's own fields, the donor and the declaration are read side by side, so every
 * wrong field is named at once.
 */
export const offlineGiftSchema = (today: string) =>
  z.preprocess(
    // Any value but "on" is an unticked box.
    (v) => (v && typeof v === "object" ? { ...v, giftAid: (v as Record<string, unknown>).giftAid === "on" ? "on" : "" } : v),
    z
      .object({
        amount: amountPence,
        receivedOn: pastDay("Enter the date the gift was received.", today),
        method: z.enum(OFFLINE_METHODS, { message: "Choose how the gift was paid." }),
        cause: causeChoice,
        benefit: benefitPence,
      })
      .and(giftDonor)
      .and(giftDeclaration(today))
      .transform(
        (v): OfflineGiftInput => ({
          donor: v.donor,
          amountPence: v.amount,
          receivedOn: v.receivedOn,
          causeId: v.cause,
          method: v.method,
          benefitPence: v.benefit,
          declaration: v.declaration,
        }),
      ),
  );

export const OFFLINE_GIFT_FIELDS = [
  "donor",
  "supporterId",
  "name",
  "email",
  "amount",
  "receivedOn",
  "method",
  "cause",
  "benefit",
  "giftAid",
  "title",
  "firstName",
  "lastName",
  "house",
  "postcode",
  "madeOn",
  "how",
  "recordSentOn",
] as const;
