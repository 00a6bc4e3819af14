/**
 * How large a request body a route accepts. Every request gets the default; a route that
 * takes uploads declares a larger limit in its handle, where it is defined:
 *
 *   export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };
 *
 * The HTTP server reads these declarations from the route table at start-up and answers
 * 413 before reading more than the limit (server/request-limits.ts). Browser-safe.
 */
import { MAX_IMAGE_BYTES } from "../storage/file-types.ts";

export const BODY_LIMITS = {
  /** Every request without a declaration. */
  default: 1024 * 1024,
  /** An admin form with one image (10 MB) and its fields. */
  imageForm: MAX_IMAGE_BYTES + 1024 * 1024,
  /** The media library's upload: several images or PDFs, 30 MB in all. */
  mediaUpload: 3 * MAX_IMAGE_BYTES + 1024 * 1024,
  /** A public form with up to five 5 MB photos and its fields. */
  publicForm: 27 * 1024 * 1024,
} as const;

export interface BodyLimitHandle {
  bodyLimit?: number;
}
