/**
 * PDF documents in the file store (annual reports). A file is stored only when its bytes
 * are a PDF (it starts with "%PDF-" and has an end-of-file marker), whatever its name or
 * declared type, under a random name ending in .pdf, so it is served as application/pdf
 * (server/app.ts sends PDFs as downloads, with nosniff).
 */
import { randomUUID } from "node:crypto";
import { keyFromPublicUrl, publicStore, publicUrl, type StoreFolder } from "./file-store.server.ts";
import { logger } from "../lib/logger.server.ts";
import { PDF_TYPE, sniffFileType } from "./file-types.ts";
import { FILE_NOT_STORED } from "./store.ts";

export class DocumentRejectedError extends Error {}

export const NOT_A_PDF = "The file is not a PDF. Please choose a PDF document.";

/** True when the bytes look like a whole PDF file: the sniffer's PDF start and an end-of-file marker. */
function isPdf(bytes: Uint8Array): boolean {
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  return sniffFileType(bytes) === PDF_TYPE && tail.includes("%%EOF");
}

/** Stores a PDF and returns its public URL; throws DocumentRejectedError for anything else. */
export async function storePdf(folder: StoreFolder, bytes: Uint8Array): Promise<string> {
  if (!isPdf(bytes)) throw new DocumentRejectedError(NOT_A_PDF);
  const key = `${folder}/${randomUUID()}.pdf`;
  try {
    await publicStore().put(key, bytes, PDF_TYPE);
  } catch (error) {
    logger.error({ err: error, key }, "an uploaded PDF could not be stored");
    throw new DocumentRejectedError(FILE_NOT_STORED);
  }
  return publicUrl(key);
}

/** Deletes a stored PDF; a URL outside the store (a built-in file) is left alone. */
export async function deletePdf(url: string | null | undefined) {
  if (!url) return;
  const key = keyFromPublicUrl(url);
  if (key?.endsWith(".pdf")) await publicStore().delete(key);
}
