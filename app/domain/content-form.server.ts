/**
 * The save step of the event and craft fair forms, shared: read the (multipart) request,
 * validate with the form's Zod schema, store a new image only once the fields are valid,
 * save, and clean up the new image if the save fails or was a duplicate submission.
 * Replaced or removed images are deleted by the update functions. `contentFormAction` is
 * the forms' whole action around it (staff check, the answer and the spec's toasts).
 */
import { data } from "react-router";
import type { z } from "zod";
import { requireStaff, type GuardArgs } from "../auth/guards.server.ts";
import { logger } from "../lib/logger.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { StoreFolder } from "../storage/file-store.server.ts";
import { deleteImage, ImageRejectedError, storeImage } from "../storage/images.server.ts";
import { readFormWithImage } from "../storage/upload.server.ts";
import type { AuditActor } from "./audit.server.ts";
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

/** One form screen (events, craft fairs): its schema, list address, save functions and the spec's texts. */
export interface ContentFormScreen<S extends z.ZodType> {
  schema: S;
  fields: readonly string[];
  folder: StoreFolder;
  /** "/admin/events"; an item is edited at `${listPath}/edit/:id`. */
  listPath: string;
  texts: { created: string; updated: string; createFailed: string; updateFailed: string; loadFailed: string };
  create: (input: z.output<S>, image: string | null, actor: AuditActor, submissionId: string) => Promise<{ id: number; duplicate?: boolean }>;
  update: (id: number, input: z.output<S>, image: string | null | undefined, actor: AuditActor) => Promise<{ id: number } | null>;
}

/**
 * The action of a create/edit form: editors and administrators only; field errors come
 * back with the values (400, or 500 for an unexpected failure), a saved item goes back
 * to the list with the spec's toast, a repeated submission to the item it created.
 */
export async function contentFormAction<S extends z.ZodType>(args: GuardArgs & { params: { id?: string } }, screen: ContentFormScreen<S>) {
  const staff = await requireStaff(args, "editor");
  const actor = { userId: staff.user.id, email: staff.user.email, ip: args.context.get(requestInfoContext).ip };
  const id = args.params.id === undefined ? null : Number(args.params.id);
  const { listPath, texts } = screen;
  const outcome = await saveContentForm({
    request: args.request,
    schema: screen.schema,
    fields: screen.fields,
    folder: screen.folder,
    failure: id === null ? texts.createFailed : texts.updateFailed,
    save: (input, image, submissionId) =>
      id === null ? screen.create(input, image ?? null, actor, submissionId) : screen.update(id, input, image, actor),
  });
  switch (outcome.status) {
    case "invalid":
      return data(outcome, { status: outcome.formError ? 500 : 400 });
    case "not-found":
      return redirectWithToast(listPath, { type: "error", message: texts.loadFailed });
    case "duplicate":
      return redirectWithToast(`${listPath}/edit/${outcome.id}`, { type: "success", message: texts.created });
    case "saved":
      return redirectWithToast(listPath, { type: "success", message: id === null ? texts.created : texts.updated });
  }
}
