/**
 * Reading a public form post (volunteer, stall application, nomination): the post is
 * counted against the sender's limit first (app/domain/submissions), and only then is
 * its body read, through the one form reader (app/storage/upload.server.ts), at most
 * `maxBytes` whatever Content-Length claims (413 beyond).
 */
import { data } from "react-router";
import { FORBIDDEN_CHARACTER_MESSAGE, type FormRefusal } from "../../lib/plain-text.ts";
import { countPublicFormPost } from "./submissions.server.ts";
import type { SubmissionKind } from "./submission-labels.ts";
import { FORM_LIMITS, readForm } from "../../storage/upload.server.ts";

export type PublicFormRead =
  | { status: "rate-limited" }
  | { status: "read"; formData: FormData; /** Takes the post back from the count (it was no submission). */ release: () => Promise<void> };

export async function readPublicFormPost(kind: SubmissionKind, request: Request, ip: string): Promise<PublicFormRead> {
  const counted = await countPublicFormPost(kind, ip);
  if (!counted.allowed) {
    await request.body?.cancel().catch(() => {});
    return { status: "rate-limited" };
  }
  return { status: "read", formData: await readFormData(request), release: counted.release };
}

/** A request's form data, refusing bodies over `maxBytes` (HTTP 413) whatever the Content-Length header claims. */
export async function readFormData(request: Request, maxBytes: number = FORM_LIMITS.publicForm.maxTotalSize): Promise<FormData> {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFileSize: maxBytes, maxTotalSize: maxBytes });
  if (read.ok) return read.formData;
  if (read.problem === "too-large") throw new Response("The form is too large.", { status: 413 });
  if (read.problem === "control-character") throw data({ formRefused: FORBIDDEN_CHARACTER_MESSAGE } satisfies FormRefusal, { status: 400 });
  throw new Response("The form could not be read.", { status: 400 });
}
