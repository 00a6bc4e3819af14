/** The appeal form, read on the server: amounts in pounds kept in pence, dates in order. */
import { parseAmount } from "../giving/ui.ts";
import type { AppealInput } from "./appeals.server.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LARGEST = 100_000_000;
const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export function readAppeal(form: FormData): { input: AppealInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const date = (name: string, message: string) => {
    const v = field(form, name);
    if (!DATE.test(v) || Number.isNaN(Date.parse(`${v}T12:00:00Z`))) errors[name] = message;
    return v;
  };
  const goal = parseAmount(field(form, "goal"), LARGEST);
  if (!goal.ok) errors.goal = goal.error.replace("donation", "goal");
  const startsOn = date("startsOn", "Enter the day the appeal starts.");
  const endsOn = date("endsOn", "Enter the appeal's last day.");
  if (!errors.startsOn && !errors.endsOn && endsOn < startsOn) errors.endsOn = "The last day must be on or after the first.";
  let match: AppealInput["match"] = null;
  if (field(form, "matched") === "on") {
    const matcherName = field(form, "matcherName").slice(0, 120);
    if (!matcherName) errors.matcherName = "Enter who matches the gifts.";
    const from = date("matchFrom", "Enter the first day gifts are matched.");
    const to = date("matchTo", "Enter the last day gifts are matched.");
    if (!errors.matchFrom && !errors.matchTo && to < from) errors.matchTo = "The last matched day must be on or after the first.";
    if (!errors.matchFrom && !errors.matchTo && !errors.startsOn && !errors.endsOn && (from < startsOn || to > endsOn)) errors.matchTo = "The matched days must fall within the appeal.";
    const cap = parseAmount(field(form, "matchCap"), LARGEST);
    if (!cap.ok) errors.matchCap = "Enter the most the matcher will give, in pounds, like 1000.";
    if (cap.ok) match = { matcherName, from, to, capPence: cap.pence };
  }
  if (Object.keys(errors).length > 0 || !goal.ok) return { input: null, errors };
  return { input: { goalPence: goal.pence, startsOn, endsOn, match }, errors };
}
