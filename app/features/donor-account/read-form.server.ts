/** The manage page's small forms, read with the one form reader (no files). */
import { FORM_LIMITS, readForm } from "../../storage/upload.server.ts";

export async function readFormData(request: Request): Promise<FormData> {
  const read = await readForm(request, { ...FORM_LIMITS.publicForm, maxFiles: 0, maxFileSize: 16 * 1024, maxTotalSize: 16 * 1024 });
  if (read.ok) return read.formData;
  throw new Response(read.problem === "too-large" ? "The form is too large." : "The form could not be read.", { status: read.problem === "too-large" ? 413 : 400 });
}
