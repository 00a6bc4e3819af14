/** Event categories: one list for the database column, the form schema and the public tabs. */
export const EVENT_CATEGORIES = [
  "fundraiser",
  "family",
  "social",
  "community",
  "volunteer",
  "workshop",
  "fair",
  "sports",
  "arts",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
