/**
 * Kinds of audit log entries (the action's prefix before the dot), for the log's filter.
 * Derived from the actions the log can record (AUDIT_PHRASES), and typed: an action of a
 * new kind cannot be recorded until its kind has a label here, so the filter offers every
 * kind that can be recorded.
 */
import { CONTENT_AUDIT_KIND_LABELS } from "../../lib/content-types.ts";
import type { AuditAction } from "./describe.ts";

export type AuditKind = AuditAction extends `${infer Kind}.${string}` ? Kind : never;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  // The content types' kinds, labelled in their registry entries (app/lib/content-types.ts).
  ...CONTENT_AUDIT_KIND_LABELS,
  access: "Refused access",
  audit_log: "Audit log retention",
  auth: "Sign-in and passwords",
  booking: "Bookings",
  complaint: "Data-protection complaints",
  data_protection: "Data-protection reminders",
  discount_code: "Discount codes",
  donations: "Donations",
  gift_aid: "Gift Aid",
  mail: "Failed mail",
  media: "Media library",
  request: "Requests about a person's data",
  retention: "Retention runs",
  personal_data: "Personal data",
  staff: "Staff access",
  submission: "Form submissions",
  waitlist: "Waitlists",
  supporters: "Supporters",
  submissions: "Form submission exports and retention",
};

/** The kinds in the filter's order (by label). */
export const AUDIT_KINDS = (Object.keys(AUDIT_KIND_LABELS) as AuditKind[]).sort((a, b) => AUDIT_KIND_LABELS[a].localeCompare(AUDIT_KIND_LABELS[b]));
