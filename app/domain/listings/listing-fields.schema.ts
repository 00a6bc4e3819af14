/**
 * Pieces shared by the event and craft fair form schemas (browser-safe: no server
 * imports). Form values arrive as strings (FormData, or the browser form's state);
 * `formValues` turns either into a plain object of strings before parsing.
 */
import { z } from "zod";

const LIST_STATUSES = ["all", "active", "inactive"] as const;
const LIST_TIMES = ["all", "upcoming", "past"] as const;

/** The admin list filters, read from the URL (?q=&status=&time=&page=); unknown values fall back to "all" and page 1. */
const AdminListFiltersSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 200)),
  status: z.enum(LIST_STATUSES).catch("all").default("all"),
  time: z.enum(LIST_TIMES).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminListFilters = z.output<typeof AdminListFiltersSchema>;

export function parseListFilters(params: URLSearchParams): AdminListFilters {
  return AdminListFiltersSchema.parse({
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    time: params.get("time") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

export const hasActiveFilters = (f: AdminListFilters) => f.q !== "" || f.status !== "all" || f.time !== "all";

export const tooLong = (max: number) => `Must be at most ${max} characters`;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(value: string) {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const requiredDate = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => v === "" || isRealDate(v), "Enter a valid date (yyyy-MM-dd)");

export const requiredTime = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .refine((v) => v === "" || TIME_RE.test(v), "Enter a valid time (HH:mm)");

export const requiredText = (min: number, message: string, max: number) =>
  z.string().trim().min(min, message).max(max, tooLong(max));

/** Optional free text: empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === "" ? null : v));

/** The site's one rule for a web address typed by staff: http or https, with a dot in the host name. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A full web address (`isWebAddress`), at most `max` characters. */
export const webAddress = (message: string, max = 500) => z.string().trim().max(max, tooLong(max)).refine(isWebAddress, message);

/** A web address (`isWebAddress`) or nothing (empty stays ""), at most `max` characters. */
export const optionalWebAddress = (message: string, max = 500) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((text) => text === "" || isWebAddress(text), message);

/** A checkbox: present ("on"/"true") is true, absent or "false" is false. */
export const checkbox = z
  .string()
  .transform((v) => v === "on" || v === "true");

/** A positive whole number typed as text (no sign, no decimals), at most 1,000,000. */
const POSITIVE_NUMBER = "Must be a positive number";
const positiveInteger = (v: string) => /^\d{1,7}$/.test(v) && Number(v) > 0 && Number(v) <= 1_000_000;

export const optionalPositiveInteger = z
  .string()
  .trim()
  .refine((v) => v === "" || positiveInteger(v), POSITIVE_NUMBER)
  .transform((v) => (v === "" ? null : Number(v)));

export const requiredPositiveInteger = z
  .string()
  .trim()
  .refine(positiveInteger, POSITIVE_NUMBER)
  .transform((v) => Number(v));

/** FormData or a plain object → an object with a string for each named field ("" when missing). */
export function formValues(
  source: FormData | Record<string, unknown>,
  fields: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fields) {
    const raw = source instanceof FormData ? source.get(name) : source[name];
    if (typeof raw === "string") out[name] = raw;
    else if (typeof raw === "boolean") out[name] = raw ? "on" : "";
    else if (typeof raw === "number") out[name] = String(raw);
    else out[name] = "";
  }
  return out;
}

