/**
 * Audit log entries in words for staff: "jane@example.org turned maintenance mode off",
 * the record by its name ("Staff member jane@example.org", "Site settings"), and details
 * such as "changed: Hero title, Contact email" or "Total: £12.50" instead of raw JSON.
 */
import { CONTENT_AUDIT_PHRASES } from "../../lib/content-types.ts";
import { formatPence } from "../../lib/money.ts";

export const AUDIT_PHRASES = {
  // "added a trustee", "moved a cause" ...: made from the content types' nouns (app/lib/content-types.ts).
  ...CONTENT_AUDIT_PHRASES,
  "auth.sign_in": "signed in",
  "auth.sign_in_failed": "failed to sign in",
  "auth.sign_in_throttled": "was asked to wait before signing in again",
  "auth.sign_in_refused": "was sent to their set-up link (two-step sign-in had been reset)",
  "auth.sign_out": "signed out",
  "auth.password_set": "set a new password",
  "settings.updated": "changed the site settings",
  "settings.maintenance_on": "turned maintenance mode on",
  "settings.maintenance_off": "turned maintenance mode off",
  "settings.image_updated": "uploaded a new image",
  "settings.image_removed": "removed an image",
  "settings.retention": "changed how long submissions are kept",
  "staff.access_granted": "gave staff access",
  "staff.access_revoked": "removed staff access",
  "staff.role_changed": "changed a staff role",
  "staff.invited": "invited a new member of staff",
  "staff.password_reset_link": "made a password reset link",
  "auth.password_reset_requested": "asked for a password reset link",
  "staff.first_administrator_created": "created the first administrator account",
  "event.create": "created an event",
  "event.update": "updated an event",
  "event.updated": "updated an event",
  "event.activate": "made an event active",
  "event.deactivate": "made an event inactive",
  "event.delete": "deleted an event",
  "event.ticket_types": "changed an event's ticket types",
  "discount_code.create": "created a discount code",
  "discount_code.delete": "deleted a discount code",
  "craft_fair.create": "created a craft fair",
  "craft_fair.update": "updated a craft fair",
  "craft_fair.activate": "made a craft fair active",
  "craft_fair.deactivate": "made a craft fair inactive",
  "craft_fair.delete": "deleted a craft fair",
  "news.created": "wrote a news post",
  "news.updated": "updated a news post",
  "news.deleted": "deleted a news post",
  "news.image_uploaded": "uploaded an image for a news post",
  "page_texts.updated": "changed the texts of a page",
  "page_texts.restored": "restored an earlier version of a page's texts",
  "legal_page.updated": "updated a legal page",
  "faq.created": "added a question to the FAQ",
  "faq.updated": "updated a question in the FAQ",
  "faq.moved": "moved a question in the FAQ",
  "faq.shown": "showed a question in the FAQ",
  "faq.hidden": "hid a question from the FAQ",
  "faq.deleted": "deleted a question from the FAQ",
  "contact.updated": "changed the contact details",
  "award_round.updated": "changed the awards round",
  "award_winner.created": "added an award winner",
  "award_winner.updated": "updated an award winner",
  "award_winner.deleted": "deleted an award winner",
  "staff.name_changed": "changed their name",
  "staff.permission_granted": "gave a member of staff a permission",
  "staff.permission_withdrawn": "withdrew a permission from a member of staff",
  "staff.second_factor_reset": "reset someone's two-step sign-in",
  "access.denied": "was refused a page they may not use",
  "auth.password_changed": "changed their password",
  "auth.password_change_failed": "failed to change their password",
  "auth.reauthenticated": "confirmed their password",
  "auth.reauthentication_failed": "failed to confirm their password",
  "auth.second_factor_enrolled": "set up two-step sign-in",
  "auth.second_factor_removed": "turned off two-step sign-in",
  "auth.second_factor_verified": "signed in with a code",
  "auth.second_factor_failed": "entered a wrong sign-in code",
  "auth.second_factor_paused": "had sign-in codes paused after wrong codes",
  "auth.recovery_codes_replaced": "made new recovery codes",
  "auth.passkey_added": "added a passkey",
  "auth.passkey_removed": "removed a passkey",
  "auth.passkey_failed": "tried a passkey that did not sign in",
  "auth.session_ended": "ended a session",
  "auth.sessions_ended": "ended their other sessions",
  "settings.audit_retention": "changed how long the audit log is kept",
  "settings.giving": "changed the giving settings",
  "settings.donation_fees": "changed the processing fees donors may cover",
  "settings.financial_year": "changed the month the financial year starts",
  "settings.two_factor_optional": "made two-step sign-in optional for editors",
  "donations.export": "exported donations",
  "booking.checked_in": "checked a booking in at the door",
  "booking.cancelled": "cancelled a booking",
  "booking.refunded": "refunded a booking",
  "booking.export": "exported an event's bookings",
  "booking.erase": "erased a person's name and email from bookings",
  "waitlist.offered": "offered waitlist places by hand",
  "waitlist.removed": "removed someone from a waitlist",
  "waitlist.erase": "erased a person's name and email from waitlists",
  "event.series_created": "created a series of events",
  "event.series_updated": "updated this and the later dates of a series",
  "event.date_cancelled": "cancelled an event date and its bookings",
  "donations.erase": "erased a donor's details",
  "mail.resent": "sent a failed message again",
  "mail.discarded": "discarded a failed message",
  "gift_aid.claimed": "marked a Gift Aid claim as made",
  "gift_aid.claim_undone": "undid a Gift Aid claim",
  "gift_aid.declaration_cancelled": "cancelled a Gift Aid declaration",
  "gift_aid.schedule_export": "downloaded a Gift Aid schedule",
  "donations.offline_recorded": "recorded a gift made off the site",
  "donations.collection_recorded": "recorded a collection of small donations",
  "gift_aid.record_sent": "recorded the written record of a spoken declaration as sent",
  "gift_aid.small_donations_claimed": "marked a Small Donations Scheme claim as made",
  "appeal.saved": "saved an appeal",
  "appeal.update_posted": "posted an appeal update",
  "settings.two_factor_required": "made two-step sign-in required for everyone",
  "submissions.retention_delete": "deleted form submissions past their retention period",
  "submissions.erase": "erased a person's form submissions",
  "submissions.export": "exported form submissions",
  "submission.status": "changed a form submission's status",
  "submission.note": "added a note to a form submission",
  "audit_log.retention_delete": "deleted audit log entries past their retention period",
  "media.uploaded": "uploaded a file to the media library",
  "media.updated": "updated a file in the media library",
  "media.deleted": "deleted a file from the media library",
  "personal_data.export": "exported a person's data",
  "staff.user_created": "created an account from the command line",
  "mail.erase": "removed a person's queued and failed mail",
  "retention.run": "applied the retention periods",
  "settings.complaint_response_days": "changed how soon data-protection complaints are answered",
  "settings.retention_periods": "changed how long records are kept",
  "complaint.received": "received a data-protection complaint",
  "complaint.status": "changed a complaint's status",
  "complaint.responsible": "changed who answers a complaint",
  "complaint.note": "added a note to a complaint",
  "complaint.outcome_not_sent": "wrote a complaint's outcome, which could not be emailed",
  "complaint.outcome_sent": "emailed a complaint's outcome",
  "data_protection.reminders": "sent data-protection deadline reminders",
  "request.recorded": "recorded a request about a person's data",
  "request.extended": "extended the deadline of a request about a person's data",
  "request.answered": "recorded the answer to a request about a person's data",
  "newsletter.create": "wrote a newsletter",
  "newsletter.update": "changed a newsletter",
  "newsletter.delete": "deleted a newsletter draft",
  "newsletter.test": "sent a test of a newsletter to themselves",
  "newsletter.send": "started sending a newsletter",
  "newsletter.schedule": "scheduled a newsletter",
  "newsletter.unschedule": "took a newsletter off the schedule",
  "newsletter.publish": "published a newsletter in the public archive",
  "newsletter.unpublish": "took a newsletter out of the public archive",
  "supporters.erase": "erased a supporter record",
  "supporters.note": "added a note to a supporter",
  "supporters.tag": "tagged a supporter",
  "supporters.untag": "removed a tag from a supporter",
  "supporters.merge": "merged two supporter records",
  "supporters.unsubscribe": "unsubscribed a supporter from email news at their request",
  "supporters.clear_refusal": "cleared a supporter's refused-address mark",
  "supporters.export": "exported supporters",
  "volunteering.attendance": "recorded who came to a volunteer shift",
  "volunteering.check": "recorded a volunteer's background check",
  "volunteering.erase": "erased a volunteer's details",
  "volunteering.from-submission": "made a volunteer from a volunteer offer",
  "volunteering.hours.export": "exported volunteer hours",
  "volunteering.opportunity.create": "added a volunteering opportunity",
  "volunteering.opportunity.update": "updated a volunteering opportunity",
  "volunteering.opportunity.delete": "deleted a volunteering opportunity",
  "volunteering.role-checks": "changed which volunteer roles need a background check",
  "volunteering.settings": "changed when volunteer shifts close",
  "volunteering.shifts.add": "added volunteer shifts",
  "volunteering.shift.places": "changed the places on a volunteer shift",
  "volunteering.shift.delete": "deleted a volunteer shift",
  "volunteering.signup.add": "added someone to a volunteer shift",
  "volunteering.signup.move": "moved someone to another volunteer shift",
  "volunteering.signup.remove": "removed someone from a volunteer shift",
} as const satisfies Record<string, string>;

