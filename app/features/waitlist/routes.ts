/** The waitlist screens that need a permission: staff who may read form submissions (`submissions`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  submissions: [
    route("events/:id/waitlist", "features/waitlist/admin/event-waitlist.tsx"),
  ],
} satisfies FeatureRoutes;
