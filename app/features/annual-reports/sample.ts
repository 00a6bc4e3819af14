/**
 * The built-in annual reports (files under public/reports): the rows a new site starts with
 * (written by the migration that made the table), and what /trustees shows when the
 * database cannot be read.
 */
export const ANNUAL_REPORTS = [
  { year: "2024", label: "Annual Report 2024", href: "/reports/annual-report-2024.pdf" },
  { year: "2023", label: "Annual Report 2023", href: "/reports/annual-report-2023.pdf" },
] as const;
