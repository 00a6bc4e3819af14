/**
 * The one way admin forms are read (browser-safe: the same code checks as the user types
 * and on the server). Conform's `parseWithZod` reads the FormData; the form's Zod schema
 * sees every field as a string ("" when missing, as an unticked checkbox is), the way the
 * schemas are written. The server answers a refused form with `submission.reply()` (or
 * `refusedForm`), which Conform's `useForm` takes back as `lastResult`.
 */
import type { FormReply } from "./form-reply.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { formValues } from "../domain/listings/listing-fields.schema.ts";

export type { FormReply, PublicReply } from "./form-reply.ts";

/** `schema` over the named fields of a form, each as a string. */
const formStrings = <S extends z.ZodType>(schema: S, fields: readonly string[]) =>
  z.preprocess((value) => formValues((value ?? {}) as Record<string, unknown>, fields), schema) as unknown as z.ZodType<z.output<S>, Record<string, string>>;

/** Reads a posted form with Conform and the form's schema. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S, fields: readonly string[]) {
  return parseWithZod(formData, { schema: formStrings(schema, fields), disableAutoCoercion: true });
}

/**
 * The answer to a form that could not be read at all (an upload the server refused
 * before the fields, or a public form read by its own light code): one message per field,
 * `_form` for the whole form, and the values to show again. A form read with `parseForm`
 * answers with `submission.reply()`, which carries the values as typed itself.
 */
export function refusedForm(errors: Record<string, string>, values: Record<string, string | string[]> = {}): FormReply {
  const { formErrors, fieldErrors } = replyErrors(errors);
  return { status: "error", initialValue: values, error: formErrors ? { ...fieldErrors, "": formErrors } : fieldErrors };
}

/** The key of a message about the whole form, not one field. */
const FORM_ERROR = "_form";

/**
 * Zod's issues as one message per field (the first), keyed by the field's name; an issue
 * with no field (a check across fields without a path) is the form's own, under `_form`.
 * The one flattener: `refusedForm` / `replyErrors` take its result as it is.
 */
export function firstIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? FORM_ERROR)] ??= issue.message;
  return out;
}

/** One message per field (`_form`: the form's own) → the options of `submission.reply()`. */
export function replyErrors(errors: Record<string, string>, formError?: string) {
  const { _form, ...fields } = errors;
  const form = formError ?? _form;
  return {
    fieldErrors: Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]])),
    formErrors: form ? [form] : undefined,
  };
}
