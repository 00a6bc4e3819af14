/**
 * Responsive sizes for uploaded images. The upload pipeline (app/storage/images.server.ts)
 * stores every image as WebP at most 1600 px wide, with 800 and 400 px variants beside it
 * (`<name>.webp`, `<name>-800.webp`, `<name>-400.webp`), so a phone downloads the small one.
 */
const VARIANT_WIDTHS = [400, 800] as const;
const MAIN_WIDTH = 1600;

/** The srcset of an uploaded image, or undefined for anything else (SVG artwork, other URLs). */
export function uploadedImageSrcSet(src: string | null | undefined): string | undefined {
  if (!src || !/^\/uploads\/[\w/-]+\.webp$/.test(src)) return undefined;
  return [...VARIANT_WIDTHS.map((w) => `${src.replace(/\.webp$/, `-${w}.webp`)} ${w}w`), `${src} ${MAIN_WIDTH}w`].join(", ");
}
