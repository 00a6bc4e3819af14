/** The contact details screen, under the admin layout (any staff member): app/routes.ts spreads it in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [route("contact", "features/contact/admin/contact.tsx")],
} satisfies FeatureRoutes;
