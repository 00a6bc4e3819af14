import { data } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { replaceSettingsImage, SETTINGS_IMAGES, type SettingsImage } from "../settings.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { MediaRejectedError } from "../../media/index.ts";
import { readFormWithImage } from "../../../storage/upload.server.ts";
import type { Route } from "./+types/settings-images";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";

const LABELS: Record<SettingsImage, string> = { hero: "Hero image", about: "About image" };

/** POST /admin/settings/images: upload (intent=upload, file "image") or remove the hero or about image. */
/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const form = await readFormWithImage(args.request);
  if (!form.ok) return redirectWithToast("/admin/settings", { type: "error", message: `Image upload failed: ${form.error}` });
  const which = String(form.formData.get("which") ?? "");
  // An own property only: "__proto__", "constructor" and the like are no image.
  if (!Object.hasOwn(SETTINGS_IMAGES, which)) throw data("Unknown image", { status: 400 });
  const image = which as SettingsImage;
  if (form.formData.get("intent") === "remove") {
    await replaceSettingsImage(image, null, actor);
    return redirectWithToast("/admin/settings", { type: "success", message: `${LABELS[image]} removed` });
  }
  if (!form.image) {
    return redirectWithToast("/admin/settings", { type: "error", message: "Image upload failed: choose an image file first" });
  }
  try {
    await replaceSettingsImage(image, form.image, actor);
  } catch (error) {
    if (error instanceof MediaRejectedError) {
      return redirectWithToast("/admin/settings", { type: "error", message: `Image upload failed: ${error.message}` });
    }
    throw error;
  }
  return redirectWithToast("/admin/settings", { type: "success", message: `${LABELS[image]} uploaded` });
}

export function loader() {
  throw data("Not found", { status: 404 });
}
