/** The craft fair gallery's staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [
    route("craft-fair-gallery", "features/craft-fair-gallery/admin/craft-fair-gallery.tsx"),
    route("craft-fair-gallery/new", "features/craft-fair-gallery/admin/gallery-image-form.tsx", { id: "admin-gallery-image-new" }),
    route("craft-fair-gallery/edit/:id", "features/craft-fair-gallery/admin/gallery-image-form.tsx", { id: "admin-gallery-image-edit" }),
  ],
} satisfies FeatureRoutes;
