/** The causes' public page and staff screens (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("causes", "features/causes/causes-page.tsx")],
  staff: [
    route("causes", "features/causes/admin/causes.tsx"),
    route("causes/new", "features/causes/admin/cause-form.tsx", { id: "admin-cause-new" }),
    route("causes/edit/:id", "features/causes/admin/cause-form.tsx", { id: "admin-cause-edit" }),
  ],
} satisfies FeatureRoutes;
