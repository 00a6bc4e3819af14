/**
 * Comparing a revision with the current version, field by field (browser-safe). A field
 * whose name ends in `_pence` is an amount of money and reads as one ("£1,250.50").
 */
import { formatPence } from "../../lib/money.ts";

export interface FieldChange {
  field: string;
  revision: string;
  current: string;
}

const show = (field: string, value: unknown) =>
  value === null || value === undefined
    ? ""
    : typeof value === "string"
      ? value
      : field.endsWith("_pence") && typeof value === "number" && Number.isSafeInteger(value)
        ? formatPence(value, "exact")
        : JSON.stringify(value);

/** The fields whose value in the revision differs from the current one, in the revision's order. */
export function compareRevision(revision: Record<string, unknown>, current: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(revision), ...Object.keys(current)])];
  return fields
    .map((field) => ({ field, revision: show(field, revision[field]), current: show(field, current[field]) }))
    .filter((change) => change.revision !== change.current);
}
