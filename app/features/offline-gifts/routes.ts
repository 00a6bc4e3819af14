/** The offline gifts screens that need a permission: staff with the donations permission (`donations`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  donations: [
    route("donations/offline", "features/offline-gifts/admin/offline.tsx"),
    route("donations/collections", "features/offline-gifts/admin/collections.tsx"),
    route("donations/small-donations", "features/offline-gifts/admin/small-donations.tsx"),
  ],
} satisfies FeatureRoutes;
