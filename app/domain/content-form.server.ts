/**
 * The save step of the event and craft fair forms, shared: read the (multipart) request,
 * validate with the form's Zod schema, store a new image only once the fields are valid,
 * save, and clean up the new image if the save fails or was a duplicate submission.
 * Replaced or removed images are deleted by the update functions.
 */
import type { z } from "zod";
import { logger } from "../lib/logger.server.ts";
import type { StoreFolder } from "../storage/file-store.server.ts";
import { deleteImage, ImageRejectedError, storeImage } from "../storage/images.server.ts";
import { readFormWithImage } from "../storage/upload.server.ts";
import { fieldErrors, formValues } from "./content-form.schema.ts";

export const FORM_META_FIELDS = ["submission_id", "remove_image"] as const;

export type FormFailure = {
  status: "invalid";
  errors: Record<string, string>;
  values: Record<string, string>;
  formError?: string;
};

export type SaveOutcome =
  | FormFailure
  | { status: "saved"; id: number }
  | { status: "duplicate"; id: number }
  | { status: "not-found" };

export async function saveContentForm<S extends z.ZodType>(options: {
  request: Request;
  schema: S;
  fields: readonly string[];
  folder: StoreFolder;
  /** "Failed to create event" / "Failed to update craft fair", for unexpected failures. */
  failure: string;
  /** image: a new URL, null to remove, undefined to keep. */
  save: (
    data: z.output<S>,
    image: string | null | undefined,
    submissionId: string,
  ) => Promise<{ id: number; duplicate?: boolean } | null>;
}): Promise<SaveOutcome> {
  const read = await readFormWithImage(options.request);
  if (!read.ok) return { status: "invalid", errors: { image: `Image upload failed: ${read.error}` }, values: {} };

  const values = formValues(read.formData, [...options.fields, ...FORM_META_FIELDS]);
  const parsed = options.schema.safeParse(values);
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error), values };

  let uploaded: string | undefined;
  if (read.image) {
    try {
      uploaded = await storeImage(options.folder, read.image);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        return { status: "invalid", errors: { image: `Image upload failed: ${error.message}` }, values };
      }
      throw error;
    }
  }
  const image = uploaded ?? (values.remove_image === "1" ? null : undefined);

  try {
    const result = await options.save(parsed.data, image, values.submission_id);
    if (!result) {
      await deleteImage(uploaded);
      return { status: "not-found" };
    }
    if (result.duplicate) {
      await deleteImage(uploaded);
      return { status: "duplicate", id: result.id };
    }
    return { status: "saved", id: result.id };
  } catch (error) {
    await deleteImage(uploaded);
    logger.error({ err: error }, options.failure);
    return { status: "invalid", errors: {}, values, formError: `${options.failure}: Unknown error` };
  }
}
