/**
 * Giving: the public pages (the donation form on /support, the thank-you page after
 * Checkout, a monthly gift's own page) and the staff screens under the layout that checks
 * the `donations` permission (the ledger and its CSV, a donor, Gift Aid and its schedule).
 */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  public: [
    route("support", "features/giving/support-page.tsx"),
    route("support/thank-you", "features/giving/thank-you-page.tsx"),
    route("support/monthly/:token", "features/giving/monthly-gift-page.tsx"),
  ],
  donations: [
    route("donations", "features/giving/admin/donations.tsx"),
    route("donations/export.csv", "features/giving/admin/donations-export.ts"),
    route("donations/donor", "features/giving/admin/donor.tsx"),
    route("donations/gift-aid", "features/giving/admin/gift-aid.tsx"),
    route("donations/gift-aid/schedule.xlsx", "features/giving/admin/gift-aid-schedule.ts"),
  ],
} satisfies FeatureRoutes;
