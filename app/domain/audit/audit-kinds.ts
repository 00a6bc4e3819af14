/**
 * Kinds of audit log entries (the action's prefix before the dot), for the log's filter.
 * Derived from the actions the log can record (AUDIT_PHRASES), and typed: an action of a
 * new kind cannot be recorded until its kind has a label here, so the filter offers every
 * kind that can be recorded.
 */
import type { AuditAction } from "./describe.ts";

export type AuditKind = AuditAction extends `${infer Kind}.${string}` ? Kind : never;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  access: "Refused access",
  annual_report: "Annual reports",
  audit_log: "Audit log retention",
  auth: "Sign-in and passwords",
  appeal: "Appeals",
  award_round: "Awards round",
  award_winner: "Award winners",
  booking: "Bookings",
  cause: "Causes",
  complaint: "Data-protection complaints",
  contact: "Contact details",
  craft_fair: "Craft fairs",
  data_protection: "Data-protection reminders",
  discount_code: "Discount codes",
  donations: "Donations",
  event: "Events",
  faq: "FAQ",
  fund_recipient: "Community Fund recipients",
  gallery_image: "Craft fair gallery",
  gift_aid: "Gift Aid",
  legal_page: "Legal pages",
  mail: "Failed mail",
  media: "Media library",
  news: "News",
  newsletter: "Newsletters",
  page_texts: "Page texts",
  request: "Requests about a person's data",
  retention: "Retention runs",
  personal_data: "Personal data",
  settings: "Settings",
  staff: "Staff access",
  submission: "Form submissions",
  waitlist: "Waitlists",
  supporters: "Supporters",
  submissions: "Form submission exports and retention",
  trustee: "Trustees",
  volunteering: "Volunteering",
  volunteer_role: "Volunteer roles",
};

/** The kinds in the filter's order (by label). */
export const AUDIT_KINDS = (Object.keys(AUDIT_KIND_LABELS) as AuditKind[]).sort((a, b) => AUDIT_KIND_LABELS[a].localeCompare(AUDIT_KIND_LABELS[b]));
