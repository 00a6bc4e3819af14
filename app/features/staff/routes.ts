/** The staff accounts' screens (who may sign in, their role and permissions, two-step sign-in for everyone), under the administrators' layout: app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  administrator: [
    route("users", "features/staff/admin/users.tsx"),
    route("users/security", "features/staff/admin/users-security.tsx"),
  ],
} satisfies FeatureRoutes;
