/** Kinds of audit log entries (the action prefix before the first dot), for filters. */
export const AUDIT_KINDS = ["auth", "staff", "settings", "event", "craft_fair", "submission"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
