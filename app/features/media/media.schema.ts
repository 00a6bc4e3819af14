/**
 * The media library's edit form (alt text, decorative, focal point), shared by the server
 * and the browser's inline checks, and the alt text rule every image in use must meet.
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { checkbox, tooLong } from "../../domain/listings/listing-fields.schema.ts";

export const MEDIA_ALT_REQUIRED = "Describe the image for people who cannot see it, or mark it as decorative";
const FOCAL_INVALID = "Enter a whole number from 0 to 100";

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, FOCAL_INVALID)
  .transform(Number)
  .refine((n) => n >= 0 && n <= 100, FOCAL_INVALID);

export const MediaEditSchema = z
  .object({
    alt: z.string().trim().max(200, tooLong(200)),
    decorative: checkbox,
    focal_x: percent,
    focal_y: percent,
  })
  .transform((form) => ({ ...form, alt: form.decorative ? "" : form.alt }));

export type MediaEditData = z.output<typeof MediaEditSchema>;
export const MEDIA_EDIT_FIELDS = ["alt", "decorative", "focal_x", "focal_y"] as const;

/** An image needs alt text unless it is decorative (a PDF has none). */
export function mediaAltProblem(item: { kind: string; alt: string; decorative: boolean }): string | null {
  return item.kind === "image" && !item.decorative && item.alt.trim() === "" ? MEDIA_ALT_REQUIRED : null;
}

/**
 * The CSS object-position of an image cropped around its focal point (percent from the
 * left and from the top); undefined for the centre, the browser's default.
 */
export function focalPosition(x: number, y: number): string | undefined {
  return x === 50 && y === 50 ? undefined : `${x}% ${y}%`;
}
