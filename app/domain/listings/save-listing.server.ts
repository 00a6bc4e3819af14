/**
 * The save step of the staff forms with an image, shared: validate the submitted values
 * with the form's Zod schema, store a new upload (into the media library) only once the
 * fields are valid, save, and take the upload out again if the save fails or was a
 * duplicate submission. Images that are replaced or removed stay in the media library.
 * The route reads the request (app/domain/listings/listing-form.server.ts) and shapes the answer.
 */
import type { z } from "zod";
import { logger } from "../../lib/logger.server.ts";
import { MediaRejectedError } from "../../features/media/index.ts";
import { firstIssues } from "../../lib/form-submission.ts";

/** Fields every such form posts besides its own: the duplicate guard and the media field's (app/domain/listings/media-field.server.ts). */
export const FORM_META_FIELDS = ["submission_id", "media_id", "media_alt", "media_decorative"] as const;

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

/**
 * The image a form asks for: keep the current one, remove it, one already in the media
 * library (by address), or a new upload, stored (and discarded again) on demand.
 */
export type ImageChoice =
  | { kind: "keep" }
  | { kind: "remove" }
  | { kind: "pick"; url: string }
  | { kind: "upload"; store: () => Promise<{ url: string; discard: () => Promise<unknown> }> };

export interface ListingSubmission {
  /** The form's fields (including FORM_META_FIELDS), as submitted. */
  values: Record<string, string>;
  image: ImageChoice;
}

export async function saveListing<S extends z.ZodType>(
  submission: ListingSubmission,
  options: {
    schema: S;
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
  if (!parsed.success) return { status: "invalid", errors: firstIssues(parsed.error), values };
  const choice = submission.image;
  const problems = await options.check?.(parsed.data, {
    uploading: choice.kind === "upload" || choice.kind === "pick",
    removing: choice.kind === "remove",
  });
  if (problems) return { status: "invalid", errors: problems, values };

  let uploaded: { url: string; discard: () => Promise<unknown> } | undefined;
  if (choice.kind === "upload") {
    try {
      uploaded = await choice.store();
    } catch (error) {
      if (error instanceof MediaRejectedError) {
        return { status: "invalid", errors: { image: `Image upload failed: ${error.message}` }, values };
      }
      throw error;
    }
  }
  const image = uploaded?.url ?? (choice.kind === "pick" ? choice.url : choice.kind === "remove" ? null : undefined);
  const discard = () => uploaded?.discard();

  try {
    const result = await options.save(parsed.data, image, values.submission_id);
    if (!result) {
      await discard();
      return { status: "not-found" };
    }
    if (result.duplicate) {
      await discard();
      return { status: "duplicate", id: result.id };
    }
    return { status: "saved", id: result.id };
  } catch (error) {
    await discard();
    if (error instanceof FieldsRefusedError) return { status: "invalid", errors: error.errors, values };
    logger.error({ err: error }, options.failure);
    return { status: "invalid", errors: {}, values, formError: `${options.failure}: Unknown error` };
  }
}
