/** The awards: the public page (nominations, the ceremony, past winners) and the staff screens (the round, the winners), under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("awards", "features/awards/awards-page.tsx")],
  staff: [
    route("awards", "features/awards/admin/awards.tsx"),
    route("awards/winners/new", "features/awards/admin/award-winner-form.tsx", { id: "admin-award-winner-new" }),
    route("awards/winners/edit/:id", "features/awards/admin/award-winner-form.tsx", { id: "admin-award-winner-edit" }),
  ],
} satisfies FeatureRoutes;
