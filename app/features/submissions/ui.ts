/**
 * The submissions' pieces other pages render (safe in the browser): the public forms'
 * option lists, the names of the kinds, a submission's kind and status as labels, and the
 * retention limits.
 */
export { AVAILABILITY_OPTIONS, CRAFT_CATEGORIES, ELECTRICITY_PRICE, NOMINATOR_RELATIONSHIPS, STALL_SIZES } from "./public-forms.ts";
export { KIND_LABELS, RETENTION_MONTHS_MAX, SUBMISSION_KINDS } from "./submission-labels.ts";
export { SubmissionBadges } from "./admin/submission-badges.tsx";
