/** What staff see an entry as (browser-safe): an offer past its hold reads "lapsed" before the sweep marks it. */
export const WAITLIST_SHOWN = ["waiting", "offered", "booked", "lapsed", "removed"] as const;
export type WaitlistShown = (typeof WAITLIST_SHOWN)[number];
