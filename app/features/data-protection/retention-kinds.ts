/**
 * The retention registry (browser-safe part): every kind of personal record the site keeps
 * beyond form submissions and the audit log (those two keep their site_settings columns),
 * with its default period, what happens when it runs out, and the privacy notice's line.
 * The Data protection screen's retention table and the privacy notice are both made from
 * this list and the saved periods, so they never disagree with what the daily job does.
 *
 * Adding a kind: an entry here (`kept: true`) and its rule in retention-rules.server.ts
 * (table, date column, delete or anonymise). Kinds whose records other features are
 * building are declared with `kept: false`: their period can be set already, the notice
 * leaves them out, and the feature that keeps them flips `kept` and adds its rule.
 */
import { z } from "zod";

export interface RetentionKind {
  kind: string;
  /** The retention table's row. */
  label: string;
  /** What happens, and from when, as staff read it. */
  effect: string;
  /** The privacy notice's line, `{period}` standing for "2 years" or "18 months". */
  notice: string;
  defaultMonths: number;
  minMonths: number;
  maxMonths: number;
  action: "delete" | "anonymise";
  /** Whether this site keeps such records yet (a rule in retention-rules.server.ts applies it). */
  kept: boolean;
}

const RETENTION_MONTHS_LIMIT = 240;

export const RETENTION_KINDS: readonly RetentionKind[] = [
  {
    kind: "bookings",
    label: "Event bookings",
    effect: "Name and email removed this long after the event; tickets and amounts stay for the accounts.",
    notice: "Event bookings: your name and email address are removed {period} after the event. The number of tickets and the amount paid are kept, without your name, for our accounts.",
    defaultMonths: 24,
    minMonths: 1,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "anonymise",
    kept: true,
  },
  {
    kind: "gifts",
    label: "Donations and Gift Aid declarations",
    effect: "Donor's email, name and address removed this long after the gift; never sooner than 6 years after a Gift Aid claim that included it.",
    notice:
      "Donations and Gift Aid declarations: kept for {period} after the gift, and always for 6 years after a Gift Aid claim that included it, as HMRC requires. After that your name, email and address are removed; the amount stays in our accounts.",
    defaultMonths: 72,
    minMonths: 72,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "anonymise",
    kept: true,
  },
  {
    kind: "complaints",
    label: "Data protection complaints",
    effect: "Deleted, with their notes, this long after they were answered or closed.",
    notice: "Data protection complaints: {period} after we answered or closed them.",
    defaultMonths: 36,
    minMonths: 12,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "delete",
    kept: true,
  },
  {
    kind: "requests",
    label: "Requests about a person's data",
    effect: "Deleted this long after they were answered.",
    notice: "Requests about your data (for a copy, to correct or to erase it): {period} after we answered them.",
    defaultMonths: 36,
    minMonths: 12,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "delete",
    kept: true,
  },
  {
    kind: "supporters",
    label: "Supporters",
    effect:
      "Deleted, with notes and tags, this long after their last contact (a gift, booking, form, consent change or note); never while they give monthly, hold a Gift Aid declaration, or are subscribed, nor before their consent records' period. Gifts and bookings stay under their own rules.",
    notice:
      "Supporter records: deleted {period} after your last contact with us (a gift, booking, form or change to your email choices). We keep the record while you give monthly, have a Gift Aid declaration with us, or receive our email news.",
    defaultMonths: 24,
    minMonths: 1,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "delete",
    kept: true,
  },
  {
    kind: "consent",
    label: "Consent records",
    effect: "Deleted this long after the consent was withdrawn (proof of consent); kept while the supporter is subscribed. The supporter is not deleted sooner.",
    notice: "Records of your consent: {period} after you withdraw it, so we can show what you agreed to.",
    defaultMonths: 24,
    minMonths: 12,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "delete",
    kept: true,
  },
  {
    kind: "newsletters",
    label: "Sent newsletters (who received them)",
    effect: "The list of recipients deleted this long after sending; the newsletter itself stays.",
    notice: "Newsletters: the record of who received each one is deleted {period} after it was sent.",
    defaultMonths: 12,
    minMonths: 1,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "delete",
    kept: true,
  },
  {
    kind: "volunteers",
    label: "Volunteers and their hours",
    effect: "Deleted this long after their last volunteering; hours anonymised for the annual report.",
    notice: "Volunteer records and hours: {period} after you last volunteered with us; totals of hours are kept without names.",
    defaultMonths: 36,
    minMonths: 12,
    maxMonths: RETENTION_MONTHS_LIMIT,
    action: "anonymise",
    kept: true,
  },
];

/** "1 month", "18 months", "2 years". */
export function periodText(months: number): string {
  if (months % 12 === 0) return months === 12 ? "1 year" : `${months / 12} years`;
  return months === 1 ? "1 month" : `${months} months`;
}

const monthsField = (k: RetentionKind) =>
  z.coerce
    .number({ message: "Please enter a number of months" })
    .int("Please enter a whole number of months")
    .min(k.minMonths, `Keep ${k.label.toLowerCase()} for at least ${k.minMonths} ${k.minMonths === 1 ? "month" : "months"}`)
    .max(k.maxMonths, `Please enter no more than ${k.maxMonths} months`);

/** The retention table's fields for the registry's kinds: `retention_<kind>`. */
export const retentionField = (kind: string) => `retention_${kind}`;
export const RETENTION_KIND_FIELDS = RETENTION_KINDS.map((k) => retentionField(k.kind));
export const RetentionKindsSchema = z.object(Object.fromEntries(RETENTION_KINDS.map((k) => [retentionField(k.kind), monthsField(k)])) as Record<string, ReturnType<typeof monthsField>>);
