/**
 * The content types: everything staff edit that a public page shows, declared once. Each
 * hand-kept list the site used to need is derived from this registry:
 *
 * - the content topics (CONTENT_TOPICS, app/live/content-topics.ts) and which database tables
 *   publish under which topic (TABLE_TOPICS, app/live/read-topics.server.ts);
 * - the tables ordered by hand, which the one move up/down mechanism accepts
 *   (OrderedTable, app/domain/listings/reorder.server.ts);
 * - the revision types History keeps (REVISION_TYPES, app/domain/revisions);
 * - the audit kinds, their labels, and the usual sentences of a content type's actions
 *   ("added a trustee", "moved a trustee" ...; app/domain/audit/describe.ts);
 * - where the media library looks for the items in use, which screen edits a row using
 *   one, and the media backfill (app/features/media, app/db/media-backfill.server.ts);
 * - the sitemap's pages, and the admin menu entry of each type's list screen
 *   (`handle = contentMenu("trustees")`).
 *
 * Browser-safe and plain data: the platform reads it, it imports nothing of a feature.
 * `tests/unit/content-types.test.ts` fails when a declared type is missing from a derived
 * place. docs/conventions.md has the recipe for a new type.
 */
import type { MenuGroup, MenuHandle } from "./admin-menu.ts";

/** A column holding the address of a media library item. */
interface MediaColumn {
  /** The table, when not the type's first. */
  table?: string;
  column: string;
  /** "image" (default) or "pdf". */
  kind?: "image" | "pdf";
  /** The column naming the row (shown in "where is it used"). */
  title: string;
  /** The row's alt text column; without one the image was shown as decorative. */
  alt?: string;
  /** The row's id column, when not `id`. */
  id?: string;
}

export interface ContentType {
  /** What the type is called in the plural ("Trustees"): the menu label unless `menu.label` says otherwise. */
  label: string;
  /** One row, as the media library names it ("Trustee"). */
  singular: string;
  /** The content topic its changes are published under (several types may share one). */
  topic: string;
  /** Its database tables (the first is its own), whose reads a page depends on. */
  tables: readonly string[];
  /** Ordered by hand (a `sort_order` column): move up/down through `moveInOrder`; `group`: ordered within a column's value. */
  ordered?: { group?: string };
  /** The type's name in History (`recordRevision(type, ...)`). */
  revision?: string;
  /** The columns holding media library addresses. */
  media?: readonly MediaColumn[];
  /** The admin screen that edits one row (`:id` is the row's id). */
  edit?: string;
  /** The public pages that list it, for the sitemap. */
  sitemap?: readonly string[];
  /** The admin list screen's place in the menu. */
  menu?: { group: Exclude<MenuGroup, null>; order: number; label?: string };
  /**
   * Its audit kind (the action's prefix), with the kind's label in the audit log's filter,
   * and, with `noun`, the usual actions whose sentences are made from it ("added a trustee").
   */
  audit?: { kind: string; label: string; noun?: string; actions?: readonly StandardAction[] };
}

/** The usual actions on a row of a list, with the sentences made from the type's noun. */
const STANDARD_PHRASES = {
  created: (noun: string) => `added ${noun}`,
  updated: (noun: string) => `updated ${noun}`,
  moved: (noun: string) => `moved ${noun}`,
  shown: (noun: string) => `showed ${noun} on the website`,
  hidden: (noun: string) => `hid ${noun} from the website`,
  deleted: (noun: string) => `deleted ${noun}`,
} as const;
type StandardAction = keyof typeof STANDARD_PHRASES;
const LIST_ACTIONS = ["created", "updated", "moved", "shown", "hidden", "deleted"] as const satisfies readonly StandardAction[];

