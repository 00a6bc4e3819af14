/**
 * News rules that hold in the browser and on the server: a post's state (draft,
 * scheduled, published), addresses (slugs) and the UK local time of the publish field.
 */

/** HTML that has been through the news sanitiser (app/domain/news/news-html.server.ts). */
export type SafeHtml = string & { readonly __safeHtml: true };

export type NewsState = "draft" | "scheduled" | "published";

export function newsState(post: { status: string; published_at: Date | string | null }, now: Date = new Date()): NewsState {
  if (post.status !== "published" || post.published_at === null) return "draft";
  return new Date(post.published_at).getTime() > now.getTime() ? "scheduled" : "published";
}

/** "Summer Fair raised £2,150!" -> "summer-fair-raised-2150". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const LONDON = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function londonParts(at: Date) {
  const p = Object.fromEntries(LONDON.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), mo: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute) };
}

/** A moment as the value of a datetime-local field in UK time: "2026-11-24T09:30". */
export function toLondonInput(at: Date | string): string {
  const { y, mo, d, h, mi } = londonParts(new Date(at));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}`;
}

export const LONDON_INPUT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The moment a datetime-local value in UK time (GMT or BST) means, or null when it is not a real time. */
export function fromLondonInput(value: string): Date | null {
  const m = LONDON_INPUT_RE.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  // London is UTC or UTC+1: try both offsets and keep the one that reads back as typed.
  for (const offsetHours of [0, 1]) {
    const at = new Date(wanted - offsetHours * 3_600_000);
    const p = londonParts(at);
    if (p.y === y && p.mo === mo && p.d === d && p.h === h && p.mi === mi) return at;
  }
  return null;
}
