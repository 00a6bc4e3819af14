/**
 * The one reply shape of a refused form, as screens read it (browser-light: no form library
 * or Zod, so a screen that only reads a reply loads neither). The server writes it with
 * `parseForm` / `refusedForm` (form-submission.ts); docs/decisions/287.
 */
import type { SubmissionResult } from "@conform-to/react";

/** Conform's reply: one list of messages per field, `""` for the whole form, and the values as typed. */
export type FormReply = SubmissionResult<string[]>;

/** A public form's refusal: Conform's reply, or the per-address limit (a box of its own). */
export type PublicReply = FormReply | { limited: true };

/** The answer of a screen with several forms: which form was refused (`intent`) and Conform's reply. */
export interface IntentReply {
  intent: string;
  reply: FormReply;
}

/**
 * The messages and posted values of form `intent`, when it was the one refused (nothing
 * otherwise): `error(name)` per field, `formError` for the whole form; `errors` has them
 * all (the form's own under `_form`) and `values` the text values as posted.
 */
export function replyFor(answer: IntentReply | undefined, intent: string) {
  const reply = answer?.intent === intent ? answer.reply : undefined;
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (messages?.[0]) errors[name || "_form"] = messages[0];
  const values: Record<string, string> = {};
  for (const [name, v] of Object.entries(reply?.initialValue ?? {})) if (typeof v === "string") values[name] = v;
  return { error: (name: string) => reply?.error?.[name]?.[0], value: (name: string): string | undefined => values[name], formError: reply?.error?.[""]?.[0], errors, values };
}

/** The messages and posted values of a screen's one form's reply (as `replyFor` reads a form of several). */
export function readFormReply(reply: FormReply | undefined) {
  return replyFor(reply && { intent: "", reply }, "");
}
