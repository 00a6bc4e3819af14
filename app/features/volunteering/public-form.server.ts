/**
 * Reading the sign-up form: counted against the sender's limit for public forms first (the
 * same per-address limit as the volunteer offer), then read with the one form reader.
 */
import { countPublicFormPost } from "../submissions/index.ts";
import { FORM_LIMITS, readForm } from "../../storage/upload.server.ts";

export async function readSignUpPost(request: Request, ip: string): Promise<{ status: "rate-limited" } | { status: "read"; formData: FormData }> {
  const counted = await countPublicFormPost("volunteer", ip);
  if (!counted.allowed) {
    await request.body?.cancel().catch(() => {});
    return { status: "rate-limited" };
  }
  const read = await readForm(request, FORM_LIMITS.publicForm);
  if (read.ok) return { status: "read", formData: read.formData };
  if (read.problem === "too-large") throw new Response("The form is too large.", { status: 413 });
  throw new Response("The form could not be read.", { status: 400 });
}
