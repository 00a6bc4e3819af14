/** The volunteer roles' staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [
    route("volunteer-roles", "features/volunteer-roles/admin/volunteer-roles.tsx"),
    route("volunteer-roles/new", "features/volunteer-roles/admin/volunteer-role-form.tsx", { id: "admin-volunteer-role-new" }),
    route("volunteer-roles/edit/:id", "features/volunteer-roles/admin/volunteer-role-form.tsx", { id: "admin-volunteer-role-edit" }),
  ],
} satisfies FeatureRoutes;
