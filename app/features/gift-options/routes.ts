/** The gift options screens that need a permission: administrators (`administrator`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  administrator: [
    route("settings/fees", "features/gift-options/admin/settings-fees.ts"),
  ],
} satisfies FeatureRoutes;
