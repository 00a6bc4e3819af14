/**
 * Reads a form that may carry one image: multipart bodies are streamed with limits (one
 * file, at most 10 MB, a few dozen fields), so nothing unbounded is buffered; other
 * bodies go through the same parser's limits.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "./images.server.ts";

export type FormWithImage =
  | { ok: true; formData: FormData; image: Uint8Array | null }
  | { ok: false; error: string };

export async function readFormWithImage(request: Request, imageField = "image"): Promise<FormWithImage> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_IMAGE_BYTES + 1024 * 1024) return { ok: false, error: IMAGE_TOO_LARGE };
  let formData: FormData;
  try {
    formData = await parseFormData(request, {
      maxFiles: 1,
      maxFileSize: MAX_IMAGE_BYTES,
      maxParts: 60,
      maxTotalSize: MAX_IMAGE_BYTES + 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, error: IMAGE_TOO_LARGE };
    }
    if (error instanceof FormDataParseError) return { ok: false, error: "The form could not be read. Please try again." };
    throw error;
  }
  const file = formData.get(imageField);
  formData.delete(imageField);
  const image = file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { ok: true, formData, image };
}
