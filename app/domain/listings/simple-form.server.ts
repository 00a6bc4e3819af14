/**
 * The action of a plain staff form without an image (legal pages, FAQ, contact details,
 * awards): reads the posted fields with Conform and the form's Zod schema, and either
 * answers with `submission.reply()` (field messages and the values as typed; 400, nothing
 * saved) or saves and goes back with a toast.
 */
import { data } from "react-router";
import type { z } from "zod";
import { parseForm } from "../../lib/form-submission.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

export async function simpleFormAction<S extends z.ZodType>(
  source: Request | FormData,
  screen: { schema: S; fields: readonly string[]; save: (input: z.output<S>) => Promise<unknown>; redirectTo: string; saved: string },
) {
  const submission = parseForm(source instanceof FormData ? source : await source.formData(), screen.schema, screen.fields);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await screen.save(submission.value);
  if (result === null) return redirectWithToast(screen.redirectTo, { type: "error", message: "That item could not be found" });
  return redirectWithToast(screen.redirectTo, { type: "success", message: screen.saved });
}
