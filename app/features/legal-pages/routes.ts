/** The legal pages: the five public pages (each with its own route id) and the staff screens, under the admin layout (any staff member). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [
    route("privacy", "features/legal-pages/legal-page.tsx", { id: "legal-privacy" }),
    route("terms/volunteers", "features/legal-pages/legal-page.tsx", { id: "legal-volunteer-terms" }),
    route("terms/stallholders", "features/legal-pages/legal-page.tsx", { id: "legal-stallholder-terms" }),
    route("accessibility", "features/legal-pages/legal-page.tsx", { id: "legal-accessibility" }),
    route("cookies", "features/legal-pages/legal-page.tsx", { id: "legal-cookies" }),
  ],
  staff: [
    route("legal-pages", "features/legal-pages/admin/legal-pages.tsx"),
    route("legal-pages/:slug", "features/legal-pages/admin/legal-page-form.tsx"),
  ],
} satisfies FeatureRoutes;
