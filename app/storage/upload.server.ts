/**
 * The one reader of form bodies that may carry files (@remix-run/form-data-parser):
 * multipart bodies are streamed with limits on the number and size of files, the number
 * of parts and the total, so nothing unbounded is buffered; url-encoded bodies go through
 * the same limits. (The HTTP server has already refused bodies over the route's declared
 * limit with 413 before any of this runs: app/lib/body-limits.ts.)
 */
import { FORBIDDEN_CHARACTER_MESSAGE, fieldWithForbiddenCharacter } from "../lib/plain-text.ts";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { BODY_LIMITS } from "../lib/body-limits.ts";
import { MAX_IMAGE_BYTES } from "./file-types.ts";
import { IMAGE_TOO_LARGE } from "./images.server.ts";

export interface FormLimits {
  maxFiles: number;
  maxFileSize: number;
  maxParts: number;
  maxTotalSize: number;
}

export const FORM_LIMITS = {
  /** An admin form with one image and its fields. */
  imageForm: { maxFiles: 1, maxFileSize: MAX_IMAGE_BYTES, maxParts: 60, maxTotalSize: BODY_LIMITS.imageForm },
  /** The media library's upload: up to ten files of at most 10 MB each, 30 MB in all. */
  mediaUpload: { maxFiles: 10, maxFileSize: MAX_IMAGE_BYTES, maxParts: 20, maxTotalSize: BODY_LIMITS.mediaUpload },
  /**
   * A public form: a few attachments (the form's schema counts them and checks each one's
   * size, so people get a message on the field) within the route's body limit.
   */
  publicForm: { maxFiles: 10, maxFileSize: BODY_LIMITS.publicForm, maxParts: 200, maxTotalSize: BODY_LIMITS.publicForm },
} satisfies Record<string, FormLimits>;

export type FormRead = { ok: true; formData: FormData } | { ok: false; problem: "too-large" | "unreadable" | "control-character" };

/** Reads a form within `limits`; a body beyond them is "too-large", a malformed one "unreadable". */
export async function readForm(request: Request, limits: FormLimits): Promise<FormRead> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limits.maxTotalSize) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, problem: "too-large" };
  }
  if (!request.body) return { ok: true, formData: new FormData() };
  try {
    const formData = await parseFormData(request, limits);
    // A control character (a NUL byte...) in a text field: refused with a clear message, never stored.
    if (fieldWithForbiddenCharacter(formData) !== null) return { ok: false, problem: "control-character" };
    return { ok: true, formData };
  } catch (error) {
    if (
      error instanceof MaxFileSizeExceededError ||
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxFilesExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      return { ok: false, problem: "too-large" };
    }
    if (error instanceof FormDataParseError) return { ok: false, problem: "unreadable" };
    throw error;
  }
}

export type FormWithImage =
  | { ok: true; formData: FormData; image: Uint8Array | null; filename: string }
  | { ok: false; error: string };

export type FormWithFiles =
  | { ok: true; formData: FormData; files: { bytes: Uint8Array; filename: string }[] }
  | { ok: false; error: string };

/** Reads the media library's upload: every non-empty file in `field`, with its name. */
export async function readFormWithFiles(request: Request, field: string): Promise<FormWithFiles> {
  const read = await readForm(request, FORM_LIMITS.mediaUpload);
  if (!read.ok) {
    return { ok: false, error: read.problem === "too-large" ? MEDIA_UPLOAD_TOO_LARGE : read.problem === "control-character" ? FORBIDDEN_CHARACTER_MESSAGE : "The form could not be read. Please try again." };
  }
  const files: { bytes: Uint8Array; filename: string }[] = [];
  for (const file of read.formData.getAll(field)) {
    if (file instanceof File && file.size > 0) files.push({ bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name });
  }
  read.formData.delete(field);
  return { ok: true, formData: read.formData, files };
}

const MEDIA_UPLOAD_TOO_LARGE = "Upload at most ten files, each up to 10 MB and 30 MB in all.";

/** Reads an admin form that may carry one image (at most 10 MB) in `imageField`. */
export async function readFormWithImage(request: Request, imageField = "image"): Promise<FormWithImage> {
  const read = await readForm(request, FORM_LIMITS.imageForm);
  if (!read.ok) return { ok: false, error: read.problem === "too-large" ? IMAGE_TOO_LARGE : read.problem === "control-character" ? FORBIDDEN_CHARACTER_MESSAGE : "The form could not be read. Please try again." };
  const { formData } = read;
  const file = formData.get(imageField);
  formData.delete(imageField);
  const image = file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { ok: true, formData, image, filename: file instanceof File ? file.name : "" };
}
