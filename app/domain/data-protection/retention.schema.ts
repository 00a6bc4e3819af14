/**
 * The data protection screen's forms (browser-safe: the screen checks them as the server
 * does): retention periods, and the email address of the person whose data is looked up.
 */
import { z } from "zod";
import { RETENTION_MONTHS_MAX, SUBMISSION_KINDS } from "../../features/submissions/submission-labels.ts";

export const AUDIT_RETENTION_MONTHS_MIN = 12;

const months = z.coerce
  .number({ message: "Please enter a number of months" })
  .int("Please enter a whole number of months")
  .min(1, "Keep submissions for at least 1 month")
  .max(RETENTION_MONTHS_MAX, `Please enter no more than ${RETENTION_MONTHS_MAX} months`);
export const RetentionSchema = z.object({ volunteer: months, stall_application: months, nomination: months });

export const AuditRetentionSchema = z.coerce
  .number({ message: "Please enter a number of months" })
  .int("Please enter a whole number of months")
  .min(AUDIT_RETENTION_MONTHS_MIN, `Keep the audit log for at least ${AUDIT_RETENTION_MONTHS_MIN} months`)
  .max(RETENTION_MONTHS_MAX, `Please enter no more than ${RETENTION_MONTHS_MAX} months`);

/** The Retention periods form: one period per kind of submission, and the audit log's. */
export const RetentionFormSchema = RetentionSchema.extend({ audit_log: AuditRetentionSchema });
export const RETENTION_FIELDS = [...SUBMISSION_KINDS, "audit_log"] as const;

export const EmailLookupSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Please enter an email address")
  .max(254, "Please enter an email address")
  .pipe(z.email({ message: "Please enter a valid email address" }));

/** The Find form. */
export const LookupFormSchema = z.object({ email: EmailLookupSchema });

const ERASE_CONFIRM_MESSAGE = "Type the email address again to confirm the erasure";

/** The Erase form: the address looked up, typed again to confirm. */
export const EraseFormSchema = z
  .object({ email: EmailLookupSchema, confirm: z.string() })
  .refine((form) => form.confirm.trim().toLowerCase() === form.email, { path: ["confirm"], message: ERASE_CONFIRM_MESSAGE });
