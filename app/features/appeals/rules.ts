/**
 * Appeal rules (browser-safe): whether an appeal is open, and what a matcher adds. Gifts
 * in the matched window count double up to the matcher's cap: the matched amount is the
 * lower of the window's gifts and the cap (docs/decisions/218).
 */
export type AppealState = "upcoming" | "open" | "closed";

/** By Europe/London days: open from its first day to its last day, inclusive. */
export function appealState(appeal: { starts_on: string; ends_on: string }, today: string): AppealState {
  if (today < appeal.starts_on) return "upcoming";
  return today > appeal.ends_on ? "closed" : "open";
}

export function matchedPence(windowGiftsPence: number, capPence: number | null): number {
  if (!capPence || capPence <= 0) return 0;
  return Math.min(Math.max(0, windowGiftsPence), capPence);
}

/** Whether the matched window is running on a day. */
export function matchRunning(appeal: { match_from: string | null; match_to: string | null }, today: string): boolean {
  return Boolean(appeal.match_from && appeal.match_to && today >= appeal.match_from && today <= appeal.match_to);
}
