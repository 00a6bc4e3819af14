/** The trustees' public page and staff screens (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("trustees", "features/trustees/trustees-page.tsx")],
  staff: [
    route("trustees", "features/trustees/admin/trustees.tsx"),
    route("trustees/new", "features/trustees/admin/trustee-form.tsx", { id: "admin-trustee-new" }),
    route("trustees/edit/:id", "features/trustees/admin/trustee-form.tsx", { id: "admin-trustee-edit" }),
  ],
} satisfies FeatureRoutes;
