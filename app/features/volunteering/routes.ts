/** The volunteering screens that need a permission: staff who may read form submissions (`submissions`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  submissions: [
    // Volunteering's screens with volunteers' names and contacts.
    route("volunteering/rota", "features/volunteering/admin/rota.tsx"),
    route("volunteering/volunteers", "features/volunteering/admin/volunteers.tsx"),
    route("volunteering/hours", "features/volunteering/admin/hours.tsx"),
    route("volunteering/hours.csv", "features/volunteering/admin/hours-export.ts"),
  ],
} satisfies FeatureRoutes;
