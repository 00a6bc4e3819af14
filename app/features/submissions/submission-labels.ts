/**
 * How staff see stored submissions: names of kinds and statuses, a label per form field
 * and readable text for stored choice ids. Browser-safe (no server code); used by the
 * inbox screens and the CSV export.
 */
import { AWARD_CATEGORIES, VOLUNTEER_ROLES } from "../../content/sample-content.ts";
import type { SubmissionKind, SubmissionStatus } from "./table.ts";
import { AVAILABILITY_OPTIONS, CRAFT_CATEGORIES, NOMINATOR_RELATIONSHIPS, STALL_SIZES } from "./public-forms.ts";

export type { SubmissionKind, SubmissionStatus };

export const KIND_LABELS: Record<SubmissionKind, string> = {
  volunteer: "Volunteer",
  stall_application: "Stall application",
  nomination: "Nomination",
};

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  new: "New",
  in_review: "In review",
  accepted: "Accepted",
  declined: "Declined",
  archived: "Archived",
};

/** Field labels per kind, in the order the form asks for them. */
export const FIELD_LABELS: Record<SubmissionKind, Record<string, string>> = {
  volunteer: {
    fullName: "Full name",
    email: "Email address",
    phone: "Phone number",
    town: "Town or city",
    postcode: "Postcode",
    interests: "Areas of interest",
    availability: "Availability",
    skills: "Skills",
    motivation: "Why they would like to volunteer",
    terms: "Agreed to the volunteer terms",
  },
  stall_application: {
    fullName: "Full name",
    businessName: "Business name",
    email: "Email address",
    phone: "Phone number",
    craftCategory: "Craft category",
    productDescription: "Product description",
    fairs: "Fairs",
    stallSize: "Stall size",
    electricity: "Electricity",
    comments: "Comments",
    terms: "Agreed to the stallholder terms",
  },
  nomination: {
    nominatorName: "Nominator's name",
    email: "Nominator's email",
    phone: "Nominator's phone",
    relationship: "Relationship to the nominee",
    nomineeName: "Nominee's name",
    nomineeContact: "Nominee's contact",
    nomineeAddress: "Nominee's address",
    category: "Award category",
    reason: "Why they are nominated",
    impact: "The difference they have made",
    consent: "Nominee's consent",
  },
};

const byId = (list: readonly { id: string; label?: string; title?: string }[]) =>
  Object.fromEntries(list.map((o) => [o.id, o.label ?? o.title ?? o.id])) as Record<string, string>;

const CHOICES: Record<string, Record<string, string>> = {
  interests: byId(VOLUNTEER_ROLES),
  availability: byId(AVAILABILITY_OPTIONS),
  craftCategory: byId(CRAFT_CATEGORIES),
  stallSize: byId(STALL_SIZES),
  relationship: byId(NOMINATOR_RELATIONSHIPS),
  category: byId(AWARD_CATEGORIES),
  electricity: { yes: "Yes", no: "No" },
};

const AGREEMENTS = new Set(["terms", "consent"]);

/**
 * Titles of the choices staff keep (volunteer roles by slug, award categories by id), read
 * by the server: they name the choices staff added, which the built-in lists do not know.
 */
export type StaffChoices = Partial<Record<"interests" | "category", Record<string, string>>>;

/** One stored value as text: choice ids become their labels, lists are joined, "on" is "Yes". */
export function displayValue(field: string, value: unknown, staffChoices: StaffChoices = {}): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => displayValue(field, v, staffChoices)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  if (AGREEMENTS.has(field) && text === "on") return "Yes";
  const known = staffChoices[field as keyof StaffChoices];
  return (known && Object.hasOwn(known, text) ? known[text] : undefined) ?? CHOICES[field]?.[text] ?? text;
}

/**
 * Every stored field of a submission as label/value pairs: the form's fields in order,
 * then anything else that was stored (labelled by its key), so nothing is hidden.
 */
export function submissionFields(
  kind: SubmissionKind,
  data: Record<string, unknown>,
  staffChoices: StaffChoices = {},
): { key: string; label: string; value: string }[] {
  const labels = FIELD_LABELS[kind] ?? {};
  const known = Object.keys(labels).filter((k) => k in data);
  const extra = Object.keys(data).filter((k) => !(k in labels));
  return [...known, ...extra].map((key) => ({ key, label: labels[key] ?? key, value: displayValue(key, data[key], staffChoices) }));
}

// The same lists as the schema's (kept here so the browser bundle needs no database code).
export const SUBMISSION_KINDS = Object.keys(KIND_LABELS) as SubmissionKind[];
export const SUBMISSION_STATUSES = Object.keys(STATUS_LABELS) as SubmissionStatus[];

export const isKind = (v: unknown): v is SubmissionKind => SUBMISSION_KINDS.includes(v as SubmissionKind);
export const isStatus = (v: unknown): v is SubmissionStatus => SUBMISSION_STATUSES.includes(v as SubmissionStatus);

export const NOTE_MAX = 5000;
export const RETENTION_MONTHS_MAX = 120;

export interface InboxFilters {
  kind: SubmissionKind | null;
  status: SubmissionStatus | null;
  q: string;
  page: number;
}

/** The query string for filters (empty values left out), e.g. for links and the export. */
export function filtersQuery(filters: Partial<InboxFilters>): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

