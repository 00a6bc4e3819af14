/**
 * News rules that hold in the browser and on the server: a post's state (draft,
 * scheduled, published), and addresses (slugs). The publish field's UK local time is read and written by
 * app/lib/uk-time.ts (`ukDateTimeInput`, `ukInstantFromInput`).
 */

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
