/**
 * Reading a public form post stored for staff (volunteer, stall application, nomination):
 * the post is counted against the sender's limit for its kind first (submissions.server.ts),
 * and only then is its body read (readFormData, app/lib/form-post.server.ts).
 */
import { readFormData } from "../../lib/form-post.server.ts";
import { countPublicFormPost } from "./submissions.server.ts";
import type { SubmissionKind } from "./submission-labels.ts";

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
