/** The reports, their addresses and who may open each (browser-safe). */
import type { Access } from "../../../auth/access.ts";

export const REPORT_TABS: { name: string; to: string; label: string; access: Access }[] = [
  { name: "money", to: "/admin/reports", label: "Money", access: "donations" },
  { name: "events", to: "/admin/reports/events", label: "Events", access: "donations" },
  { name: "supporters", to: "/admin/reports/supporters", label: "Supporters", access: "supporters" },
  { name: "website", to: "/admin/reports/website", label: "Website", access: "supporters" },
];
