/** The media library's staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [route("media", "features/media/admin/media.tsx"), route("media/:id", "features/media/admin/media-item.tsx")],
} satisfies FeatureRoutes;
