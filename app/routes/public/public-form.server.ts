/**
 * Reading a public form post (volunteer, stall application, nomination): the post is
 * counted against the sender's limit first (app/domain/submissions), and only then is
 * its body read, at most `maxBytes` whatever Content-Length claims (413 beyond).
 */
import { countPublicFormPost, MAX_FORM_BYTES } from "../../domain/submissions/submissions.server.ts";
import type { SubmissionKind } from "../../domain/submissions/submission-labels.ts";

export type PublicFormRead =
  | { status: "rate-limited" }
  | { status: "read"; formData: FormData; /** Takes the post back from the count (it was no submission). */ release: () => Promise<void> };

export async function readPublicFormPost(kind: SubmissionKind, request: Request, ip: string, maxBytes = MAX_FORM_BYTES): Promise<PublicFormRead> {
  const counted = await countPublicFormPost(kind, ip);
  if (!counted.allowed) {
    await request.body?.cancel().catch(() => {});
    return { status: "rate-limited" };
  }
  return { status: "read", formData: await readFormData(request, maxBytes), release: counted.release };
}

/** A request's form data, refusing bodies over `maxBytes` (HTTP 413) whatever the Content-Length header claims. */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new Response("The form is too large.", { status: 413 });
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Response("The form is too large.", { status: 413 });
    }
    chunks.push(value);
  }
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  return new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
}
