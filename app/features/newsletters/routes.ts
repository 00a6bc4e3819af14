/** The newsletters screens that need a permission: staff with the supporters permission (`supporters`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  supporters: [
    route("newsletters", "features/newsletters/admin/newsletters.tsx"),
    route("newsletters/new", "features/newsletters/admin/newsletter-form.tsx", { id: "admin-newsletter-new" }),
    route("newsletters/:id/edit", "features/newsletters/admin/newsletter-form.tsx", { id: "admin-newsletter-edit" }),
    route("newsletters/:id/preview", "features/newsletters/admin/newsletter-preview.ts"),
    route("newsletters/:id", "features/newsletters/admin/newsletter.tsx"),
  ],
} satisfies FeatureRoutes;
