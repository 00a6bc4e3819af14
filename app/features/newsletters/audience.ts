/** Who gets a newsletter (browser-safe): everyone subscribed, or subscribers in one segment. */
export type Audience =
  | { kind: "all" }
  | { kind: "given-12m" }
  | { kind: "monthly" }
  | { kind: "booked-event"; eventId: number }
  | { kind: "volunteers" };

export const AUDIENCE_LABELS: Record<Audience["kind"], string> = {
  all: "Everyone subscribed",
  "given-12m": "Subscribers who gave in the last 12 months",
  monthly: "Subscribers who give monthly",
  "booked-event": "Subscribers who booked an event",
  volunteers: "Subscribers who volunteer",
};

export function describeAudience(audience: Audience, eventTitle?: string | null): string {
  return audience.kind === "booked-event" ? `Subscribers who booked ${eventTitle ?? "an event"}` : AUDIENCE_LABELS[audience.kind];
}
