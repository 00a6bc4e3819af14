/**
 * Reading a public page's form post (a booking, a gift, a public form): through the one
 * form reader (app/storage/upload.server.ts), at most `maxBytes` whatever Content-Length
 * claims. A public form stored for staff is counted first: readPublicFormPost in
 * app/features/submissions.
 */
import { data } from "react-router";
import { FORBIDDEN_CHARACTER_MESSAGE, type FormRefusal } from "./plain-text.ts";
import { FORM_LIMITS, readForm } from "../storage/upload.server.ts";

/** A request's form data, refusing bodies over `maxBytes` (HTTP 413) whatever the Content-Length header claims. */
export async function readFormData(request: Request, maxBytes: number = FORM_LIMITS.publicForm.maxTotalSize): Promise<FormData> {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFileSize: maxBytes, maxTotalSize: maxBytes });
  if (read.ok) return read.formData;
  if (read.problem === "too-large") throw new Response("The form is too large.", { status: 413 });
  if (read.problem === "control-character") throw data({ formRefused: FORBIDDEN_CHARACTER_MESSAGE } satisfies FormRefusal, { status: 400 });
  throw new Response("The form could not be read.", { status: 400 });
}
