/** The page texts' staff screens (the list of pages, one page's texts), under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [route("pages", "features/page-texts/admin/pages.tsx"), route("pages/:page", "features/page-texts/admin/page-texts.tsx")],
} satisfies FeatureRoutes;
