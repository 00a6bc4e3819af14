/**
 * The awards round as the public page reads it (browser-safe and free of form code, so the
 * public page's script carries no validation library): its categories and whether
 * nominations are open.
 */

export interface AwardCategory {
  id: string;
  title: string;
  description: string;
}

export type NominationsState = "not-yet-open" | "open" | "closed";

/** Whether nominations are taken on `today` (a UK date, yyyy-MM-dd): from the opening date to the closing date, both included. */
export function nominationsState(round: { nominations_open: string; nominations_close: string }, today: string): NominationsState {
  if (today < round.nominations_open) return "not-yet-open";
  return today > round.nominations_close ? "closed" : "open";
}
