/**
 * Images inside a news post's body: the editor's Image button posts one file here and
 * gets back its address in the site's store (the only images the body may show). The
 * same checks and variants as every upload.
 */
import { data } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { storeBodyImage } from "../news.server.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { ImageRejectedError } from "../../../storage/images.server.ts";
import { readFormWithImage } from "../../../storage/upload.server.ts";
import type { Route } from "./+types/news-image";

export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export async function loader() {
  return data({ error: "Post an image to upload it." }, { status: 405 });
}

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const read = await readFormWithImage(args.request);
  if (!read.ok) return data({ error: `Image upload failed: ${read.error}` }, { status: 400 });
  if (!read.image) return data({ error: "Choose an image to upload." }, { status: 400 });
  try {
    return { url: await storeBodyImage(read.image, actor) };
  } catch (error) {
    if (error instanceof ImageRejectedError) return data({ error: `Image upload failed: ${error.message}` }, { status: 400 });
    throw error;
  }
}