export const CONTENT_TYPES = {
  events: {
    label: "Events",
    singular: "Event",
    topic: "events",
    tables: ["events", "bookings", "waitlist_entries"],
    media: [{ column: "image", title: "title" }],
    edit: "/admin/events/edit/:id",
    sitemap: ["/events"],
    menu: { group: "What's on", order: 10 },
    audit: { kind: "event", label: "Events" },
  },
  "craft-fairs": {
    label: "Craft fairs",
    singular: "Craft fair",
    topic: "craft-fairs",
    tables: ["craft_fairs"],
    media: [{ column: "image", title: "title" }],
    edit: "/admin/craft-fairs/edit/:id",
    sitemap: ["/craft-fairs"],
    menu: { group: "What's on", order: 30, label: "Craft Fairs" },
    audit: { kind: "craft_fair", label: "Craft fairs" },
  },
  "craft-fair-gallery": {
    label: "Craft fair gallery",
    singular: "Craft fair gallery",
    topic: "craft-fair-gallery",
    tables: ["craft_fair_gallery"],
    ordered: {},
    revision: "gallery-image",
    media: [{ column: "image", title: "image_alt", alt: "image_alt" }],
    edit: "/admin/craft-fair-gallery/edit/:id",
    menu: { group: "What's on", order: 40 },
    audit: { kind: "gallery_image", label: "Craft fair gallery", noun: "a craft fair gallery image", actions: LIST_ACTIONS },
  },
  settings: {
    label: "Settings",
    singular: "Settings",
    topic: "settings",
    tables: ["site_settings", "giving_settings", "donation_fee_settings"],
    audit: { kind: "settings", label: "Settings" },
  },
  "page-texts": {
    label: "Page texts",
    singular: "Page texts",
    topic: "page-texts",
    tables: ["page_texts"],
    revision: "page",
    menu: { group: "Pages and news", order: 10 },
    audit: { kind: "page_texts", label: "Page texts" },
  },
  news: {
    label: "News",
    singular: "News post",
    topic: "news",
    tables: ["news_posts"],
    revision: "news",
    media: [{ column: "image", title: "title", alt: "image_alt" }],
    edit: "/admin/news/edit/:id",
    sitemap: ["/news"],
    menu: { group: "Pages and news", order: 12 },
    audit: { kind: "news", label: "News" },
  },
  causes: {
    label: "Causes",
    singular: "Cause",
    topic: "causes",
    tables: ["causes", "donations", "donation_totals"],
    ordered: {},
    revision: "cause",
    media: [{ column: "image", title: "title", alt: "image_alt" }],
    edit: "/admin/causes/edit/:id",
    sitemap: ["/causes", "/support"],
    menu: { group: "Pages and news", order: 30 },
    audit: { kind: "cause", label: "Causes", noun: "a cause", actions: LIST_ACTIONS },
  },
  appeals: {
    label: "Appeals",
    singular: "Appeal",
    topic: "appeals",
    tables: ["appeals", "appeal_updates"],
    sitemap: ["/appeals"],
    menu: { group: "Pages and news", order: 35 },
    audit: { kind: "appeal", label: "Appeals" },
  },
  "fund-recipients": {
    label: "Fund recipients",
    singular: "Fund recipient",
    topic: "fund-recipients",
    tables: ["fund_recipients"],
    ordered: { group: "year" },
    revision: "fund-recipient",
    sitemap: ["/community-fund"],
    menu: { group: "Pages and news", order: 40 },
    audit: { kind: "fund_recipient", label: "Community Fund recipients", noun: "a Community Fund recipient", actions: LIST_ACTIONS },
  },
  "award-rounds": {
    label: "Awards",
    singular: "Awards round",
    topic: "awards",
    tables: ["award_round"],
    revision: "award-round",
    sitemap: ["/awards"],
    menu: { group: "Pages and news", order: 50 },
    audit: { kind: "award_round", label: "Awards round" },
  },
  "award-winners": {
    label: "Award winners",
    singular: "Award winner",
    topic: "awards",
    tables: ["award_winners"],
    revision: "award-winner",
    media: [{ column: "image", title: "name" }],
    edit: "/admin/awards/winners/edit/:id",
    audit: { kind: "award_winner", label: "Award winners" },
  },
  trustees: {
    label: "Trustees",
    singular: "Trustee",
    topic: "trustees",
    tables: ["trustees"],
    ordered: {},
    revision: "trustee",
    media: [{ column: "image", title: "name", alt: "image_alt" }],
    edit: "/admin/trustees/edit/:id",
    sitemap: ["/trustees"],
    menu: { group: "Rarely changed", order: 60 },
    audit: { kind: "trustee", label: "Trustees", noun: "a trustee", actions: LIST_ACTIONS },
  },
  sponsors: {
    label: "Sponsors",
    singular: "Sponsor",
    topic: "sponsors",
    tables: ["sponsors"],
    ordered: {},
    revision: "sponsor",
    media: [{ column: "image", title: "name", alt: "image_alt" }],
    edit: "/admin/sponsors/edit/:id",
    menu: { group: "Rarely changed", order: 65 },
    audit: { kind: "sponsor", label: "Sponsors", noun: "a sponsor", actions: LIST_ACTIONS },
  },
  "annual-reports": {
    label: "Annual reports",
    singular: "Annual report",
    topic: "annual-reports",
    tables: ["annual_reports"],
    revision: "annual-report",
    media: [{ column: "file", kind: "pdf", title: "title" }],
    edit: "/admin/annual-reports/edit/:id",
    menu: { group: "Rarely changed", order: 70 },
    audit: { kind: "annual_report", label: "Annual reports", noun: "an annual report", actions: ["created", "updated", "shown", "hidden", "deleted"] },
  },
  "volunteer-roles": {
    label: "Volunteer roles",
    singular: "Volunteer role",
    topic: "volunteer-roles",
    tables: ["volunteer_roles"],
    ordered: {},
    revision: "volunteer-role",
    menu: { group: "Rarely changed", order: 80 },
    audit: { kind: "volunteer_role", label: "Volunteer roles", noun: "a volunteer role", actions: LIST_ACTIONS },
  },
  faqs: {
    label: "FAQ",
    singular: "FAQ",
    topic: "faqs",
    tables: ["faqs"],
    ordered: {},
    revision: "faq",
    menu: { group: "Rarely changed", order: 90 },
    audit: { kind: "faq", label: "FAQ" },
  },
  contact: {
    label: "Contact details",
    singular: "Contact details",
    topic: "contact",
    tables: ["contact_details"],
    menu: { group: "Rarely changed", order: 100 },
    audit: { kind: "contact", label: "Contact details" },
  },
  "legal-pages": {
    label: "Legal pages",
    singular: "Legal page",
    topic: "legal-pages",
    tables: ["legal_pages"],
    revision: "legal-page",
    menu: { group: "Rarely changed", order: 110 },
    audit: { kind: "legal_page", label: "Legal pages" },
  },
  volunteering: {
    label: "Volunteering",
    singular: "Volunteering",
    topic: "volunteering",
    tables: ["volunteer_opportunities", "volunteer_shifts", "volunteer_signups", "volunteer_settings", "volunteer_role_checks"],
    menu: { group: "What's on", order: 40 },
    audit: { kind: "volunteering", label: "Volunteering" },
  },
  newsletters: {
    label: "Newsletters",
    singular: "Newsletter",
    topic: "newsletters",
    tables: ["newsletters"],
    sitemap: ["/newsletters"],
    menu: { group: "People", order: 11.5 },
    audit: { kind: "newsletter", label: "Newsletters" },
  },
} as const satisfies Record<string, ContentType>;

