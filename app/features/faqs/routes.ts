/** The FAQ's staff screens, under the admin layout (any staff member): app/routes.ts spreads them in. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  staff: [
    route("faqs", "features/faqs/admin/faqs.tsx"),
    route("faqs/new", "features/faqs/admin/faq-form.tsx", { id: "admin-faq-new" }),
    route("faqs/edit/:id", "features/faqs/admin/faq-form.tsx", { id: "admin-faq-edit" }),
  ],
} satisfies FeatureRoutes;
