/** Kinds of audit log entries (the action prefix before the first dot), for filters. */
export const AUDIT_KINDS = ["auth", "access", "staff", "settings", "event", "craft_fair", "submission", "booking", "audit_log"] as const;
