/** The sponsors' staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [
    route("sponsors", "features/sponsors/admin/sponsors.tsx"),
    route("sponsors/new", "features/sponsors/admin/sponsor-form.tsx", { id: "admin-sponsor-new" }),
    route("sponsors/edit/:id", "features/sponsors/admin/sponsor-form.tsx", { id: "admin-sponsor-edit" }),
  ],
} satisfies FeatureRoutes;
