/** The Community Fund's public page and the staff screens for its recipients (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [route("community-fund", "features/fund-recipients/community-fund-page.tsx")],
  staff: [
    route("fund-recipients", "features/fund-recipients/admin/fund-recipients.tsx"),
    route("fund-recipients/new", "features/fund-recipients/admin/fund-recipient-form.tsx", { id: "admin-fund-recipient-new" }),
    route("fund-recipients/edit/:id", "features/fund-recipients/admin/fund-recipient-form.tsx", { id: "admin-fund-recipient-edit" }),
  ],
} satisfies FeatureRoutes;
