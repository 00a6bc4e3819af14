/**
 * Comparing a revision with the current version, field by field (browser-safe).
 */
export interface FieldChange {
  field: string;
  revision: string;
  current: string;
}

const show = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

/** The fields whose value in the revision differs from the current one, in the revision's order. */
export function compareRevision(revision: Record<string, unknown>, current: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(revision), ...Object.keys(current)])];
  return fields
    .map((field) => ({ field, revision: show(revision[field]), current: show(current[field]) }))
    .filter((change) => change.revision !== change.current);
}
