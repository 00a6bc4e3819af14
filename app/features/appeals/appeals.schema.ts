/**
 * The staff forms of an appeal, as Zod schemas read with `parseForm` (every field a
 * string): its goal, days and matched giving, and an update. Amounts are typed in pounds
 * and pence and kept in pence; nothing is rounded (parseAmount).
 */
import { z } from "zod";
import { parseAmount } from "../giving/ui.ts";
import type { AppealInput } from "./appeals.server.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The largest goal or matching cap an appeal may have. */
const LARGEST = 100_000_000;

/** A day, `YYYY-MM-DD`; `message` when it is not a date. */
const day = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), message);

/** An amount in pounds and pence, as pence; `message` (when given) in place of parseAmount's own. */
const pence = (rename: (error: string) => string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const amount = parseAmount(v, LARGEST);
      if (amount.ok) return amount.pence;
      ctx.addIssue({ code: "custom", message: rename(amount.error) });
      return z.NEVER;
    });

/** A check across fields runs once each of `fields` has been read without a fault of its own. */
const once =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

/** The matched giving, by its box (`matched`, "on" when ticked): its fields count only when it is ticked. */
const matchedGiving = z.discriminatedUnion("matched", [
  z.object({
    matched: z.literal("on"),
    matcherName: z
      .string()
      .trim()
      .min(1, "Enter who matches the gifts.")
      .transform((v) => v.slice(0, 120)),
    matchFrom: day("Enter the first day gifts are matched."),
    matchTo: day("Enter the last day gifts are matched."),
    matchCap: pence(() => "Enter the most the matcher will give, in pounds, like 1000."),
  }),
  z.object({ matched: z.literal("") }),
]);

/** An appeal's goal, first and last days, and matched giving (within the appeal's days). */
export const appealSchema = z.preprocess(
  // Any value but "on" is an unticked box.
  (v) => (v && typeof v === "object" ? { ...v, matched: (v as Record<string, unknown>).matched === "on" ? "on" : "" } : v),
  z
    .object({
      goal: pence((error) => error.replace("donation", "goal")),
      startsOn: day("Enter the day the appeal starts."),
      endsOn: day("Enter the appeal's last day."),
    })
    .and(matchedGiving)
    .refine((v) => v.endsOn >= v.startsOn, { path: ["endsOn"], message: "The last day must be on or after the first.", when: once("startsOn", "endsOn") })
    .refine((v) => v.matched !== "on" || v.matchTo >= v.matchFrom, { path: ["matchTo"], message: "The last matched day must be on or after the first.", when: once("matchFrom", "matchTo") })
    .refine((v) => v.matched !== "on" || (v.matchFrom >= v.startsOn && v.matchTo <= v.endsOn), {
      path: ["matchTo"],
      message: "The matched days must fall within the appeal.",
      when: once("matchFrom", "matchTo", "startsOn", "endsOn"),
    })
    .transform(
      (v): AppealInput => ({
        goalPence: v.goal,
        startsOn: v.startsOn,
        endsOn: v.endsOn,
        match: v.matched === "on" ? { matcherName: v.matcherName, from: v.matchFrom, to: v.matchTo, capPence: v.matchCap } : null,
      }),
    ),
);

export const APPEAL_FIELDS = ["goal", "startsOn", "endsOn", "matched", "matcherName", "matchFrom", "matchTo", "matchCap"] as const;

/** An update posted on the appeal: 1 to 500 characters. */
export const appealUpdateSchema = z.object({
  body: z.string().trim().min(1, "Write the update in 1 to 500 characters.").max(500, "Write the update in 1 to 500 characters."),
});

export const APPEAL_UPDATE_FIELDS = ["body"] as const;
