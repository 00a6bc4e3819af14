/** The settings' screens (the charity's details, maintenance, images, giving), under the administrators' layout: app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  administrator: [
    route("settings", "features/settings/admin/settings.tsx"),
    route("settings/data", "features/settings/admin/settings-data.ts"),
    route("settings/images", "features/settings/admin/settings-images.ts"),
    route("settings/giving", "features/settings/admin/settings-giving.ts"),
  ],
} satisfies FeatureRoutes;
