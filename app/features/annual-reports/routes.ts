/** The annual reports' staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [
    route("annual-reports", "features/annual-reports/admin/annual-reports.tsx"),
    route("annual-reports/new", "features/annual-reports/admin/annual-report-form.tsx", { id: "admin-annual-report-new" }),
    route("annual-reports/edit/:id", "features/annual-reports/admin/annual-report-form.tsx", { id: "admin-annual-report-edit" }),
  ],
} satisfies FeatureRoutes;
