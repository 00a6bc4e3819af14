/**
 * News rules that hold in the browser and on the server: a post's state (draft,
 * scheduled, published), addresses (slugs) and the UK local time of the publish field.
 */
import { ukDateTimeInput, ukInstantFromInput } from "../../lib/uk-time.ts";

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

/** A moment as the value of a datetime-local field in UK time: "2026-11-24T09:30". */
export const toLondonInput = ukDateTimeInput;

export const LONDON_INPUT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The moment a datetime-local value in UK time (GMT or BST) means, or null when it is not a real time. */
export const fromLondonInput = ukInstantFromInput;
