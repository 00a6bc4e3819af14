/** The supporters screens that need a permission: staff with the supporters permission (`supporters`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  supporters: [
    route("supporters", "features/supporters/admin/supporters.tsx"),
    route("supporters/export.csv", "features/supporters/admin/supporters-export.ts"),
    route("supporters/:id", "features/supporters/admin/supporter.tsx"),
  ],
} satisfies FeatureRoutes;
