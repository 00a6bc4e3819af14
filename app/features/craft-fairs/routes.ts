/** The craft fairs: the public page (fairs, stall applications, the gallery) and the staff list and form, under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("craft-fairs", "features/craft-fairs/craft-fairs-page.tsx")],
  staff: [
    route("craft-fairs", "features/craft-fairs/admin/craft-fairs.tsx"),
    route("craft-fairs/new", "features/craft-fairs/admin/craft-fair-form.tsx", { id: "admin-craft-fair-new" }),
    route("craft-fairs/edit/:id", "features/craft-fairs/admin/craft-fair-form.tsx", { id: "admin-craft-fair-edit" }),
  ],
} satisfies FeatureRoutes;
