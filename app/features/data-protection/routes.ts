/** The data protection screens that need a permission: staff with the data-protection permission (`data-protection`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  "data-protection": [
    route("data-protection/complaints", "features/data-protection/admin/complaints.tsx"),
    route("data-protection/complaints/:id", "features/data-protection/admin/complaint.tsx"),
    route("data-protection/requests", "features/data-protection/admin/requests.tsx"),
    route("data-protection/requests/:id", "features/data-protection/admin/request.tsx"),
  ],
} satisfies FeatureRoutes;
