import { randomBytes } from "node:crypto";

/** A short, readable, unguessable reference such as "DPC-7KQ2MX9P". */
export function newReference(prefix: "DPC" | "DPR"): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let code = "";
  for (const b of randomBytes(8)) code += alphabet[b % alphabet.length];
  return `${prefix}-${code}`;
}

/** Whether a database error is a unique violation (a reference drawn twice). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { cause?: { code?: string }; code?: string };
  return (e.cause?.code ?? e.code) === "23505";
}
