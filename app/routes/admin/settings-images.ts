import { data } from "react-router";
import { requireStaff } from "../../auth/guards.server.ts";
import { replaceSettingsImage, SETTINGS_IMAGES, type SettingsImage } from "../../domain/settings.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { ImageRejectedError } from "../../storage/images.server.ts";
import { readFormWithImage } from "../../storage/upload.server.ts";
import type { Route } from "./+types/settings-images";

const LABELS: Record<SettingsImage, string> = { hero: "Hero image", about: "About image" };

/** POST /admin/settings/images: upload (intent=upload, file "image") or remove the hero or about image. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "administrator");
  const { ip } = args.context.get(requestInfoContext);
  const actor = { userId: staff.user.id, email: staff.user.email, ip };
  const form = await readFormWithImage(args.request);
  if (!form.ok) return redirectWithToast("/admin/settings", { type: "error", message: `Image upload failed: ${form.error}` });
  const which = String(form.formData.get("which") ?? "");
  if (!(which in SETTINGS_IMAGES)) throw data("Unknown image", { status: 400 });
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
    if (error instanceof ImageRejectedError) {
      return redirectWithToast("/admin/settings", { type: "error", message: `Image upload failed: ${error.message}` });
    }
    throw error;
  }
  return redirectWithToast("/admin/settings", { type: "success", message: `${LABELS[image]} uploaded` });
}

export function loader() {
  throw data("Not found", { status: 404 });
}
