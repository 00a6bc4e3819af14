/**
 * The action of a plain staff form without an image (legal pages, FAQ, contact details,
 * awards): reads the posted fields, checks them with the form's Zod schema, and either
 * answers with the field errors and the values as typed (400, nothing saved) or saves
 * and goes back with a toast.
 */
import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors, formValues } from "../../domain/listings/listing-fields.schema.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

export async function simpleFormAction<S extends z.ZodType>(
  source: Request | FormData,
  screen: { schema: S; fields: readonly string[]; save: (input: z.output<S>) => Promise<unknown>; redirectTo: string; saved: string },
) {
  const values = formValues(source instanceof FormData ? source : await source.formData(), screen.fields);
  const parsed = screen.schema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await screen.save(parsed.data);
  if (result === null) return redirectWithToast(screen.redirectTo, { type: "error", message: "That item could not be found" });
  return redirectWithToast(screen.redirectTo, { type: "success", message: screen.saved });
}
