/** The insights screens that need a permission: staff with the donations permission (`donations`), staff with the supporters permission (`supporters`). app/routes.ts puts each key under its layout. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "../../routes.ts";

export default {
  donations: [
    // Reports: money and events figures, the trustees' summary.
    route("reports", "features/insights/admin/reports.tsx"),
    route("reports/events", "features/insights/admin/events-report.tsx"),
    route("reports/export/:chart", "features/insights/admin/report-export.ts", { id: "admin-report-money-export" }),
    route("reports/events/export/:chart", "features/insights/admin/report-export.ts", { id: "admin-report-events-export" }),
    route("reports/trustees.pdf", "features/insights/admin/trustees-summary.ts"),
  ],
  supporters: [
    // Reports: supporters, volunteering and the website's visitors.
    route("reports/supporters", "features/insights/admin/supporters-report.tsx"),
    route("reports/website", "features/insights/admin/website-report.tsx"),
    route("reports/supporters/export/:chart", "features/insights/admin/report-export.ts", { id: "admin-report-supporters-export" }),
    route("reports/website/export/:chart", "features/insights/admin/report-export.ts", { id: "admin-report-website-export" }),
  ],
} satisfies FeatureRoutes;
