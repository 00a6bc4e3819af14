/**
 * The kinds of file the site accepts, recognised by their first bytes (never by name or
 * declared type), and the upload size limit. The one list of them: image uploads, public
 * form attachments, the file stores and the admin screens all read it. Browser-safe.
 */

/** The largest file one upload may carry (an admin image). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const PDF_TYPE = "application/pdf";

export type ImageType = (typeof IMAGE_TYPES)[number];
export type KnownFileType = ImageType | typeof PDF_TYPE;

/** The file name extension each known type is stored with. */
export const EXTENSIONS: Record<KnownFileType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
};

export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** What the first bytes of a file say it is; null for anything else (SVG, HTML, scripts...). */
export function sniffFileType(bytes: Uint8Array): KnownFileType | null {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  const ascii = (offset: number, text: string) =>
    bytes.length >= offset + text.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(0, "%PDF-")) return PDF_TYPE;
  return null;
}

/** The content type of a stored file from its key's extension (application/octet-stream for others). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const found = (Object.entries(EXTENSIONS) as [KnownFileType, string][]).find(([, e]) => e === ext);
  return found ? found[0] : "application/octet-stream";
}
