/**
 * The save step of the event and craft fair forms, shared: validate the submitted
 * values with the form's Zod schema, store a new image only once the fields are valid,
 * save, and clean up the new image if the save fails or was a duplicate submission.
 * Replaced or removed images are deleted by the update functions. The route reads the
 * request (app/routes/admin/listing-form.server.ts) and shapes the answer.
 */
import type { z } from "zod";
import { logger } from "../../lib/logger.server.ts";
import type { StoreFolder } from "../../storage/file-store.server.ts";
import { deleteImage, ImageRejectedError, storeImage } from "../../storage/images.server.ts";
import { fieldErrors } from "./listing-fields.schema.ts";

export const FORM_META_FIELDS = ["submission_id", "remove_image"] as const;

/**
 * Thrown by a save function that refuses the values after reading the database inside its
 * transaction (a rule the form cannot check alone): the form shows the field messages and
 * nothing is saved.
 */
export class FieldsRefusedError extends Error {
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super(Object.values(errors).join(" "));
    this.errors = errors;
  }
}

type FormFailure = {
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

export interface ListingSubmission {
  /** The form's fields (including FORM_META_FIELDS), as submitted. */
  values: Record<string, string>;
  /** The bytes of a newly chosen image, if any. */
  image: Uint8Array | null;
}

export async function saveListing<S extends z.ZodType>(
  submission: ListingSubmission,
  options: {
    schema: S;
    folder: StoreFolder;
    /** "Failed to create event" / "Failed to update craft fair", for unexpected failures. */
    failure: string;
    /** Rules across fields and the image (after the schema): field errors, or null. */
    check?: (data: z.output<S>, image: { uploading: boolean; removing: boolean }) => Promise<Record<string, string> | null>;
    /** image: a new URL, null to remove, undefined to keep. */
    save: (
      data: z.output<S>,
      image: string | null | undefined,
      submissionId: string,
    ) => Promise<{ id: number; duplicate?: boolean } | null>;
  },
): Promise<SaveOutcome> {
  const { values } = submission;
  const parsed = options.schema.safeParse(values);
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error), values };
  const problems = await options.check?.(parsed.data, { uploading: submission.image !== null, removing: values.remove_image === "1" });
  if (problems) return { status: "invalid", errors: problems, values };

  let uploaded: string | undefined;
  if (submission.image) {
    try {
      uploaded = await storeImage(options.folder, submission.image);
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
    if (error instanceof FieldsRefusedError) return { status: "invalid", errors: error.errors, values };
    logger.error({ err: error }, options.failure);
    return { status: "invalid", errors: {}, values, formError: `${options.failure}: Unknown error` };
  }
}