/** Every action the audit log can record; `recordAudit` takes only these, so each has its sentence. */
export type AuditAction = keyof typeof AUDIT_PHRASES;

/** hero_title → "Hero title". */
const fieldLabel = (name: string) => {
  const words = name.replace(/_url$/, " link").replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function describeAction(actor: string | null, action: string): string {
  const phrase = (AUDIT_PHRASES as Record<string, string>)[action] ?? action.replace(/[._]/g, " ");
  return `${actor ?? "The system"} ${phrase}`;
}

/** What each kind of record is called. */
const RECORD_NAMES: Record<string, string> = {
  user: "Staff member",
  session: "Session",
  site_settings: "Site settings",
  form_submission: "Form submission",
  event: "Event",
  craft_fair: "Craft fair",
  media: "Media",
  booking: "Booking",
  award_winner: "Award winner",
  award_round: "Awards round",
  mail: "Email",
  gift_aid_claim: "Gift Aid claim",
  appeal: "Appeal",
  small_donation_claim: "Small donations claim",
  gift_aid_declaration: "Gift Aid declaration",
  donation: "Donation",
  volunteer_role: "Volunteer role",
  trustee: "Trustee",
  page: "Page texts",
  news_post: "News post",
  news_image: "News image",
  legal_page: "Legal page",
  giving_settings: "Giving settings",
  gallery_image: "Gallery image",
  fund_recipient: "Fund recipient",
  faq: "FAQ",
  contact_details: "Contact details",
  cause: "Cause",
  annual_report: "Annual report",
  audit_log: "Audit log",
};

/** Records that exist once: their id says nothing. */
const SINGLE_RECORDS = new Set(["site_settings", "giving_settings", "contact_details", "award_round", "audit_log"]);

/**
 * The record an entry is about, in words: "Site settings", "Staff member jane@example.org",
 * "Event: Summer Fair". `names` gives staff members' emails by user id (the loader reads
 * them); a record's own name comes from the entry's details (title, name or email).
 */
export function describeRecord(entity: string | null, id: string | null, details: Record<string, unknown> | null | undefined, names: ReadonlyMap<string, string> = new Map()): string {
  if (!entity) return "";
  const kind = RECORD_NAMES[entity] ?? fieldLabel(entity);
  if (SINGLE_RECORDS.has(entity)) return kind;
  const own = [details?.title, details?.name, details?.email, details?.reference].find((v): v is string => typeof v === "string" && v !== "");
  const name = (id && names.get(id)) ?? own;
  if (name) return `${kind}: ${name}`;
  // A long technical id (a user's or session's) means nothing to staff.
  if (!id || id.length > 12) return kind;
  return entity === "page" || entity === "legal_page" ? `${kind}: ${fieldLabel(id)}` : `${kind} ${id}`;
}

export function describeDetails(details: Record<string, unknown> | null | undefined): string {
  if (!details) return "";
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => {
      if (key === "changed" && Array.isArray(value)) return value.length ? `changed: ${value.map((v) => fieldLabel(String(v))).join(", ")}` : "nothing changed";
      if (key.endsWith("_pence") && typeof value === "number") return `${fieldLabel(key.replace(/_pence$/, ""))}: ${formatPence(value, "exact")}`;
      const shown = Array.isArray(value) ? value.map(String).join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
      return `${fieldLabel(key)}: ${shown}`;
    })
    .join("; ");
}
