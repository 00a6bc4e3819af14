/** GET /admin/reports/trustees.pdf: the trustees' summary for the period asked (donations permission; supporter and website figures only for staff who may see them). */
import { allows } from "../../../auth/access.ts";
import { currentStaff } from "../../../auth/guards.server.ts";
import { getSiteSettings } from "../../settings/index.ts";
import { periodFrom } from "../period.ts";
import { eventsReport, financialYearStart, moneyReport, supportersReport, websiteReport } from "../reports.server.ts";
import { cachedTrusteesSummaryPdf } from "../trustees-pdf.server.ts";
import type { Route } from "./+types/trustees-summary";
import { ukDate } from "../../../lib/uk-time.ts";

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const staff = currentStaff(args);
  const period = periodFrom(url.searchParams, ukDate(), await financialYearStart());
  const people = allows(staff, "supporters");
  const [money, events, supporters, website, settings] = await Promise.all([
    moneyReport(period),
    eventsReport(period),
    people ? supportersReport(period) : null,
    people ? websiteReport(period) : null,
    getSiteSettings(),
  ]);
  const sections = [
    { title: "Money", report: money },
    { title: "Events", report: events },
    ...(supporters ? [{ title: "Supporters and volunteering", report: supporters }] : []),
    ...(website ? [{ title: "Website", report: website }] : []),
  ];
  const chart = (id: string) => [money, events, supporters, website].flatMap((r) => r?.charts ?? []).find((c) => c.id === id);
  const charts = [chart("money-in"), chart("monthly-donors"), chart("gift-aid")].filter((c) => c !== undefined);
  const pdf = await cachedTrusteesSummaryPdf({ charityName: settings.site_name, period, sections, charts, madeOn: ukDate() });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="trustees-summary-${period.from}-to-${period.to}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
