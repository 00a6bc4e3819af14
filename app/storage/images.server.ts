/**
 * Uploaded images: accepted by content (magic bytes: JPEG, PNG, WebP, GIF), never by
 * name or declared type; SVG, HTML and everything else are refused. Accepted images are
 * re-encoded with sharp to WebP (which also drops EXIF data such as GPS positions):
 *
 *   <folder>/<name>.webp      main image, at most 1600 px wide (the URL kept in the row)
 *   <folder>/<name>-800.webp  800 px wide variant   (for srcset)
 *   <folder>/<name>-400.webp  400 px wide variant
 *
 * Variants are never wider than the original. Nothing is left behind on failure.
 * sharp (libvips, a native library of some 10 MB) is loaded on the first upload, not at
 * start-up: most server processes never receive one.
 */
import { randomBytes } from "node:crypto";
import { logger } from "../lib/logger.server.ts";
import { keyFromPublicUrl, publicStore, publicUrl, type StoreFolder } from "./file-store.server.ts";
import { isImageType, MAX_IMAGE_BYTES, sniffFileType } from "./file-types.ts";
import { FILE_NOT_STORED } from "./store.ts";

const IMAGE_MAIN_WIDTH = 1600;
const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
/** Decompression-bomb guard: refuse images above this many pixels. */
const MAX_PIXELS = 60_000_000;

export const IMAGE_TOO_LARGE = "The image is larger than 10 MB. Please choose a smaller image.";
export const IMAGE_WRONG_TYPE = "Only JPEG, PNG, WebP or GIF images can be uploaded.";
const IMAGE_UNREADABLE = "The image could not be read. Please choose another image.";

export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** Checks and stores an uploaded image; returns the main image's public URL. */
export async function storeImage(folder: StoreFolder, bytes: Uint8Array): Promise<string> {
  return (await storeImageWithSize(folder, bytes)).url;
}

/** As storeImage, also giving the stored main image's size in pixels (for the media library). */
export async function storeImageWithSize(folder: StoreFolder, bytes: Uint8Array): Promise<{ url: string; width: number; height: number }> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE);
  const type = sniffFileType(bytes);
  if (!type || !isImageType(type)) throw new ImageRejectedError(IMAGE_WRONG_TYPE);

  const animated = type === "image/gif" || type === "image/webp";
  const { default: sharp } = await import("sharp");
  const input = () => sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: "error" });
  let width: number;
  let height: number;
  try {
    const meta = await input().metadata();
    if (!meta.width || !meta.height || meta.format === "svg") throw new Error("no dimensions");
    // EXIF orientations 5-8 are turned a quarter by rotate() below.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : (meta.pageHeight ?? meta.height);
  } catch {
    throw new ImageRejectedError(IMAGE_UNREADABLE);
  }

  const name = randomBytes(16).toString("base64url");
  const outputs: { key: string; width: number }[] = [
    { key: `${folder}/${name}.webp`, width: Math.min(width, IMAGE_MAIN_WIDTH) },
    ...IMAGE_VARIANT_WIDTHS.map((w) => ({ key: `${folder}/${name}-${w}.webp`, width: Math.min(width, w) })),
  ];
  const store = publicStore();
  const written: string[] = [];
  try {
    for (const output of outputs) {
      let data: Buffer;
      try {
        data = await input()
          .rotate()
          .resize({ width: output.width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
      } catch {
        throw new ImageRejectedError(IMAGE_UNREADABLE);
      }
      try {
        await store.put(output.key, data, "image/webp");
      } catch (error) {
        // The image was fine: the store refused it (read-only folder, full disk, bucket down).
        logger.error({ err: error, key: output.key }, "an uploaded image could not be stored");
        throw new ImageRejectedError(FILE_NOT_STORED);
      }
      written.push(output.key);
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.delete(key)));
    throw error;
  }
  const mainWidth = outputs[0].width;
  return { url: publicUrl(outputs[0].key), width: mainWidth, height: Math.round((height * mainWidth) / width) };
}

/** Deletes a stored image and its variants. URLs not in the store (built-in artwork) are left alone. */
export async function deleteImage(url: string | null | undefined) {
  if (!url) return;
  const store = publicStore();
  const key = keyFromPublicUrl(url);
  if (!key || !key.endsWith(".webp")) return;
  const keys = [key, ...IMAGE_VARIANT_WIDTHS.map((w) => key.replace(/\.webp$/, `-${w}.webp`))];
  await Promise.allSettled(keys.map((k) => store.delete(k)));
}
