/**
 * The server half of the media field (components/admin/media-field.tsx) on every staff
 * form with an image: the library images it offers, and what a submitted form chose,
 * with the alt text that goes with it (always the library item's):
 *
 *   media_id = <id>      an image already in the library
 *   media_id = "none"    no image
 *   image = <file>       a new upload (wins over media_id), described by media_alt /
 *                        media_decorative, stored into the library (in the form's
 *                        folder) once the form is valid
 */
import type { AuditActor } from "../audit/audit.server.ts";
import type { ImageChoice } from "./save-listing.server.ts";
import { deleteMedia, focalPosition, getMedia, getMediaByUrl, listMedia, MEDIA_NOT_FOUND, mediaAltProblem, uploadMedia } from "../../features/media/index.ts";
import type { StoreFolder } from "../../storage/file-store.server.ts";

const CHOICES = 24;
const NEEDS_ALT = "That image has no alt text yet. Describe it in the Media library (or mark it decorative there), or choose another.";

export interface MediaChoice {
  id: number;
  url: string;
  description: string;
  needsAlt: boolean;
  focal?: string;
}

const asChoice = (m: Awaited<ReturnType<typeof listMedia>>[number]): MediaChoice => ({
  id: m.id,
  url: m.url,
  // Its name as staff know it: the description, or the file's name (a decorative image has no description).
  description: m.decorative ? `${m.filename || "Image"} (decorative)` : m.alt || m.filename,
  needsAlt: mediaAltProblem(m) !== null,
  focal: focalPosition(m.focal_x, m.focal_y),
});

/** The field's offer: the newest library images, with the current one first when it is older. */
export async function mediaChoices(current: string | null): Promise<{ items: MediaChoice[]; currentId: number | null }> {
  const recent = await listMedia({ kind: "image", limit: CHOICES });
  const currentItem = current ? (recent.find((m) => m.url === current) ?? (await getMediaByUrl(current))) : null;
  const items = currentItem && !recent.some((m) => m.id === currentItem.id) ? [currentItem, ...recent] : recent;
  return { items: items.map(asChoice), currentId: currentItem?.id ?? null };
}

export type MediaFieldRead =
  | { ok: true; image: ImageChoice; alt: { alt: string; decorative: boolean } | null }
  | { ok: false; errors: Record<string, string> };

/** What the form chose (nothing is stored yet: an upload is stored by `image.store()`). */
export async function readMediaField(
  formData: FormData,
  upload: { bytes: Uint8Array; filename: string } | null,
  folder: StoreFolder,
  actor: AuditActor,
): Promise<MediaFieldRead> {
  if (upload) {
    const decorative = formData.get("media_decorative") === "on";
    const alt = decorative ? "" : String(formData.get("media_alt") ?? "").trim().slice(0, 200);
    // A missing description is refused by the form's own check (its words) or, for forms
    // without one, by uploadMedia (requireAlt), before anything is stored.
    const store = async () => {
      const item = await uploadMedia({ ...upload, alt, decorative }, actor, { requireAlt: true, folder, only: "image" });
      return { url: item.url, discard: () => deleteMedia(item.id, actor).catch(() => false) };
    };
    return { ok: true, image: { kind: "upload", store }, alt: { alt, decorative } };
  }
  const chosen = formData.get("media_id");
  if (chosen === null || chosen === "") return { ok: true, image: { kind: "keep" }, alt: null };
  if (chosen === "none") return { ok: true, image: { kind: "remove" }, alt: null };
  const item = typeof chosen === "string" && /^\d{1,10}$/.test(chosen) ? await getMedia(Number(chosen)) : null;
  if (!item || item.kind !== "image") return { ok: false, errors: { image: MEDIA_NOT_FOUND } };
  if (mediaAltProblem(item)) return { ok: false, errors: { image: NEEDS_ALT } };
  return { ok: true, image: { kind: "pick", url: item.url }, alt: { alt: item.alt, decorative: item.decorative } };
}
