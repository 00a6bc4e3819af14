/** The Supporters list's filters in the address, and the limits of notes and tags (browser-safe). */
export const NOTE_MAX = 2000;
export const TAG_MAX = 40;

export interface SupporterFilters {
  q: string;
  given: "" | "ever" | "12m";
  monthly: boolean;
  giftAid: boolean;
  booked: boolean;
  volunteers: boolean;
  subscribed: "" | "yes" | "no";
  tag: string;
  page: number;
}

export function parseSupporterFilters(params: URLSearchParams): SupporterFilters {
  const given = params.get("given");
  const subscribed = params.get("subscribed");
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    given: given === "ever" || given === "12m" ? given : "",
    monthly: params.get("monthly") === "yes",
    giftAid: params.get("giftAid") === "yes",
    booked: params.get("booked") === "yes",
    volunteers: params.get("volunteers") === "yes",
    subscribed: subscribed === "yes" || subscribed === "no" ? subscribed : "",
    tag: (params.get("tag") ?? "").trim().toLowerCase().slice(0, 40),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of filters (without empty ones), for links and the export. */
export function supporterFiltersQuery(f: Partial<SupporterFilters>): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.given) p.set("given", f.given);
  if (f.monthly) p.set("monthly", "yes");
  if (f.giftAid) p.set("giftAid", "yes");
  if (f.booked) p.set("booked", "yes");
  if (f.volunteers) p.set("volunteers", "yes");
  if (f.subscribed) p.set("subscribed", f.subscribed);
  if (f.tag) p.set("tag", f.tag);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  return p.toString();
}