type Registry = typeof CONTENT_TYPES;
export type ContentTypeName = keyof Registry;
type Entry = Registry[ContentTypeName];

const entries = Object.entries(CONTENT_TYPES) as [ContentTypeName, ContentType][];

/** The content topics, in the registry's order, each once. */
export const REGISTERED_TOPICS = [...new Set(entries.map(([, type]) => type.topic))] as unknown as readonly Entry["topic"][];
export type RegisteredTopic = Entry["topic"];

/** Each content table and the topic its changes are published under. */
export const REGISTERED_TABLE_TOPICS: Readonly<Record<string, RegisteredTopic>> = Object.fromEntries(
  entries.flatMap(([, type]) => type.tables.map((table) => [table, type.topic as RegisteredTopic])),
);

/** The tables ordered by hand. */
export type OrderedTable = Extract<Entry, { ordered: object }>["tables"][0];
export const ORDERED_TABLES = entries.filter(([, type]) => type.ordered).map(([, type]) => type.tables[0]) as OrderedTable[];
/** The column a table is ordered within, if any (fund recipients: within their year). */
export const orderGroup = (table: OrderedTable): string | undefined => entries.find(([, type]) => type.tables[0] === table)?.[1].ordered?.group;

/** The content types History keeps revisions of. */
export type RegisteredRevisionType = Extract<Entry, { revision: string }>["revision"];
export const REGISTERED_REVISION_TYPES = entries.flatMap(([, type]) => (type.revision ? [type.revision] : [])) as RegisteredRevisionType[];

type AuditOf<E> = E extends { audit: infer A } ? A : never;
type WithActions = Extract<AuditOf<Entry>, { actions: readonly string[] }>;
/** The audit actions whose sentences the registry makes ("trustee.created" ...). */
export type ContentAuditAction = WithActions extends infer A ? (A extends { kind: infer K extends string; actions: readonly (infer X extends string)[] } ? `${K}.${X}` : never) : never;
export type ContentAuditKind = AuditOf<Entry>["kind"];

export const CONTENT_AUDIT_PHRASES = Object.fromEntries(
  entries.flatMap(([, { audit }]) => (audit?.noun && audit.actions ? audit.actions.map((action) => [`${audit.kind}.${action}`, STANDARD_PHRASES[action](audit.noun!)]) : [])),
) as Record<ContentAuditAction, string>;

export const CONTENT_AUDIT_KIND_LABELS = Object.fromEntries(entries.flatMap(([, { audit }]) => (audit ? [[audit.kind, audit.label]] : []))) as Record<ContentAuditKind, string>;

/** Every media column, with the type it belongs to. */
export const MEDIA_COLUMNS = entries.flatMap(([name, type]) => (type.media ?? []).map((column) => ({ type: name, table: column.table ?? type.tables[0], ...column })));

/** The public pages listing content, for the sitemap. */
export const CONTENT_SITEMAP_PATHS: readonly string[] = [...new Set(entries.flatMap(([, type]) => type.sitemap ?? []))];

/** A content type's list screen's place in the admin menu: `export const handle = contentMenu("trustees")`. */
export function contentMenu(name: ContentTypeName): MenuHandle {
  const type: ContentType = CONTENT_TYPES[name];
  if (!type.menu) throw new Error(`The content type ${name} has no place in the menu`);
  return { menu: { group: type.menu.group, label: type.menu.label ?? type.label, order: type.menu.order } };
}
