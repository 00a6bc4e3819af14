/** What every report screen, CSV and the trustees' summary read from a request: the report, the period, its figures. */
import { periodFrom, type Period } from "../period.ts";
import { financialYearStart, report, type Report, type ReportName } from "../reports.server.ts";
import { ukDate } from "../../../lib/uk-time.ts";

/** The report a path names: /admin/reports (money), /admin/reports/events ... */
export function reportOf(url: URL): ReportName {
  const name = url.pathname.split("/")[3] ?? "";
  if (name === "events" || name === "supporters" || name === "website") return name;
  return "money";
}

export async function readReport(url: URL): Promise<{ name: ReportName; period: Period; startMonth: number; report: Report }> {
  const startMonth = await financialYearStart();
  const period = periodFrom(url.searchParams, ukDate(), startMonth);
  const name = reportOf(url);
  return { name, period, startMonth, report: await report(name, period) };
}
